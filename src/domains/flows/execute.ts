/**
 * Executing a quote: the checks that must hold at the instant of execution (429
 * DAILY_VOLUME_LIMIT_EXCEEDED, 400 INSUFFICIENT_FUNDS, checked with the ledger before anything is
 * emitted), then the events: flow accounts opened, `QuoteExecuted` carrying the money that moves
 * now and the sandbox plan of what follows, and the transaction's own event (created PROCESSING,
 * or a waiting one moved on). The source is debited when the quote executes (DECISIONS.md).
 *
 * - PAYOUT: source → fees + liquidity:<SRC>; liquidity:<DST> → transit:<RAIL>:<DST>.
 * - PULL: world:<SRC> → transit:<RAIL>:<SRC> (nothing when the source bank declines at once).
 * - REALTIME_FUNDING (when the funds arrive, `POST /sandbox/send`): world → transit.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { externalAccountById, externalAccountSandboxSuffix } from '../external-accounts/read.js';
import type { ExternalAccount } from '../external-accounts/types.js';
import { checkDailyVolume, utcDayOf } from '../pricing/limits.js';
import { QUOTE_EVENTS, type QuoteExecuted } from '../quotes/events.js';
import { dailyVolumeKey } from '../quotes/store.js';
import { type Quote, quoteTransactionId } from '../quotes/types.js';
import { destinationSuffixRow, fundingSuffixRow, sourceSuffixBehaviour } from '../../sandbox/external-accounts.js';
import type { DomainState } from '../state.js';
import {
  type CreateTransactionInput,
  decideCreateTransaction,
  decideTransition,
  newRailDetails,
  DETAILED_RAILS,
  type RailDetails,
  type TransactionDestination,
} from '../transactions/index.js';
import { accountsOf, collectLegs, deliverLegs, flowAmountsOf, type Leg, move, shortfall, toTransfers } from './legs.js';
import { openFlowAccounts, transitAccountId, worldAccountId } from './ledger-accounts.js';
import { externalPayoutPlan, internalPayoutPlan, type PlannedStep, pullPlan, pullStartsInTransit, realtimeFundingPlan, umaPayoutPlan } from './plan.js';

/** What execution needs besides state: the instant and an id minter. */
export type FlowContext = { readonly at: string; readonly atMs: number; readonly newId: (type: string) => string };

/** The ONCHAIN network of a wallet type (railDetails need one). */
/** The reference's CryptoNetwork of each on-chain wallet type (issue 12 added Polygon, Tron and Plasma wallets). */
const NETWORK_BY_WALLET: Readonly<Record<string, string>> = {
  SOLANA_WALLET: 'SOLANA',
  ETHEREUM_WALLET: 'ETHEREUM',
  BASE_WALLET: 'BASE',
  POLYGON_WALLET: 'POLYGON',
  TRON_WALLET: 'TRON',
  PLASMA_WALLET: 'PLASMA',
};

/** railDetails for the external side of a flow when its rail has a variant (ACH, WIRE, RTP, FEDNOW, ONCHAIN). Pure. */
export function railDetailsFor(
  rail: string,
  account: ExternalAccount | undefined,
  transactionId: string,
  side: 'source' | 'destination',
  at: string,
  remittanceInformation: string | undefined,
): RailDetails | undefined {
  if (!(DETAILED_RAILS as readonly string[]).includes(rail)) return undefined;
  const info = account?.accountInfo;
  const bankAccount =
    info?.accountType === 'USD_ACCOUNT'
      ? {
          accountNumber: info.accountNumber,
          routingNumber: info.routingNumber,
          ...(info.bankName === undefined ? {} : { bankName: info.bankName }),
          accountHolderName: info.beneficiary.beneficiaryType === 'INDIVIDUAL' ? info.beneficiary.fullName : info.beneficiary.legalName,
        }
      : undefined;
  const network = info === undefined ? undefined : NETWORK_BY_WALLET[info.accountType];
  if (rail === 'ONCHAIN' && network === undefined) return undefined;
  return newRailDetails(rail as (typeof DETAILED_RAILS)[number], transactionId, side, {
    at,
    ...(remittanceInformation === undefined ? {} : { remittanceInformation }),
    ...(bankAccount === undefined ? {} : { bankAccount }),
    ...(network === undefined ? {} : { network }),
  });
}

/** The customer's executed volume in the quote's sending currency on the UTC day of `atMs`. */
export function volumeOf(state: DomainState, quote: Quote, atMs: number): { key: string; usedMinor: bigint } {
  const key = dailyVolumeKey(quote.customerId, quote.sendingCurrency, utcDayOf(atMs).startMs);
  return { key, usedMinor: state.quotes.dailyVolume.get(key) ?? 0n };
}

