/**
 * Normalises an incoming request: method, path and query split, header names lower-cased, the
 * body parsed from JSON text when it arrives as text. Malformed JSON is a 400, not a throw.
 */
import { type ApiError, apiError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import type { HttpMethod, HttpRequest } from './http.js';

/** A request after normalisation. */
export type ParsedRequest = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query: ReadonlyMap<string, string>;
  readonly repeatedQueryKeys: readonly string[];
  readonly headers: ReadonlyMap<string, string>;
  readonly body: unknown;
  /** The body as canonical JSON text, for idempotency fingerprints. */
  readonly bodyText: string;
};

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/** Parses and normalises `request`; an unknown method or malformed JSON body is an `ApiError`. */
export function parseRequest(request: HttpRequest): Result<ParsedRequest, ApiError> {
  const method = String(request.method ?? '').toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) {
    return err(apiError('METHOD_NOT_ALLOWED', `Method ${String(request.method)} is not supported`));
  }
  const [rawPath = '', rawQuery] = String(request.path ?? '').split('?', 2);
  const query = new Map<string, string>();
  const repeated: string[] = [];
  if (rawQuery !== undefined) {
    for (const [key, value] of new URLSearchParams(rawQuery)) addQuery(query, repeated, key, value);
  }
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    if (typeof value === 'string') addQuery(query, repeated, key, value);
    else for (const item of value) addQuery(query, repeated, key, item);
  }
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value !== undefined) headers.set(name.toLowerCase(), String(value));
  }
  const body = parseBody(request.body);
  if (!body.ok) return body;
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  return ok({
    method,
    path,
    query,
    repeatedQueryKeys: repeated,
    headers,
    body: body.value,
    bodyText: body.value === undefined ? '' : JSON.stringify(body.value),
  });
}

function addQuery(query: Map<string, string>, repeated: string[], key: string, value: string): void {
  if (query.has(key) && !repeated.includes(key)) repeated.push(key);
  query.set(key, value);
}

function parseBody(body: unknown): Result<unknown, ApiError> {
  if (typeof body !== 'string') return ok(body);
  if (body.trim() === '') return ok(undefined);
  try {
    return ok(JSON.parse(body));
  } catch {
    return err(apiError('INVALID_REQUEST_FORMAT', 'Request body is not valid JSON'));
  }
}
