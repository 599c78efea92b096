/**
 * Decides a card reveal (docs/card-reveal.md): a signed, short-lived URL of the sandbox card
 * processor's iframe. The URL's token is an HMAC under the host's secret of the card, the reveal
 * and its expiry, so only the host can mint or check it and the log (which records the reveal and
 * its actor, never the URL) cannot be turned into one. Pure.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant } from '../../core/time.js';
import { cardNotFound } from '../cards/update.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_REVEAL_EVENTS, type CardRevealed } from './events.js';

/** How long a reveal URL works: 5 minutes (the reference: "within minutes"). */
export const CARD_REVEAL_TTL_MS = 5 * 60_000;
/** The sandbox card processor's iframe address. */
export const CARD_REVEAL_BASE_URL = 'https://cards.sandbox.svc.example/reveal';

/** What a reveal needs besides the card. */
export type RevealContext = { readonly atMs: number; readonly actor: string; readonly newId: (type: string) => string; readonly secretDigest: (message: string) => string };

/**
 * The audit event and the answer `{ panEmbedUrl, expiresAt }`, or 404 NOT_FOUND (unknown card),
 * 409 CARD_ALREADY_CLOSED (a closed card has nothing to show).
 */
export function decideRevealCard(state: DomainState, cardId: string, context: RevealContext): Result<{ events: EventDraft[]; panEmbedUrl: string; expiresAt: string }, ApiError> {
  const card = state.cards.byId.get(cardId);
  if (card === undefined) return err(cardNotFound(cardId));
  if (card.status === 'CLOSED') return err(apiError('CARD_ALREADY_CLOSED', `Card ${cardId} is closed; its details can no longer be revealed`));
  const expiresAt = formatInstant(context.atMs + CARD_REVEAL_TTL_MS);
  const revealId = context.newId('CardReveal');
  const token = context.secretDigest(`card-reveal|${cardId}|${revealId}|${expiresAt}`);
  const panEmbedUrl = `${CARD_REVEAL_BASE_URL}/${encodeURIComponent(cardId)}?reveal=${encodeURIComponent(revealId)}&expires=${encodeURIComponent(expiresAt)}&token=${token}`;
  const data: CardRevealed = { cardId, actor: context.actor, expiresAt };
  return ok({ events: [{ type: CARD_REVEAL_EVENTS.revealed, data }], panEmbedUrl, expiresAt });
}