/** The plan of `quote`'s flow if executed at `atMs`, from the sandbox tables. Pure. */
export function planOf(state: DomainState, quote: Quote, atMs: number): PlannedStep[] {
  switch (quote.kind) {
    case 'PAYOUT': {
      const destination = quote.destination;
      if (destination.destinationType === 'UMA_ADDRESS') return umaPayoutPlan(destination.umaAddress, atMs);
      if (destination.accountKind === 'INTERNAL') return internalPayoutPlan(atMs);
      const account = externalAccountById(state, destination.accountId);
      assert(account !== undefined, `quote ${quote.id}: destination ${destination.accountId} vanished`);
      return externalPayoutPlan(destinationSuffixRow(externalAccountSandboxSuffix(account)), atMs);
    }
    case 'PULL': {
      assert(quote.source.sourceType === 'ACCOUNT', 'a pull has an account source');
      const account = externalAccountById(state, quote.source.accountId);
      assert(account !== undefined, `quote ${quote.id}: source ${quote.source.accountId} vanished`);
      const suffix = externalAccountSandboxSuffix(account);
      const returning = sourceSuffixBehaviour(suffix, { creditsEmbeddedWallet: false });
      return pullPlan(fundingSuffixRow(suffix), returning.behaviour === 'COMPLETES_THEN_RETURNED' ? returning.returnAfterMs : undefined, atMs);
    }
    case 'REALTIME_FUNDING':
      return realtimeFundingPlan(atMs);
  }
}

/** The legs that move when `quote` executes (or, for real-time funding, when its funds arrive). Pure. */
export function executionLegs(quote: Quote, steps: readonly PlannedStep[]): Leg[] {
  const amounts = flowAmountsOf(quote);
  switch (quote.kind) {
    case 'PAYOUT': {
      assert(quote.source.sourceType === 'ACCOUNT', 'a payout has an account source');
      return [...collectLegs(quote.source.accountId, amounts), ...deliverLegs(transitAccountId(quote.rail, quote.receivingCurrency), amounts)];
    }
    case 'PULL':
      if (!pullStartsInTransit(steps)) return [];
      return [move(worldAccountId(quote.sendingCurrency), transitAccountId(quote.rail, quote.sendingCurrency), quote.sendingCurrency, amounts.sendMinor)];
    case 'REALTIME_FUNDING':
      return [move(worldAccountId(quote.sendingCurrency), transitAccountId(quote.rail, quote.sendingCurrency), quote.sendingCurrency, amounts.sendMinor)];
  }
}

/** The transaction of a quote as the transactions domain records it (without status). Pure. */
export function transactionInputOf(quote: Quote, transactionId: string): Omit<CreateTransactionInput, 'initialState'> {
  const destination: TransactionDestination =
    quote.destination.destinationType === 'ACCOUNT'
      ? { destinationType: 'ACCOUNT', accountId: quote.destination.accountId, currency: quote.destination.currency }
      : { destinationType: 'UMA_ADDRESS', umaAddress: quote.destination.umaAddress, currency: quote.destination.currency };
  const source: CreateTransactionInput['source'] =
    quote.source.sourceType === 'ACCOUNT'
      ? { sourceType: 'ACCOUNT', accountId: quote.source.accountId, currency: quote.source.currency }
      : { sourceType: 'REALTIME_FUNDING', currency: quote.source.currency, customerId: quote.source.customerId };
  return {
    id: transactionId,
    type: quote.kind === 'PAYOUT' ? 'OUTGOING' : 'INCOMING',
    // Spec: an inbound pull is INCOMING with direction DEBIT; money pushed in is CREDIT.
    direction: quote.kind === 'REALTIME_FUNDING' ? 'CREDIT' : 'DEBIT',
    source,
    destination,
    customerId: quote.customerId,
    ...(quote.description === undefined ? {} : { description: quote.description }),
    sentAmount: { amountMinor: quote.totalSendingAmountMinor, currency: quote.sendingCurrency },
    receivedAmount: { amountMinor: quote.totalReceivingAmountMinor, currency: quote.receivingCurrency },
    exchangeRate: quote.exchangeRate,
    feesMinor: quote.feesIncludedMinor,
    quoteId: quote.id,
  };
}

/** The external side's rail details at execution, for the transaction. */
function executionRailDetails(state: DomainState, quote: Quote, transactionId: string, at: string): { side: 'source' | 'destination'; details: RailDetails } | undefined {
  if (quote.kind === 'PAYOUT' && quote.destination.destinationType === 'ACCOUNT' && quote.destination.accountKind === 'EXTERNAL') {
    const details = railDetailsFor(quote.rail, externalAccountById(state, quote.destination.accountId), transactionId, 'destination', at, quote.remittanceInformation);
    return details === undefined ? undefined : { side: 'destination', details };
  }
  if (quote.source.sourceType === 'ACCOUNT' && quote.source.accountKind === 'EXTERNAL') {
    const details = railDetailsFor(quote.rail, externalAccountById(state, quote.source.accountId), transactionId, 'source', at, quote.remittanceInformation);
    return details === undefined ? undefined : { side: 'source', details };
  }
  if (quote.kind === 'REALTIME_FUNDING') {
    const details = railDetailsFor(quote.rail, undefined, transactionId, 'source', at, quote.remittanceInformation);
    return details === undefined ? undefined : { side: 'source', details };
  }
  return undefined;
}

