/**
 * The card status lifecycle (spec: Card status) as an xstate machine, the single source of which
 * status changes are legal, and the plain table derived from it once for deciders and replay.
 * A `PATCH /cards/{id}` that asks for a status is the event named after what it does:
 * ACTIVE asks to UNFREEZE, FROZEN to FREEZE, CLOSED to CLOSE.
 */
import { setup } from 'xstate';
import { type ApiError, apiError } from '../../core/errors.js';
import { type TransitionTable, transitionTable } from '../lifecycle.js';
import type { CardStatus } from './types.js';

/** What a status request does. */
export const CARD_EVENTS = ['FREEZE', 'UNFREEZE', 'CLOSE'] as const;
/** One of `CARD_EVENTS`. */
export type CardEvent = (typeof CARD_EVENTS)[number];

/** The card machine; its state values are the wire statuses. CLOSED is final. */
export const cardMachine = setup({ types: {} as { events: { type: CardEvent } } }).createMachine({
  id: 'card',
  initial: 'ACTIVE',
  states: {
    ACTIVE: { on: { FREEZE: 'FROZEN', CLOSE: 'CLOSED' } },
    FROZEN: { on: { UNFREEZE: 'ACTIVE', CLOSE: 'CLOSED' } },
    CLOSED: { type: 'final' },
  },
});

/** The card table, derived from the machine once. */
export const CARD_TABLE: TransitionTable<CardStatus, CardEvent> = transitionTable(cardMachine);

/** The event a requested status stands for. Pure. */
export function cardEventFor(requested: CardStatus): CardEvent {
  return requested === 'ACTIVE' ? 'UNFREEZE' : requested === 'FROZEN' ? 'FREEZE' : 'CLOSE';
}

/**
 * Pure: the status a request for `requested` leads to from `current`, or the spec's refusal:
 * CLOSED requested on a closed card is 409 CARD_ALREADY_CLOSED, anything else asked of a closed
 * card is 409 CARD_NOT_MUTABLE, and any other move the table lacks is 409 INVALID_STATE_TRANSITION.
 */
export function requestCardStatus(cardId: string, current: CardStatus, requested: CardStatus): { ok: true; to: CardStatus; event: CardEvent } | { ok: false; error: ApiError } {
  const event = cardEventFor(requested);
  const to = CARD_TABLE.next(current, event);
  if (to !== undefined) return { ok: true, to, event };
  if (current === 'CLOSED') {
    return requested === 'CLOSED'
      ? { ok: false, error: apiError('CARD_ALREADY_CLOSED', `Card ${cardId} is already closed`) }
      : { ok: false, error: cardNotMutable(cardId) };
  }
  return { ok: false, error: apiError('INVALID_STATE_TRANSITION', `Card ${cardId} cannot go from ${current} to ${requested}`, { from: current, to: requested }) };
}

/** 409 CARD_NOT_MUTABLE for a change asked of a closed card. */
export function cardNotMutable(cardId: string): ApiError {
  return apiError('CARD_NOT_MUTABLE', `Card ${cardId} is closed and cannot be changed`);
}
