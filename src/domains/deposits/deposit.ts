/**
 * `POST /sandbox/internal-accounts/{accountId}/deposit`: a bank deposit from outside (ACH by
 * default) into a customer's account, as the sandbox's operator simulates it. Checks in a fixed
 * order: 404 ACCOUNT_NOT_FOUND; 409 INVALID_STATE_TRANSITION for an account that is not ACTIVE;
 * 400 INVALID_INPUT for a platform-owned account (a deposit is a customer's incoming payment);
 * 400 INVALID_CURRENCY for a non-USD account (the rails are USD rails); 409 for a rule-based
 * account whose holder has no active USD account.
 *
 * The INCOMING CREDIT transaction starts PENDING with source REALTIME_FUNDING (the depositor, with
 * the rail's railDetails PENDING and a sandbox originator); its steps follow at each advance:
 * RECEIVE (world -> transit, PROCESSING), SETTLE (transit -> the account, COMPLETED, rail SETTLED)
 * and, into a rule-based account, SWEEP. Pure.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { sweepDestination } from '../sweeps/destination.js';
import { holderAccountOf } from '../sweeps/holder.js';
import { type BankAccountDetails, decideCreateTransaction, newRailDetails } from '../transactions/index.js';
import { INCOMING_EVENTS, type IncomingPaymentStarted } from './events.js';
import { type DepositRail, depositPlan } from './plan.js';
import type { IncomingRecord } from './types.js';

/** The originating bank account every sandbox deposit shows (railDetails.bankAccount). */
export const SANDBOX_ORIGINATOR: BankAccountDetails = Object.freeze({
  accountHolderName: 'Sandbox Depositor',
  accountNumber: '000123456789',
  bankName: 'Sandbox Originating Bank',
  routingNumber: '091000019',
});

/** What a deposit needs besides state. */
export type DepositCommand = {
  readonly accountId: string;
  readonly amountMinor: bigint;
  readonly rail: DepositRail;
  readonly transactionId: string;
  readonly at: string;
};

/** Pure: the events of a new sandbox deposit, or the first reason it cannot be made. */
export function decideSandboxDeposit(state: DomainState, command: DepositCommand): Result<EventDraft[], ApiError> {
  const account = state.accounts.byId.get(command.accountId);
  if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${command.accountId} not found`));
  if (account.status !== 'ACTIVE') {
    return err(apiError('INVALID_STATE_TRANSITION', `Internal account ${account.id} is ${account.status}`, { accountId: account.id }));
  }
  const customerId = account.customerId;
  if (customerId === undefined) return err(invalidInput([{ field: 'accountId', message: 'A deposit is a customer’s incoming payment; platform accounts are funded with /fund' }]));
  if (account.currency !== 'USD') {
    return err(apiError('INVALID_CURRENCY', `${command.rail} deposits are in USD; account ${account.id} holds ${account.currency}`, { currency: account.currency }));
  }
  const rule = account.type === 'RULE_BASED' ? account.sweepRule : undefined;
  const credited = rule === undefined ? account : holderAccountOf(state, customerId, account.currency);
  if (credited === undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `The holder of ${account.id} has no active ${account.currency} account to receive the deposit`, { accountId: account.id }));
  }
  const amountMinor = command.amountMinor.toString();
  const amount = { amountMinor, currency: account.currency };
  const id = command.transactionId;
  const record: IncomingRecord = {
    transactionId: id,
    kind: 'DEPOSIT',
    customerId,
    accountId: account.id,
    creditAccountId: credited.id,
    ...(rule === undefined ? {} : { ruleBasedAccountId: account.id }),
    rail: command.rail,
    sendCurrency: account.currency,
    sendMinor: amountMinor,
    currency: account.currency,
    amountMinor,
    remaining: depositPlan(command.rail, rule !== undefined),
    nextDueAtMs: instantToMs(command.at),
    returnState: 'NONE',
    createdAt: command.at,
    updatedAt: command.at,
  };
  const created = decideCreateTransaction(
    state,
    {
      id,
      type: 'INCOMING',
      direction: 'CREDIT',
      initialState: 'PENDING',
      source: {
        sourceType: 'REALTIME_FUNDING',
        currency: account.currency,
        customerId,
        railDetails: newRailDetails(command.rail, id, 'source', { at: command.at, bankAccount: SANDBOX_ORIGINATOR }),
      },
      // A rule-based deposit is a sweep: its destination is the rule's (spec: ruleBasedAccountId).
      destination: rule === undefined ? { destinationType: 'ACCOUNT', accountId: account.id, currency: account.currency } : sweepDestination(state, rule),
      customerId,
      sentAmount: amount,
      ...(rule === undefined
        ? { receivedAmount: amount, exchangeRate: '1', feesMinor: '0' }
        : { ruleBasedAccountId: account.id, ...(rule.description === undefined ? {} : { description: rule.description }) }),
    },
    { at: command.at },
  );
  if (!created.ok) return created;
  const started: IncomingPaymentStarted = { record };
  return ok([{ type: INCOMING_EVENTS.started, data: started }, ...created.value]);
}
