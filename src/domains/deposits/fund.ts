/**
 * What `POST /sandbox/internal-accounts/{id}/fund` records besides its `SandboxAccountFunded`
 * credit (the internal-accounts domain decides the request and calls these):
 *
 * - funding a customer's own account is an incoming payment that completed at once: an INCOMING
 *   CREDIT transaction (source REALTIME_FUNDING: the sandbox, depositor unknown), created
 *   PROCESSING and SETTLED in the same request, so the balance-change row's `transactionId`
 *   resolves and INCOMING_PAYMENT.PROCESSING then .COMPLETED are announced;
 * - funding a rule-based account credits the holder's own account at once (the rule-based account
 *   never holds a balance) and starts a sweep transaction (`ruleBasedAccountId`, source the
 *   rule-based account: the depositor is unknown) whose SWEEP step runs at the next advance.
 *
 * Platform accounts have no customer to own a transaction; their funding records none. Pure.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import { worldAccountId } from '../movement.js';
import type { DomainState } from '../state.js';
import { sweepDestination } from '../sweeps/destination.js';
import { holderAccountOf } from '../sweeps/holder.js';
import {
  decideCreateTransaction,
  planTransition,
  TRANSACTION_EVENTS,
  type TransactionCreated,
} from '../transactions/index.js';
import { INCOMING_EVENTS, type IncomingPaymentStarted } from './events.js';
import { fundedSweepPlan } from './plan.js';
import type { IncomingRecord } from './types.js';

/** What a funding needs: the new transaction's id, the credit's transfer id, the amount and the instant. */
export type FundingFacts = {
  readonly transactionId: string;
  readonly transferId: string;
  readonly amountMinor: bigint;
  readonly at: string;
};

/**
 * Pure: the transaction drafts of funding customer account `account` (its credit is the caller's
 * `SandboxAccountFunded`): created PROCESSING, then SETTLED to COMPLETED. Only for accounts with
 * a customer.
 */
export function fundingTransactionDrafts(state: DomainState, account: InternalAccount, facts: FundingFacts): Result<EventDraft[], ApiError> {
  assert(account.customerId !== undefined, `funding transaction for platform account ${account.id}`);
  const amount = { amountMinor: facts.amountMinor.toString(), currency: account.currency };
  const created = decideCreateTransaction(
    state,
    {
      id: facts.transactionId,
      type: 'INCOMING',
      direction: 'CREDIT',
      initialState: 'PROCESSING',
      source: { sourceType: 'REALTIME_FUNDING', currency: account.currency, customerId: account.customerId },
      destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: account.currency },
      customerId: account.customerId,
      description: 'Sandbox funding',
      sentAmount: amount,
      receivedAmount: amount,
      exchangeRate: '1',
      feesMinor: '0',
      fundingTransferIds: [facts.transferId],
    },
    { at: facts.at },
  );
  if (!created.ok) return created;
  // The transaction is not in state yet, so its settlement is planned on the record being created.
  const first = created.value[0];
  assert(first !== undefined, 'a created transaction is its first event');
  const transaction = (first.data as TransactionCreated).transaction;
  const settled = planTransition(state, transaction, 'SETTLED', {}, { at: facts.at });
  if (!settled.ok) return settled;
  return ok([...created.value, { type: TRANSACTION_EVENTS.transitioned, data: settled.value }]);
}

/**
 * Pure: funding rule-based account `account`: the holder's own USD account is credited from the
 * world at once, and a sweep transaction starts PROCESSING with its SWEEP step due now. 409
 * INVALID_STATE_TRANSITION when the holder no longer has an active account in the currency.
 */
export function decideRuleBasedFund(state: DomainState, account: InternalAccount, facts: FundingFacts): Result<EventDraft[], ApiError> {
  assert(account.type === 'RULE_BASED' && account.sweepRule !== undefined && account.customerId !== undefined, `${account.id} is not a rule-based account`);
  const holder = holderAccountOf(state, account.customerId, account.currency);
  if (holder === undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `The holder of ${account.id} has no active ${account.currency} account to receive the deposit`, { accountId: account.id }));
  }
  const amountMinor = facts.amountMinor.toString();
  const record: IncomingRecord = {
    transactionId: facts.transactionId,
    kind: 'FUND',
    customerId: account.customerId,
    accountId: account.id,
    creditAccountId: holder.id,
    ruleBasedAccountId: account.id,
    rail: 'SANDBOX',
    sendCurrency: account.currency,
    sendMinor: amountMinor,
    currency: account.currency,
    amountMinor,
    remaining: fundedSweepPlan(),
    nextDueAtMs: instantToMs(facts.at),
    returnState: 'NONE',
    createdAt: facts.at,
    updatedAt: facts.at,
  };
  const started: IncomingPaymentStarted = {
    record,
    transfers: [
      { id: facts.transferId, debitAccountId: worldAccountId(account.currency), creditAccountId: holder.id, amountMinor, transactionId: facts.transactionId },
    ],
  };
  const created = decideCreateTransaction(
    state,
    {
      id: facts.transactionId,
      type: 'INCOMING',
      direction: 'CREDIT',
      initialState: 'PROCESSING',
      // Spec: on a sweep, `source` is the depositing party when known, otherwise the rule-based account.
      source: { sourceType: 'ACCOUNT', accountId: account.id, currency: account.currency },
      destination: sweepDestination(state, account.sweepRule),
      customerId: account.customerId,
      ruleBasedAccountId: account.id,
      sentAmount: { amountMinor, currency: account.currency },
      ...(account.sweepRule.description === undefined ? {} : { description: account.sweepRule.description }),
    },
    { at: facts.at },
  );
  if (!created.ok) return created;
  return ok([{ type: INCOMING_EVENTS.started, data: started }, ...created.value]);
}
