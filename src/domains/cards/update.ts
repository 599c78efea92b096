/**
 * Decides `PATCH /cards/{id}`: a status request through the card lifecycle, a new funding
 * source, and the card's own limits (null removes one). Pure.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_EVENT_TYPES, type CardChanges, type CardUpdated } from './events.js';
import { fundingSourceProblem } from './issue.js';
import { cardNotMutable, requestCardStatus } from './lifecycle.js';
import type { CardLimits, CardStatus } from './types.js';

/** A validated PATCH: absent fields stay, `null` limits are removed. */
export type UpdateCardCommand = {
  readonly cardId: string;
  readonly status?: CardStatus;
  readonly fundingSource?: string;
  readonly maxSpendPerTransactionMinor?: string | null;
  readonly maxSpendPerDayMinor?: string | null;
  readonly maxTransactionsPerDay?: number | null;
  readonly at: string;
};

const LIMIT_FIELDS = ['maxSpendPerTransactionMinor', 'maxSpendPerDayMinor', 'maxTransactionsPerDay'] as const;

/** 404 NOT_FOUND for an unknown card. */
export function cardNotFound(cardId: string): ApiError {
  return apiError('NOT_FOUND', `Card ${cardId} not found`);
}

/**
 * Pure: the CardUpdated event, nothing when the request changes nothing, or the first problem:
 * 404 NOT_FOUND; on a CLOSED card 409 CARD_ALREADY_CLOSED (status CLOSED) or 409
 * CARD_NOT_MUTABLE (anything else); 409 INVALID_STATE_TRANSITION for a status move the table
 * lacks (asking for the current status included); 400 INVALID_INPUT on `fundingSource`. The
 * route has already refused CLOSED combined with other fields (400).
 */
export function decideUpdateCard(state: DomainState, command: UpdateCardCommand): Result<EventDraft[], ApiError> {
  const card = state.cards.byId.get(command.cardId);
  if (card === undefined) return err(cardNotFound(command.cardId));
  const asked = command.status !== undefined || command.fundingSource !== undefined || LIMIT_FIELDS.some((f) => command[f] !== undefined);
  if (!asked) return ok([]);
  let status: CardUpdated['status'];
  if (command.status !== undefined) {
    const move = requestCardStatus(card.id, card.status, command.status);
    if (!move.ok) return err(move.error);
    status = { event: move.event, from: card.status, to: move.to };
  } else if (card.status === 'CLOSED') {
    return err(cardNotMutable(card.id));
  }
  if (command.fundingSource !== undefined) {
    const problem = fundingSourceProblem(state, card.customerId, command.fundingSource);
    if (problem !== undefined) return err(invalidInput([{ field: 'fundingSource', message: problem }], problem));
  }
  const changes: { -readonly [K in keyof CardChanges]: CardChanges[K] } = {};
  const cleared: (keyof CardLimits)[] = [];
  if (command.fundingSource !== undefined && command.fundingSource !== card.fundingSource) changes.fundingSource = command.fundingSource;
  for (const field of LIMIT_FIELDS) {
    const value = command[field];
    if (value === undefined || value === card[field]) continue;
    if (value === null) {
      if (card[field] !== undefined) cleared.push(field);
    } else if (field === 'maxTransactionsPerDay') changes.maxTransactionsPerDay = value as number;
    else changes[field] = value as string;
  }
  if (status === undefined && Object.keys(changes).length === 0 && cleared.length === 0) return ok([]);
  const data: CardUpdated = { cardId: card.id, ...(status === undefined ? {} : { status }), changes, cleared, updatedAt: command.at };
  return ok([{ type: CARD_EVENT_TYPES.updated, data }]);
}
