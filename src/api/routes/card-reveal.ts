/**
 * `POST /cards/{id}/reveal` (reference revealCard; docs/card-reveal.md): a signed, short-lived URL
 * of the card processor's iframe showing PAN, CVV and expiry. The answer holds a bearer secret
 * that is never stored, so the request takes no Idempotency-Key (the engine would keep the first
 * answer in the log) and no body.
 */
import { z } from 'zod';
import { type FieldError, invalidInput } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { decideRevealCard } from '../../domains/card-reveals/decide.js';
import type { DomainState } from '../../domains/state.js';
import type { Principal, Route } from '../route.js';
import { toFieldErrors } from '../validation.js';

const emptyBody = z.strictObject({});

function actorOf(principal: Principal): string {
  return principal.kind === 'platform' ? `platform:${principal.platformId}` : principal.kind === 'agent' ? `agent:${principal.agentId}` : 'anonymous';
}

/** The card reveal route. */
export const cardRevealRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/cards/{id}/reveal',
    auth: 'platform',
    handle: ({ state, params, request, principal, nowMs, newId, secretDigest }) => {
      const errors: FieldError[] = [];
      const body = emptyBody.safeParse(request.body ?? {});
      if (!body.success) errors.push(...toFieldErrors(body.error.issues));
      if (request.headers.has('idempotency-key')) {
        errors.push({ field: 'Idempotency-Key', message: 'A card reveal takes no Idempotency-Key: its answer holds a secret that is never stored' });
      }
      if (errors.length > 0) return err(invalidInput(errors));
      const decided = decideRevealCard(state, params.id ?? '', { atMs: nowMs, actor: actorOf(principal), newId, secretDigest });
      if (!decided.ok) return decided;
      const { panEmbedUrl, expiresAt } = decided.value;
      return ok({ events: decided.value.events, respond: () => ({ status: 200, body: { panEmbedUrl, expiresAt } }) });
    },
  },
];
