/**
 * Decides `POST /sandbox/internal-accounts/{id}/fund`: validates everything before anything is
 * credited, then emits one event whose transfer moves the amount from the world account. A
 * customer's account also gets the INCOMING transaction of the funding (COMPLETED), and a
 * rule-based account's funding is a deposit that is swept (fund.ts). Here, with the deposits it
 * makes, so the internal-accounts slice imports no flow that reads it (test/architecture).
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { worldAccountId } from '../movement.js';
import type { DomainState } from '../state.js';
import { ACCOUNT_EVENTS, type SandboxAccountFunded } from '../internal-accounts/events.js';
import { decideRuleBasedFund, fundingTransactionDrafts } from './fund.js';

/** The largest single sandbox funding, in minor units (DECISIONS.md). */
export const SANDBOX_FUND_MAX_MINOR = 100_000_000_000n;

/** What the fund command needs. */
export type FundCommand = {
  readonly accountId: string;
  readonly amountMinor: bigint;
  readonly transactionId: string;
  readonly transferId: string;
  /** The instant of the request (the transaction's times). */
  readonly at: string;
};

/** Pure: the event that funds the account, or why it cannot be funded. */
export function decideSandboxFund(state: DomainState, command: FundCommand): Result<EventDraft[], ApiError> {
  const account = state.accounts.byId.get(command.accountId);
  if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${command.accountId} not found`));
  if (account.status !== 'ACTIVE') {
    return err(apiError('INVALID_STATE_TRANSITION', `Internal account ${command.accountId} is ${account.status}`));
  }
  // A rule-based account never holds a balance: the deposit goes to the holder's account and is swept.
  if (account.type === 'RULE_BASED') return decideRuleBasedFund(state, account, command);
  const data: SandboxAccountFunded = {
    accountId: account.id,
    transactionId: command.transactionId,
    transfers: [
      {
        id: command.transferId,
        debitAccountId: worldAccountId(account.currency),
        creditAccountId: account.id,
        amountMinor: command.amountMinor.toString(),
        transactionId: command.transactionId,
      },
    ],
  };
  const funded: EventDraft = { type: ACCOUNT_EVENTS.sandboxFunded, data };
  if (account.customerId === undefined) return ok([funded]);
  const transaction = fundingTransactionDrafts(state, account, command);
  if (!transaction.ok) return transaction;
  return ok([funded, ...transaction.value]);
}
