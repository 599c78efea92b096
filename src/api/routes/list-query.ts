/**
 * The query of a list operation, validated whole: filters by a zod schema, `limit` and `cursor` by
 * the generic paging rules (a cursor belongs to the query that made it), repeated keys refused, and
 * every problem in one 400 INVALID_INPUT.
 */
import type { z } from 'zod';
import { type ApiError, type FieldError, byField, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { LIST_LIMITS, type PageRequest, readPage } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { toFieldErrors } from '../validation.js';

/** A validated list query: the filters, the page, and the key its cursors carry. */
export type ListQuery<T> = { readonly query: T; readonly page: PageRequest; readonly key: string };

/** Validates `request`'s query against `schema` (which must allow `limit` and `cursor`) and reads the page. Pure. */
export function readListQuery<T>(schema: z.ZodType<T>, request: ParsedRequest, keyOf: (query: T) => string): Result<ListQuery<T>, ApiError> {
  const parsed = schema.safeParse(Object.fromEntries(request.query));
  const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  for (const key of request.repeatedQueryKeys) errors.push({ field: key, message: `${key} may appear only once` });
  // With invalid filters no cursor can belong to the query; the key only has to differ from valid ones.
  const key = parsed.success ? keyOf(parsed.data) : `invalid:${JSON.stringify([...request.query])}`;
  const page = readPage(request.query, key, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !parsed.success || !page.ok) return err(invalidInput(errors.sort(byField)));
  return ok({ query: parsed.data, page: page.value, key });
}
