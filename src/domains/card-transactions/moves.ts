/**
 * Helpers the card transaction deciders share: the lifecycle move as an event draft (asserting
 * it is a row of the table), the leg context of a record, and the lookups with their 404s. Pure.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { Card } from '../cards/types.js';
import { cardNotFound } from '../cards/update.js';
import type { EventDraft } from '../evolver.js';
import type { TransferRecord } from '../movement.js';
import type { DomainState } from '../state.js';
import {
  CARD_TRANSACTION_EVENT_TYPES,
  type CardTransactionChanges,
  type CardTransactionClearable,
  type CardTransactionTransitioned,
} from './events.js';
import type { LegContext } from './legs.js';
import { type CardTransactionEvent, nextCardTransactionState } from './lifecycle.js';
import type { CardTransaction } from './types.js';

/** The draft of `tx` moving by `event`; a move the table lacks is a decider bug (asserted). */
export function moveDraft(
  tx: CardTransaction,
  event: CardTransactionEvent,
  update: { readonly changes?: CardTransactionChanges; readonly cleared?: readonly CardTransactionClearable[]; readonly transfers?: readonly TransferRecord[] },
  at: string,
): EventDraft {
  const to = nextCardTransactionState(tx.status, event);
  assert(to !== undefined, `card transaction ${tx.id}: ${tx.status} --${event}--> is not in the table`);
  const data: CardTransactionTransitioned = {
    transactionId: tx.id,
    event,
    from: tx.status,
    to,
    changes: update.changes ?? {},
    cleared: update.cleared ?? [],
    updatedAt: at,
    ...(update.transfers === undefined || update.transfers.length === 0 ? {} : { transfers: update.transfers }),
  };
  return { type: CARD_TRANSACTION_EVENT_TYPES.transitioned, data };
}

/** The leg context of a record. */
export function legOf(tx: CardTransaction): LegContext {
  return { transactionId: tx.id, accountId: tx.accountId, currency: tx.currency, direction: tx.direction };
}

/** 404 TRANSACTION_NOT_FOUND. */
export function cardTransactionNotFound(id: string): ApiError {
  return apiError('TRANSACTION_NOT_FOUND', `Card transaction ${id} not found`);
}

/** 409 INVALID_STATE_TRANSITION naming what was asked of the transaction. */
export function cannotMove(tx: CardTransaction, what: string): ApiError {
  return apiError('INVALID_STATE_TRANSITION', `Card transaction ${tx.id} is ${tx.status}; cannot ${what}`, { status: tx.status });
}

/**
 * The card of the path and a transaction of that card: 404 NOT_FOUND for an unknown card, 404
 * TRANSACTION_NOT_FOUND for an unknown transaction or one of another card.
 */
export function cardAndTransaction(state: DomainState, cardId: string, transactionId: string): Result<{ card: Card; tx: CardTransaction }, ApiError> {
  const card = state.cards.byId.get(cardId);
  if (card === undefined) return err(cardNotFound(cardId));
  const tx = state.cardTransactions.byId.get(transactionId);
  if (tx === undefined || tx.cardId !== card.id) return err(cardTransactionNotFound(transactionId));
  return ok({ card, tx });
}

/** True when an open transaction's expiry has come by `atMs` (whether or not its timer has fired). */
export function expiredBy(tx: CardTransaction, atMs: number): boolean {
  return tx.expiresAt !== undefined && atMs >= instantToMs(tx.expiresAt);
}
