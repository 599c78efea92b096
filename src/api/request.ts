/**
 * Normalises an incoming request: method, path and query split, header names lower-cased, the
 * body parsed from JSON text when it arrives as text. Everything is bounded by `REQUEST_LIMITS`
 * and type-checked here, so no request, however malformed, reaches a route unchecked: every
 * problem is an `ApiError`, never a throw.
 */
import { canonicalJson } from '../core/canonical-json.js';
import { type ApiError, apiError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import type { HttpMethod, HttpRequest } from './http.js';
import { checkBodyText, checkBodyValue, REQUEST_LIMITS } from './limits.js';
import { isUploadContentType, type RawBody, readUploadBody, uploadBodyText } from './raw-body.js';

/** A request after normalisation. */
export type ParsedRequest = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query: ReadonlyMap<string, string>;
  readonly repeatedQueryKeys: readonly string[];
  /** Every value, in order, of each query key given more than once (`query` keeps the last); for the few parameters that may repeat. */
  readonly repeatedQueryValues: ReadonlyMap<string, readonly string[]>;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: unknown;
  /** A multipart/form-data body, kept as bytes and never JSON-parsed (`body` is then undefined; src/api/raw-body.ts). */
  readonly raw?: RawBody;
};

const METHODS: readonly string[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/** Parses and normalises `request`; any malformed or oversized part is an `ApiError`. Pure. */
export function parseRequest(request: HttpRequest): Result<ParsedRequest, ApiError> {
  if (typeof request !== 'object' || request === null) return err(badRequest('A request must be an object'));
  const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  if (!METHODS.includes(method)) {
    return err(apiError('METHOD_NOT_ALLOWED', `Method ${String(request.method).slice(0, 20)} is not supported`));
  }
  if (typeof request.path !== 'string') return err(badRequest('The request path must be a string'));
  if (request.path.length > REQUEST_LIMITS.pathLengthMax) {
    return err(badRequest(`The request path is longer than ${REQUEST_LIMITS.pathLengthMax} characters`));
  }
  const [rawPath = '', rawQuery] = request.path.split('?', 2);
  const query = parseQuery(rawQuery, request.query);
  if (!query.ok) return query;
  const headers = parseHeaders(request.headers);
  if (!headers.ok) return headers;
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  const contentType = headers.value.get('content-type');
  const common = { method: method as HttpMethod, path, query: query.value.values, repeatedQueryKeys: query.value.repeated, repeatedQueryValues: query.value.lists, headers: headers.value };
  if (isUploadContentType(contentType)) {
    const bytes = readUploadBody(request.body);
    if (!bytes.ok) return bytes;
    return ok({ ...common, body: undefined, raw: { contentType, bytes: bytes.value } });
  }
  const body = parseBody(request.body);
  if (!body.ok) return body;
  return ok({ ...common, body: body.value });
}

/**
 * The text that identifies a request's body for idempotency: canonical JSON (keys sorted), or an
 * upload's content type and digest. Computed only for a write that carries an Idempotency-Key,
 * so other requests never pay for it.
 */
export function bodyFingerprintText(request: ParsedRequest): string {
  if (request.raw !== undefined) return uploadBodyText(request.raw);
  return request.body === undefined ? '' : canonicalJson(request.body);
}

type Query = { values: Map<string, string>; repeated: string[]; lists: Map<string, string[]> };

function parseQuery(rawQuery: string | undefined, given: unknown): Result<Query, ApiError> {
  const query: Query = { values: new Map(), repeated: [], lists: new Map() };
  if (rawQuery !== undefined) {
    for (const [key, value] of new URLSearchParams(rawQuery)) {
      const added = addQuery(query, key, value);
      if (added !== undefined) return err(added);
    }
  }
  if (given === undefined) return ok(query);
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return err(badRequest('query must be an object of strings'));
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (typeof item !== 'string') return err(invalidQuery(key, 'must be a string'));
      const added = addQuery(query, key, item);
      if (added !== undefined) return err(added);
    }
  }
  return ok(query);
}

function addQuery(query: Query, key: string, value: string): ApiError | undefined {
  if (key.length > REQUEST_LIMITS.queryValueLengthMax || value.length > REQUEST_LIMITS.queryValueLengthMax) {
    return invalidQuery(key.slice(0, 100), `must be at most ${REQUEST_LIMITS.queryValueLengthMax} characters`);
  }
  const previous = query.values.get(key);
  if (previous !== undefined) {
    const list = query.lists.get(key);
    if (list === undefined) {
      query.repeated.push(key);
      query.lists.set(key, [previous, value]);
    } else if (list.length >= REQUEST_LIMITS.queryKeysMax) {
      // Bounded like distinct keys: a repeated parameter carries at most as many values.
      return invalidQuery(key.slice(0, 100), `may be given at most ${REQUEST_LIMITS.queryKeysMax} times`);
    } else {
      list.push(value);
    }
  } else if (query.values.size >= REQUEST_LIMITS.queryKeysMax) {
    return badRequest(`A request may carry at most ${REQUEST_LIMITS.queryKeysMax} query parameters`);
  }
  query.values.set(key, value);
  return undefined;
}

function parseHeaders(given: unknown): Result<Map<string, string>, ApiError> {
  const headers = new Map<string, string>();
  if (given === undefined) return ok(headers);
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return err(badRequest('headers must be an object of strings'));
  const entries = Object.entries(given);
  if (entries.length > REQUEST_LIMITS.headersMax) return err(badRequest(`A request may carry at most ${REQUEST_LIMITS.headersMax} headers`));
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number') return err(badRequest(`Header ${name.slice(0, 100)} must be a string`));
    const text = String(value);
    const lower = name.toLowerCase();
    // The Idempotency-Key has its own, tighter bound with a field error below.
    if (name.length > REQUEST_LIMITS.headerValueLengthMax || (text.length > REQUEST_LIMITS.headerValueLengthMax && lower !== 'idempotency-key')) {
      return err(badRequest(`Header ${name.slice(0, 100)} is longer than ${REQUEST_LIMITS.headerValueLengthMax} characters`));
    }
    headers.set(lower, text);
  }
  const key = headers.get('idempotency-key');
  if (key !== undefined && key.length > REQUEST_LIMITS.idempotencyKeyLengthMax) {
    const message = `Idempotency-Key must be at most ${REQUEST_LIMITS.idempotencyKeyLengthMax} characters`;
    return err(
      apiError('INVALID_INPUT', message, {
        errors: [{ field: 'Idempotency-Key', constraint: { maxLength: REQUEST_LIMITS.idempotencyKeyLengthMax }, message }],
      }),
    );
  }
  return ok(headers);
}

function parseBody(body: unknown): Result<unknown, ApiError> {
  if (body === undefined) return ok(undefined);
  if (typeof body !== 'string') {
    const checked = checkBodyValue(body);
    return checked.ok ? ok(body) : checked;
  }
  if (body.trim() === '') return ok(undefined);
  const text = checkBodyText(body);
  if (!text.ok) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return err(apiError('INVALID_REQUEST_FORMAT', 'Request body is not valid JSON'));
  }
  const checked = checkBodyValue(parsed);
  return checked.ok ? ok(parsed) : checked;
}

function badRequest(reason: string): ApiError {
  return apiError('INVALID_REQUEST_FORMAT', reason);
}

function invalidQuery(key: string, message: string): ApiError {
  return apiError('INVALID_INPUT', `query parameter ${key} ${message}`, { errors: [{ field: key, message: `${key} ${message}` }] });
}
