/**
 * Platform configuration routes: `GET /config` and `PATCH /config` (platform credentials).
 * PATCH replaces the fields it names; every invalid field is listed in one 400; `regulated` is
 * shown but only the engine options set it.
 */
import type { z } from 'zod';
import { type ApiError, type FieldError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { configCrossFieldErrors, configPatchSchema, configView, decidePatchConfig, mergeFieldErrors } from '../../domains/config/index.js';
import type { DomainState } from '../../domains/state.js';
import { answer, type Route } from '../route.js';
import { toFieldErrors } from '../validation.js';

/** Config routes. */
export const configRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/config',
    auth: 'platform',
    handle: ({ state }) => ok(answer(200, configView(state.platform, state.config.current))),
  },
  {
    method: 'PATCH',
    path: '/config',
    auth: 'platform',
    handle: ({ state, request, at }) => {
      // `regulated` gets its own message from the cross-field rules, not a second "Unknown field".
      const body = checkBody(configPatchSchema, withoutKey(request.body, 'regulated'), configCrossFieldErrors(request.body));
      if (!body.ok) return body;
      const events = decidePatchConfig(state, body.value, at);
      if (!events.ok) return events;
      if (events.value.length === 0) return ok(answer(200, configView(state.platform, state.config.current)));
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: configView(after.platform, after.config.current) }) });
    },
  },
];

/**
 * Validates `body` with `schema` and adds the cross-field errors: one 400 INVALID_INPUT with every
 * field error (duplicates dropped, sorted by field), or the value. Pure.
 */
export function checkBody<T>(schema: z.ZodType<T>, body: unknown, crossField: readonly FieldError[]): Result<T, ApiError> {
  const parsed = schema.safeParse(body);
  const errors = mergeFieldErrors(parsed.success ? [] : toFieldErrors(parsed.error.issues), crossField);
  if (!parsed.success || errors.length > 0) return err(invalidInput(errors));
  return ok(parsed.data);
}

function withoutKey(body: unknown, key: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !(key in body)) return body;
  const { [key]: _dropped, ...rest } = body as Record<string, unknown>;
  return rest;
}
