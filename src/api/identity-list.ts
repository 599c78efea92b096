/**
 * Listing for the identity routes (verifications, documents, beneficial owners): the query is
 * validated whole by the route's zod schema (the one the generated OpenAPI document shows), with
 * `limit` 1..100 (default 20) and a cursor bound to the filters; every unknown, repeated or
 * invalid parameter is listed in one 400 INVALID_INPUT. Pages are cut from id lists, so a list
 * read through an index costs the page, not the store. Pure.
 */
import { z } from 'zod';
import type { ApiError } from '../core/errors.js';
import type { Result } from '../core/result.js';
import { pageOf, type PageRequest } from './pagination.js';
import type { ParsedRequest } from './request.js';
import { type ListQuery, readListQuery } from './routes/list-query.js';

/** `limit` and `cursor` as they arrive (strings); `readPage` checks them. */
export const IDENTITY_PAGING = { limit: z.string().optional(), cursor: z.string().optional() };

/** A non-empty exact-match filter value (ids are at most 128 characters). */
export function idFilter(name: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .min(1, { error: `${name} must not be empty` })
    .max(128, { error: `${name} must be at most 128 characters` });
}

/**
 * Reads an identity list query. The cursor key is `<resource>:<JSON of the filter values, null
 * when absent>`, the key the earlier hand-written reader minted, so cursors already handed out
 * stay valid. Pure.
 */
export function readIdentityList<T>(
  schema: z.ZodType<T>,
  request: ParsedRequest,
  resource: string,
  filterValues: (query: T) => readonly (string | undefined)[],
): Result<ListQuery<T>, ApiError> {
  return readListQuery(schema, request, (query) => `${resource}:${JSON.stringify(filterValues(query).map((v) => v ?? null))}`);
}

/** One page of `ids` in the spec's list shape, each id read by `read` (only the page's ids are read). Pure. */
export function identityPage<T>(
  ids: readonly string[],
  page: PageRequest,
  key: string,
  read: (id: string) => T,
): { data: T[]; hasMore: boolean; nextCursor?: string; totalCount: number } {
  const cut = pageOf(ids, page, key);
  return { ...cut, data: cut.data.map(read) };
}
