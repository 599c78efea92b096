/**
 * Applies card transaction events. The transfers were applied by the engine just before; the
 * evolvers check again, on every replay, that each move is a row of the table from where the
 * record stands; with `recheckRecords` (handle, the simulator's rebuilds) also that an open
 * transaction's hold is an open pending transfer of exactly `amount - settled`, that a
 * closed one holds nothing, and that a replaced hold is no longer open in the ledger. They keep the expiry timer in step.
 */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolveContext, EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_TRANSACTION_EVENT_TYPES, type CardTransactionCreated, type CardTransactionTransitioned } from './events.js';
import { cancelExpiry, scheduleExpiry } from './expiry.js';
import { nextCardTransactionState } from './lifecycle.js';
import { movedCardTransaction } from './record.js';
import { addCardTransaction, replaceCardTransaction } from './store.js';
import { type CardTransaction, heldMinor, isOpen } from './types.js';

/** With `recheckRecords`, asserts the record's hold agrees with the ledger (deciders made it so). */
function checkHold(state: DomainState, tx: CardTransaction, context: EvolveContext): void {
  if (!context.recheckRecords) return;
  if (!isOpen(tx)) {
    assert(tx.holdTransferId === undefined && tx.expiresAt === undefined, `closed card transaction ${tx.id} still names a hold`);
    return;
  }
  const held = heldMinor(tx);
  const hold = tx.holdTransferId === undefined ? undefined : state.ledger.transfer(tx.holdTransferId);
  assert(
    held > 0n && hold !== undefined && hold.kind === 'pending' && hold.status === 'open' && hold.amountMinor === held,
    `card transaction ${tx.id} should hold ${held} in an open pending transfer`,
  );
}

/** Evolvers for card transaction events. */
export const cardTransactionEvolvers: EvolverTable = {
  [CARD_TRANSACTION_EVENT_TYPES.created]: (state, event, context) => {
    const data = event.data as CardTransactionCreated;
    const tx: CardTransaction = deepFreeze(data.transaction);
    // Messages are built only on failure (`if`, not `assert(cond, message)`): replay runs these per event.
    if (state.cardTransactions.byId.has(tx.id)) assert(false, `card transaction ${tx.id} created twice`);
    if (nextCardTransactionState('RECEIVED', data.event) !== tx.status) assert(false, `card transaction ${tx.id} created ${tx.status} by ${data.event}`);
    if (!state.cards.byId.has(tx.cardId)) assert(false, `card transaction ${tx.id} of unknown card ${tx.cardId}`);
    if ((tx.status === 'DECLINED') !== (tx.cardDeclinedReason !== undefined)) assert(false, `card transaction ${tx.id}: a decline reason belongs to DECLINED only`);
    checkHold(state, tx, context);
    addCardTransaction(state.cardTransactions, tx, state.transactions.order.length);
    if (isOpen(tx)) scheduleExpiry(state, tx);
  },
  [CARD_TRANSACTION_EVENT_TYPES.transitioned]: (state, event, context) => {
    const data = event.data as CardTransactionTransitioned;
    const before = state.cardTransactions.byId.get(data.transactionId);
    if (before === undefined) assert(false, `move of unknown card transaction ${data.transactionId}`);
    if (before.status !== data.from) assert(false, `card transaction ${before.id} is ${before.status}, not ${data.from}`);
    if (nextCardTransactionState(data.from, data.event) !== data.to) assert(false, `card transaction move ${data.from} --${data.event}--> ${data.to} is not in the table`);
    const to = data.to;
    if (to === 'RECEIVED') assert(false, `card transaction ${before.id} moved back to RECEIVED`);
    const after = movedCardTransaction(before, data.changes, data.cleared, to, data.updatedAt);
    checkHold(state, after, context);
    // A ledger read (a transfer view built from its columns, ~10 µs): a whole-record check, so
    // with `recheckRecords` only, like `checkHold`.
    if (context.recheckRecords && before.holdTransferId !== undefined && before.holdTransferId !== after.holdTransferId) {
      const old = state.ledger.transfer(before.holdTransferId);
      assert(old?.kind === 'pending' && old.status !== 'open', `card transaction ${before.id} left hold ${before.holdTransferId} open`);
    }
    replaceCardTransaction(state.cardTransactions, before, after);
    if (!isOpen(after)) cancelExpiry(state, after.id);
  },
};
