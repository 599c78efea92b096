/**
 * UMA invitation routes (docs/uma.md): `POST /invitations` (201), `GET /invitations/{invitationCode}`,
 * `POST /invitations/{invitationCode}/claim` (INVITATION.CLAIMED), `POST .../cancel`.
 */
import { z } from 'zod';
import { err, ok } from '../../core/result.js';
import { parseInstant } from '../../core/time.js';
import { decideCancelInvitation, decideClaimInvitation, decideCreateInvitation, invitationNotFound, invitationView } from '../../domains/invitations/index.js';
import type { DomainState } from '../../domains/state.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

const FIRST_NAME_LENGTH_MAX = 100;

/** `POST /invitations` body (reference UmaInvitationCreateRequest). */
export const createInvitationSchema = z.strictObject({
  inviterUma: z.string({ error: 'inviterUma is required' }).min(1).max(200),
  firstName: z.string().min(1).max(FIRST_NAME_LENGTH_MAX, { error: `firstName must be at most ${FIRST_NAME_LENGTH_MAX} characters` }).optional(),
  amountToSend: z.number().int({ error: 'amountToSend must be an integer of minor units' }).positive({ error: 'amountToSend must be greater than zero' }).max(Number.MAX_SAFE_INTEGER).optional(),
  expiresAt: z.string().refine((v) => parseInstant(v) !== undefined, { error: 'expiresAt must be an ISO 8601 date-time with offset' }).optional(),
});

/** `POST /invitations/{code}/claim` body (reference UmaInvitationClaimRequest). */
export const claimInvitationSchema = z.strictObject({ inviteeUma: z.string({ error: 'inviteeUma is required' }).min(1).max(200) });

const emptyBody = z.strictObject({});

function respondWith(code: string, status: number, nowMs: number) {
  return (after: DomainState) => ({ status, body: invitationView(after.invitations.byCode.get(code)!, nowMs) });
}

/** Every invitation route. */
export const invitationRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/invitations',
    auth: 'platform',
    schema: createInvitationSchema,
    handle: ({ state, request, at, nowMs, newId, secretDigest }) => {
      const body = validate(createInvitationSchema, request.body ?? {});
      if (!body.ok) return body;
      const decided = decideCreateInvitation(state, JSON.parse(JSON.stringify(body.value)), { at, atMs: nowMs, newId, secretDigest });
      return decided.ok ? ok({ events: decided.value.events, respond: respondWith(decided.value.code, 201, nowMs) }) : decided;
    },
  },
  {
    method: 'GET',
    path: '/invitations/{invitationCode}',
    auth: 'platform',
    handle: ({ state, params, nowMs }) => {
      const code = params.invitationCode ?? '';
      const invitation = state.invitations.byCode.get(code);
      return invitation === undefined ? err(invitationNotFound(code)) : ok(answer(200, invitationView(invitation, nowMs)));
    },
  },
  {
    method: 'POST',
    path: '/invitations/{invitationCode}/claim',
    auth: 'platform',
    schema: claimInvitationSchema,
    handle: ({ state, params, request, at, nowMs }) => {
      const body = validate(claimInvitationSchema, request.body ?? {});
      if (!body.ok) return body;
      const code = params.invitationCode ?? '';
      const events = decideClaimInvitation(state, code, body.value.inviteeUma, at, nowMs);
      return events.ok ? ok({ events: events.value, respond: respondWith(code, 200, nowMs) }) : events;
    },
  },
  {
    method: 'POST',
    path: '/invitations/{invitationCode}/cancel',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs }) => {
      const body = validate(emptyBody, request.body ?? {});
      if (!body.ok) return body;
      const code = params.invitationCode ?? '';
      const events = decideCancelInvitation(state, code, at, nowMs);
      return events.ok ? ok({ events: events.value, respond: respondWith(code, 200, nowMs) }) : events;
    },
  },
];
