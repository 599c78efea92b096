/**
 * Listing for the identity routes (verifications, documents, beneficial owners): exact-match
 * filters named per route, `limit` 1..100 (default 20) and a cursor bound to the filters; every
 * unknown, repeated or invalid parameter is listed in one 400 INVALID_INPUT. Pure.
 */
import { type ApiError, type FieldError, invalidInput, mergeFieldErrors } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import { LIST_LIMITS, pageOf, readPage } from './pagination.js';
import type { ParsedRequest } from './request.js';

/** One filter a list accepts: its name, whether it is required, and the values it may take. */
export type ListFilter = { readonly name: string; readonly required?: boolean; readonly values?: readonly string[] };

/** Reads the filters and page of a list request, then pages `items` that pass `matches`. */
export function listPage<T>(
  request: ParsedRequest,
  resource: string,
  filters: readonly ListFilter[],
  items: readonly T[],
  matches: (item: T, filters: ReadonlyMap<string, string>) => boolean,
): Result<{ data: T[]; hasMore: boolean; nextCursor?: string; totalCount: number }, ApiError> {
  const errors: FieldError[] = [];
  const chosen = new Map<string, string>();
  const known = new Set(['limit', 'cursor', ...filters.map((f) => f.name)]);
  for (const key of request.query.keys()) if (!known.has(key)) errors.push({ field: key, message: `Unknown query parameter ${key}` });
  for (const key of request.repeatedQueryKeys) errors.push({ field: key, message: `${key} may appear only once` });
  for (const filter of filters) {
    const value = request.query.get(filter.name);
    if (value === undefined) {
      if (filter.required === true) errors.push({ field: filter.name, message: `${filter.name} is required` });
      continue;
    }
    if (value === '' || (filter.values !== undefined && !filter.values.includes(value))) {
      errors.push(
        filter.values === undefined
          ? { field: filter.name, message: `${filter.name} must not be empty` }
          : { field: filter.name, constraint: { enum: filter.values }, message: `${filter.name} must be one of ${filter.values.join(', ')}` },
      );
      continue;
    }
    chosen.set(filter.name, value);
  }
  const queryKey = `${resource}:${JSON.stringify(filters.map((f) => chosen.get(f.name) ?? null))}`;
  const page = readPage(request.query, queryKey, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !page.ok) return err(invalidInput(mergeFieldErrors(errors)));
  return ok(pageOf(items.filter((item) => matches(item, chosen)), page.value, queryKey));
}
