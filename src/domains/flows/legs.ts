/**
 * The ledger legs of every money flow, as pure builders over a quote's amounts (docs/ledger.md):
 *
 * - collect(from): `from` pays the platform fee, the service (rail) fee, and the net amount
 *   (send − fees) to the sending currency's liquidity account;
 * - deliver(to): the receiving currency's liquidity account pays the received amount to `to`;
 * - uncollect / undeliver: the exact reverse legs (a refund returns precisely what was taken);
 * - move: one plain leg (world ↔ transit, transit → destination).
 *
 * Legs become `TransferRecord`s with fresh ids; zero-amount legs are dropped (a transfer moves a
 * positive amount). Also the pre-emit check that a batch leaves no no-overdraft account short.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import type { Ledger } from '../../ledger/index.js';
import type { TransferRecord } from '../movement.js';
import type { Quote } from '../quotes/types.js';
import { flowAccountSpec, liquidityAccountId, platformFeeAccountId, serviceFeeAccountId } from './ledger-accounts.js';

/** A quote's amounts as bigints: what the source pays, the fees, the net converted, what arrives. */
export type FlowAmounts = {
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  readonly sendMinor: bigint;
  readonly platformFeeMinor: bigint;
  readonly serviceFeeMinor: bigint;
  /** send − platform fee − service fee: what converts at the quoted rate. */
  readonly netMinor: bigint;
  readonly receiveMinor: bigint;
};

/** The amounts of `quote`. Pure. */
export function flowAmountsOf(quote: Quote): FlowAmounts {
  const sendMinor = BigInt(quote.totalSendingAmountMinor);
  const platformFeeMinor = BigInt(quote.platformFeesIncludedMinor);
  const serviceFeeMinor = BigInt(quote.railFeesIncludedMinor);
  return {
    sendingCurrency: quote.sendingCurrency,
    receivingCurrency: quote.receivingCurrency,
    sendMinor,
    platformFeeMinor,
    serviceFeeMinor,
    netMinor: sendMinor - platformFeeMinor - serviceFeeMinor,
    receiveMinor: BigInt(quote.totalReceivingAmountMinor),
  };
}

/** One debit/credit line of a flow. */
export type Leg = { readonly debit: string; readonly credit: string; readonly currency: CurrencyCode; readonly amountMinor: bigint };

/** One leg from `debit` to `credit`. Pure. */
export function move(debit: string, credit: string, currency: CurrencyCode, amountMinor: bigint): Leg {
  return { debit, credit, currency, amountMinor };
}

/** `from` pays the fees and the net amount in the sending currency. Pure. */
export function collectLegs(from: string, a: FlowAmounts): Leg[] {
  const c = a.sendingCurrency;
  return [
    move(from, platformFeeAccountId(c), c, a.platformFeeMinor),
    move(from, serviceFeeAccountId(c), c, a.serviceFeeMinor),
    move(from, liquidityAccountId(c), c, a.netMinor),
  ];
}

/** The reverse of `collectLegs`: fees and net go back to `to`. Pure. */
export function uncollectLegs(to: string, a: FlowAmounts): Leg[] {
  return collectLegs(to, a).map(reverse);
}

/** The receiving currency's liquidity pays the received amount to `to`. Pure. */
export function deliverLegs(to: string, a: FlowAmounts): Leg[] {
  return [move(liquidityAccountId(a.receivingCurrency), to, a.receivingCurrency, a.receiveMinor)];
}

/** The reverse of `deliverLegs`: the received amount goes back from `from` to liquidity. Pure. */
export function undeliverLegs(from: string, a: FlowAmounts): Leg[] {
  return deliverLegs(from, a).map(reverse);
}

function reverse(leg: Leg): Leg {
  return { debit: leg.credit, credit: leg.debit, currency: leg.currency, amountMinor: leg.amountMinor };
}

/** The accounts the non-zero `legs` touch, in order of first use (for `openFlowAccounts`). Pure. */
export function accountsOf(legs: readonly Leg[]): { id: string; currency: CurrencyCode }[] {
  return legs.filter((leg) => leg.amountMinor > 0n).flatMap((leg) => [
    { id: leg.debit, currency: leg.currency },
    { id: leg.credit, currency: leg.currency },
  ]);
}

/** Legs as transfers of `transactionId`, each with a new id; zero amounts dropped. Pure apart from minting ids. */
export function toTransfers(legs: readonly Leg[], transactionId: string, newId: (type: string) => string): TransferRecord[] {
  return legs
    .filter((leg) => leg.amountMinor > 0n)
    .map((leg) => ({
      id: newId('Transfer'),
      debitAccountId: leg.debit,
      creditAccountId: leg.credit,
      amountMinor: leg.amountMinor.toString(),
      transactionId,
    }));
}

/**
 * 400 INSUFFICIENT_FUNDS for the first leg that would debit a no-overdraft account beyond what it
 * has available (pending debits count; credits earlier in the batch help), else undefined.
 * Accounts not open yet count as empty, with the flags they will be opened with. Pure.
 */
export function shortfall(ledger: Ledger, legs: readonly Leg[]): ApiError | undefined {
  const delta = new Map<string, bigint>();
  for (const leg of legs) {
    if (leg.amountMinor <= 0n) continue;
    const account = ledger.account(leg.debit);
    const limited = account === undefined ? flowAccountSpec(leg.debit, leg.currency).debitsMustNotExceedCredits === true : account.flags.debitsMustNotExceedCredits;
    const base = account === undefined ? 0n : account.creditsPosted - account.debitsPosted - account.debitsPending;
    const available = base + (delta.get(leg.debit) ?? 0n);
    if (limited && leg.amountMinor > available) {
      return apiError('INSUFFICIENT_FUNDS', `Account ${leg.debit} has ${available} available, ${leg.amountMinor} needed`, {
        accountId: leg.debit,
        availableAmount: available.toString(),
        requiredAmount: leg.amountMinor.toString(),
      });
    }
    delta.set(leg.debit, (delta.get(leg.debit) ?? 0n) - leg.amountMinor);
    delta.set(leg.credit, (delta.get(leg.credit) ?? 0n) + leg.amountMinor);
  }
  return undefined;
}
