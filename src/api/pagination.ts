/**
 * List paging: `limit` within named bounds and an opaque `cursor` bound to the query that made
 * it. A cursor is base64url JSON `{ k, p }`: `k` names the query (resource and filters), `p` the
 * position to resume from. Cursors never expire; one used with another query is 400 INVALID_INPUT.
 */
import { type ApiError, invalidInput } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import { fieldError } from './validation.js';
import { decodeBase64UrlText, encodeBase64UrlText } from '../core/base64.js';

/** Bounds for `limit`, from the spec (1..100 default 20) or DECISIONS.md (balance changes 1..200 default 100). */
export type LimitBounds = { readonly defaultLimit: number; readonly maxLimit: number };

/** The generic list bounds of the spec. */
export const LIST_LIMITS: LimitBounds = { defaultLimit: 20, maxLimit: 100 };

/** A page request after validation. */
export type PageRequest = { readonly limit: number; readonly position: number };

/** Encodes a cursor for a query key and a position. Pure. */
export function encodeCursor(queryKey: string, position: number): string {
  return encodeBase64UrlText(JSON.stringify({ k: queryKey, p: position }));
}

/**
 * Reads `limit` and `cursor` from the query. `queryKey` identifies the query (everything but
 * limit and cursor); a cursor minted for another key is rejected.
 */
export function readPage(
  query: ReadonlyMap<string, string>,
  queryKey: string,
  bounds: LimitBounds = LIST_LIMITS,
): Result<PageRequest, ApiError> {
  const errors = [];
  let limit = bounds.defaultLimit;
  const rawLimit = query.get('limit');
  if (rawLimit !== undefined) {
    const n = /^\d+$/.test(rawLimit) ? Number(rawLimit) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > bounds.maxLimit) {
      errors.push(fieldError('limit', `limit must be an integer from 1 to ${bounds.maxLimit}`));
    } else limit = n;
  }
  let position = 0;
  const rawCursor = query.get('cursor');
  if (rawCursor !== undefined) {
    const decoded = decodeCursor(rawCursor);
    if (decoded === undefined) errors.push(fieldError('cursor', 'cursor is malformed'));
    else if (decoded.k !== queryKey) errors.push(fieldError('cursor', 'cursor belongs to another query'));
    else position = decoded.p;
  }
  return errors.length > 0 ? err(invalidInput(errors)) : ok({ limit, position });
}

function decodeCursor(cursor: string): { k: string; p: number } | undefined {
  try {
    const text = decodeBase64UrlText(cursor);
    if (text === undefined) return undefined;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { k, p } = value as { k?: unknown; p?: unknown };
    if (typeof k !== 'string' || typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0) return undefined;
    return { k, p };
  } catch {
    return undefined;
  }
}

/** A page of `items` in the spec's list shape `{ data, hasMore, nextCursor?, totalCount }`. */
export function pageOf<T>(
  items: readonly T[],
  page: PageRequest,
  queryKey: string,
): { data: T[]; hasMore: boolean; nextCursor?: string; totalCount: number } {
  const data = items.slice(page.position, page.position + page.limit);
  const next = page.position + data.length;
  const hasMore = next < items.length;
  return hasMore
    ? { data, hasMore, nextCursor: encodeCursor(queryKey, next), totalCount: items.length }
    : { data, hasMore, totalCount: items.length };
}

/**
 * The spec's list body for one page already cut by a domain: `nextPosition` is where the next
 * page starts (undefined on the last page). Pure.
 */
export function listBody<T>(
  data: readonly T[],
  found: { readonly nextPosition?: number | undefined; readonly totalCount: number },
  queryKey: string,
): { data: readonly T[]; hasMore: boolean; nextCursor?: string; totalCount: number } {
  return found.nextPosition === undefined
    ? { data, hasMore: false, totalCount: found.totalCount }
    : { data, hasMore: true, nextCursor: encodeCursor(queryKey, found.nextPosition), totalCount: found.totalCount };
}
