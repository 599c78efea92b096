/**
 * API token routes (docs/api-tokens.md): `POST /tokens` answers the client secret once,
 * `GET /tokens` (filters by name and times, paged), `GET` and `DELETE /tokens/{tokenId}`.
 * The secret is never stored, so creating a token takes no Idempotency-Key (the engine would keep
 * the first answer, secret included, in the log).
 */
import { z } from 'zod';
import { invalidInput, type FieldError } from '../../core/errors.js';
import { parseInstant } from '../../core/time.js';
import { err, ok } from '../../core/result.js';
import {
  API_TOKEN_PERMISSIONS,
  apiTokenView,
  decideCreateToken,
  decideDeleteToken,
  tokenNotFound,
  type ApiTokenRecord,
} from '../../domains/api-tokens/index.js';
import type { DomainState } from '../../domains/state.js';
import { pageOf } from '../pagination.js';
import { answer, type Route } from '../route.js';
import { toFieldErrors } from '../validation.js';
import { readListQuery } from './list-query.js';

const NAME_LENGTH_MAX = 200;

/** `POST /tokens` body (reference `ApiTokenCreateRequest`). */
export const createTokenSchema = z.strictObject({
  name: z.string().min(1, { error: 'name must not be empty' }).max(NAME_LENGTH_MAX, { error: `name must be at most ${NAME_LENGTH_MAX} characters` }),
  permissions: z
    .array(z.enum(API_TOKEN_PERMISSIONS, { error: `permission must be one of ${API_TOKEN_PERMISSIONS.join(', ')}` }))
    .min(1, { error: 'permissions must name at least one permission' })
    .max(API_TOKEN_PERMISSIONS.length * 2, { error: 'permissions lists too many entries' }),
});

const instant = (name: string) => z.string().refine((v) => parseInstant(v) !== undefined, { error: `${name} must be an ISO 8601 date-time with offset` }).optional();

/** `GET /tokens` query. */
export const listTokensQuery = z.strictObject({
  name: z.string().max(NAME_LENGTH_MAX).optional(),
  createdAfter: instant('createdAfter'),
  createdBefore: instant('createdBefore'),
  updatedAfter: instant('updatedAfter'),
  updatedBefore: instant('updatedBefore'),
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

type TokenFilters = z.output<typeof listTokensQuery>;

function matches(token: ApiTokenRecord, q: TokenFilters): boolean {
  const ms = (v: string) => parseInstant(v) as number;
  const created = ms(token.createdAt);
  const updated = ms(token.updatedAt);
  return (
    (q.name === undefined || token.name === q.name) &&
    (q.createdAfter === undefined || created > ms(q.createdAfter)) &&
    (q.createdBefore === undefined || created < ms(q.createdBefore)) &&
    (q.updatedAfter === undefined || updated > ms(q.updatedAfter)) &&
    (q.updatedBefore === undefined || updated < ms(q.updatedBefore))
  );
}

/** Every API token route. */
export const tokenRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/tokens',
    auth: 'platform',
    schema: createTokenSchema,
    handle: ({ request, at, newId, secretDigest }) => {
      const errors: FieldError[] = [];
      const body = createTokenSchema.safeParse(request.body ?? {});
      if (!body.success) errors.push(...toFieldErrors(body.error.issues));
      if (request.headers.has('idempotency-key')) {
        errors.push({ field: 'Idempotency-Key', message: 'Creating an API token takes no Idempotency-Key: its answer holds a secret that is never stored' });
      }
      if (!body.success || errors.length > 0) return err(invalidInput(errors));
      const tokenId = newId('Token');
      const { events, clientSecret } = decideCreateToken(body.data, tokenId, at, secretDigest);
      return ok({ events, respond: (after) => ({ status: 201, body: { ...apiTokenView(after.apiTokens.byId.get(tokenId)!), clientSecret } }) });
    },
  },
  {
    method: 'GET',
    path: '/tokens',
    auth: 'platform',
    querySchema: listTokensQuery,
    handle: ({ state, request }) => {
      const read = readListQuery(listTokensQuery, request, ({ limit: _l, cursor: _c, ...filters }) => `tokens:${JSON.stringify(filters)}`);
      if (!read.ok) return read;
      const found = state.apiTokens.order.map((id) => state.apiTokens.byId.get(id)!).filter((t) => matches(t, read.value.query));
      return ok(answer(200, pageOf(found.map(apiTokenView), read.value.page, read.value.key)));
    },
  },
  {
    method: 'GET',
    path: '/tokens/{tokenId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const token = state.apiTokens.byId.get(params.tokenId ?? '');
      return token === undefined ? err(tokenNotFound(params.tokenId ?? '')) : ok(answer(200, apiTokenView(token)));
    },
  },
  {
    method: 'DELETE',
    path: '/tokens/{tokenId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const events = decideDeleteToken(state, params.tokenId ?? '');
      // 204: the token is gone; `null` keeps the (idempotency-stored) body JSON-safe.
      return events.ok ? ok({ events: events.value, respond: () => ({ status: 204, body: null }) }) : events;
    },
  },
];
