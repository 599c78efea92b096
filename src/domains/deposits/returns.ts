/**
 * Rail returns of an incoming deposit, as the sandbox's operator drives them
 * (`POST /sandbox/transactions/{id}/return`, `/return-dishonored`, `/return-contested`; spec
 * "Transaction status", DECISIONS.md "Transactions"):
 *
 * - return: COMPLETED -> FAILED, the credit taken back (`account -> transit:<RAIL>:USD -> world`),
 *   source railDetails RETURNED with returnedAt, INCOMING_PAYMENT.FAILED — unless a later
 *   irreversible step already used the funds, when it stays COMPLETED and nothing moves;
 * - dishonored return: FAILED -> COMPLETED, the credit restored (railDetails still RETURNED);
 * - contested dishonor: COMPLETED -> FAILED again, the credit taken back again (or, with the
 *   funds used, COMPLETED unchanged).
 *
 * "Used" (decided): the credited account's available balance (pending debits count) no longer
 * covers the amount, or the deposit was swept out of a rule-based account. Each happens once per
 * deposit (ACH: one return, one dishonor of it, one contest of that).
 *
 * Only the sandbox's own ACH / ACH_SAME_DAY deposits can be returned this way (their railDetails
 * can show RETURNED); any other transaction is 409 INVALID_STATE_TRANSITION. Errors in order: 404
 * TRANSACTION_NOT_FOUND; 409 INVALID_STATE_TRANSITION (not such a deposit, the transaction not in
 * the status the move starts from, or the move already made). Pure.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { FlowContext } from '../flows/execute.js';
import { openFlowAccounts, transitAccountId, worldAccountId } from '../flows/ledger-accounts.js';
import { accountsOf, type Leg, move, shortfall, toTransfers } from '../flows/legs.js';
import type { DomainState } from '../state.js';
import { decideTransition, type IncomingEvent, lifecycleStateOf, transactionNotFound } from '../transactions/index.js';
import { INCOMING_EVENTS, type IncomingReturnRecorded } from './events.js';
import { RETURNABLE_RAILS } from './plan.js';
import { RETURN_TABLE, type ReturnEvent } from './return-lifecycle.js';
import type { IncomingRecord } from './types.js';

/** The three operator moves. */
export type ReturnMove = 'RETURN' | 'DISHONOR' | 'CONTEST';

/**
 * Per operator move: the payment status it starts from, the transaction's lifecycle event, and the
 * return events when the credit is taken (or restored) and when the move is absorbed.
 */
const MOVES: Readonly<
  Record<ReturnMove, { status: 'COMPLETED' | 'FAILED'; event: IncomingEvent; taken: ReturnEvent; absorbed?: ReturnEvent }>
> = {
  RETURN: { status: 'COMPLETED', event: 'RETURNED', taken: 'RETURN_TAKEN', absorbed: 'RETURN_ABSORBED' },
  DISHONOR: { status: 'FAILED', event: 'RETURN_DISHONORED', taken: 'DISHONORED' },
  CONTEST: { status: 'COMPLETED', event: 'RETURN_CONTESTED', taken: 'CONTEST_TAKEN', absorbed: 'CONTEST_ABSORBED' },
};

function refused(transactionId: string, reason: string): ApiError {
  return apiError('INVALID_STATE_TRANSITION', reason, { transactionId });
}

/** The credit back out to the world over the rail, or (dishonor) in again. Pure. */
function returnLegs(record: IncomingRecord, operation: ReturnMove): Leg[] {
  const transit = transitAccountId(record.rail, record.currency);
  const world = worldAccountId(record.currency);
  const amount = BigInt(record.amountMinor);
  return operation === 'DISHONOR'
    ? [move(world, transit, record.currency, amount), move(transit, record.creditAccountId, record.currency, amount)]
    : [move(record.creditAccountId, transit, record.currency, amount), move(transit, world, record.currency, amount)];
}

/** Pure: the events of operator move `operation` on transaction `transactionId`, or why it cannot happen. */
export function decideReturnMove(state: DomainState, transactionId: string, operation: ReturnMove, context: FlowContext): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  const record = state.incoming.byTransactionId.get(transactionId);
  if (record === undefined || record.kind !== 'DEPOSIT' || !RETURNABLE_RAILS.includes(record.rail)) {
    return err(refused(transactionId, `Transaction ${transactionId} is not a sandbox ACH deposit; only those can be returned here`));
  }
  const rule = MOVES[operation];
  const takenTo = RETURN_TABLE.next(record.returnState, rule.taken);
  if (takenTo === undefined) {
    return err(refused(transactionId, `Transaction ${transactionId} cannot be ${operation.toLowerCase()}ed: its return is ${record.returnState}`));
  }
  if (lifecycleStateOf(tx) !== rule.status) {
    return err(refused(transactionId, `Transaction ${transactionId} is ${tx.status}; a ${operation.toLowerCase()} needs it ${rule.status}`));
  }
  const legs = returnLegs(record, operation);
  const swept = record.ruleBasedAccountId !== undefined;
  const from = record.returnState;
  if (rule.absorbed !== undefined && (swept || shortfall(state.ledger, legs) !== undefined)) {
    // A later irreversible step used the funds: the spec keeps the payment COMPLETED, unchanged.
    const to = RETURN_TABLE.next(from, rule.absorbed);
    assert(to !== undefined, `return table lacks ${rule.absorbed} from ${from}`);
    const data: IncomingReturnRecorded = { transactionId, event: rule.absorbed, from, to, at: context.at };
    return ok([{ type: INCOMING_EVENTS.returnRecorded, data }]);
  }
  const moved = decideTransition(state, transactionId, rule.event, {}, { at: context.at });
  if (!moved.ok) return moved;
  const transfers = toTransfers(legs, transactionId, context.newId);
  const data: IncomingReturnRecorded = { transactionId, event: rule.taken, from, to: takenTo, at: context.at, transfers };
  return ok([...openFlowAccounts(state.ledger, accountsOf(legs)), { type: INCOMING_EVENTS.returnRecorded, data }, ...moved.value]);
}