/**
 * Pure: the events that execute `quote` now, or why it cannot execute: 429
 * DAILY_VOLUME_LIMIT_EXCEEDED, 400 INSUFFICIENT_FUNDS (the source's available balance). The quote
 * may not be in `state` yet (immediatelyExecute writes it in the same request); a transaction
 * already waiting for it (SCA) is moved on, otherwise one is created. The caller checked the
 * quote's own state and expiry.
 */
export function decideExecution(state: DomainState, quote: Quote, context: FlowContext, authorizedAt?: string): Result<EventDraft[], ApiError> {
  const gone = deletedExternalAccount(state, quote);
  if (gone !== undefined) {
    return err(apiError('ACCOUNT_NOT_FOUND', `External account ${gone} of quote ${quote.id} no longer exists`, { quoteId: quote.id, accountId: gone }));
  }
  const volume = volumeOf(state, quote, context.atMs);
  const sendMinor = BigInt(quote.totalSendingAmountMinor);
  const withinVolume = checkDailyVolume(state.config.current, quote.sendingCurrency, volume.usedMinor, sendMinor);
  if (!withinVolume.ok) return withinVolume;
  const steps = planOf(state, quote, context.atMs);
  const legs = executionLegs(quote, steps);
  const short = shortfall(state.ledger, legs);
  if (short !== undefined) return err(short);
  const waiting = quote.transactionId === undefined ? undefined : state.transactions.byId.get(quote.transactionId);
  const transactionId = waiting?.id ?? quoteTransactionId(quote.id);
  const transfers = toTransfers(legs, transactionId, context.newId);
  const executed: QuoteExecuted = {
    quoteId: quote.id,
    transactionId,
    executedAt: context.at,
    ...(authorizedAt === undefined ? {} : { authorizedAt }),
    steps,
    volume: { key: volume.key, amountMinor: quote.totalSendingAmountMinor },
    ...(transfers.length === 0 ? {} : { transfers }),
  };
  const rail = executionRailDetails(state, quote, transactionId, context.at);
  const railChanges =
    rail === undefined ? {} : rail.side === 'source' ? { sourceRailDetails: rail.details } : { destinationRailDetails: rail.details };
  const fundingTransferIds = transfers.map((transfer) => transfer.id);
  let transactionDrafts: Result<EventDraft[], ApiError>;
  if (waiting !== undefined) {
    const event = waiting.status === 'PENDING_AUTHORIZATION' ? 'SCA_COMPLETED' : 'FUNDED';
    transactionDrafts = decideTransition(
      state,
      waiting.id,
      event,
      { ...railChanges, ...(fundingTransferIds.length === 0 ? {} : { fundingTransferIds }) },
      { at: context.at },
    );
  } else {
    const base = transactionInputOf(quote, transactionId);
    const started = pullStartsInTransit(steps) || quote.kind !== 'PULL';
    const input: CreateTransactionInput = {
      ...base,
      initialState: started ? 'PROCESSING' : 'PENDING',
      ...(rail === undefined || !started
        ? {}
        : rail.side === 'source'
          ? { source: { ...base.source, railDetails: rail.details } as CreateTransactionInput['source'] }
          : { destination: { ...base.destination, railDetails: rail.details } as TransactionDestination }),
      ...(fundingTransferIds.length === 0 ? {} : { fundingTransferIds }),
    };
    transactionDrafts = decideCreateTransaction(state, input, { at: context.at });
  }
  if (!transactionDrafts.ok) return transactionDrafts;
  return ok([...openFlowAccounts(state.ledger, accountsOf(legs)), { type: QUOTE_EVENTS.executed, data: executed }, ...transactionDrafts.value]);
}

/**
 * Pure: the transaction a quote creates before it executes, waiting in `initialState`
 * (PENDING_AUTHORIZATION for an immediatelyExecute payout awaiting SCA; PENDING for real-time
 * funding awaiting the payer).
 */
export function decideWaitingTransaction(
  state: DomainState,
  quote: Quote,
  transactionId: string,
  initialState: 'PENDING' | 'PENDING_AUTHORIZATION',
  context: FlowContext,
): Result<EventDraft[], ApiError> {
  return decideCreateTransaction(state, { ...transactionInputOf(quote, transactionId), initialState }, { at: context.at });
}

/**
 * The external account a quote pays to or pulls from, when it was deleted after the quote was
 * made (nothing stops a DELETE then; found by the wire fuzzer, test/fuzz/found.test.ts). Pure.
 */
function deletedExternalAccount(state: DomainState, quote: Quote): string | undefined {
  const ends = [quote.destination, quote.source];
  for (const end of ends) {
    if (!('accountId' in end) || end.accountKind !== 'EXTERNAL') continue;
    if (externalAccountById(state, end.accountId) === undefined) return end.accountId;
  }
  return undefined;
}

/** 409 for a quote that cannot execute in its state (the caller's message). */
export function notExecutable(quote: Quote, reason: string): ApiError {
  return apiError('INVALID_STATE_TRANSITION', reason, { quoteId: quote.id });
}
