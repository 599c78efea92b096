/**
 * The bounds on everything a request may carry, checked at the edge before any route sees it, so
 * that no input can make a later step throw (a deep body overflowing `JSON.stringify`'s stack, a
 * huge Idempotency-Key making a stored event longer than a log line). Every bound is named here,
 * documented in docs/errors.md, and tested in test/api/limits.test.ts.
 */
import { type ApiError, apiError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';

/** The limits of one request. */
export const REQUEST_LIMITS = {
  /** A JSON body, as UTF-8 bytes (413 PAYLOAD_TOO_LARGE past it). */
  bodyBytesMax: 262_144,
  /** Nesting of objects and arrays in a body (`{}` at the top is depth 1). */
  bodyDepthMax: 32,
  /** Characters in one string value of a body. */
  stringLengthMax: 65_536,
  /** Characters in one object key of a body. */
  keyLengthMax: 256,
  /** Keys of one object in a body. */
  objectKeysMax: 1_000,
  /** Items of one array in a body. */
  arrayItemsMax: 10_000,
  /** Characters of the path, query string included. */
  pathLengthMax: 2_048,
  /** Distinct query parameters. */
  queryKeysMax: 64,
  /** Characters of one query parameter's name or value. */
  queryValueLengthMax: 2_048,
  /** Headers of one request. */
  headersMax: 128,
  /** Characters of one header's name or value. */
  headerValueLengthMax: 8_192,
  /** Characters of an `Idempotency-Key` (Stripe allows 255). */
  idempotencyKeyLengthMax: 255,
} as const;

/**
 * Keys that would reach `Object.prototype` machinery if a body were ever merged into a plain
 * object or used to index a table; refused anywhere in a body.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Checks a JSON text's size and nesting before it is parsed. Pure; scans once, skipping string
 * contents, so a depth bomb is refused without being built.
 */
export function checkBodyText(text: string): Result<void, ApiError> {
  // A UTF-8 character is at most 3 bytes per UTF-16 unit, so most bodies need no exact count.
  if (text.length * 3 > REQUEST_LIMITS.bodyBytesMax && utf8Length(text) > REQUEST_LIMITS.bodyBytesMax) return err(tooLarge());
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > REQUEST_LIMITS.bodyDepthMax) return err(tooDeep());
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return ok(undefined);
}

/**
 * Checks a parsed body (or one a server handed in already parsed): only JSON values, and every
 * bound of `REQUEST_LIMITS` on depth, strings, keys and arrays, with no reserved key. Pure and
 * iterative, so no input can overflow the stack here. Returns the first problem found.
 */
export function checkBodyValue(body: unknown): Result<void, ApiError> {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: '' }];
  let visited = 0;
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    visited += 1;
    // Every node costs at least one byte of JSON, so more nodes than bytes cannot be a JSON body.
    if (visited > REQUEST_LIMITS.bodyBytesMax) return err(tooLarge());
    const problem = checkNode(value, depth, path, stack);
    if (problem !== undefined) return err(problem);
  }
  return ok(undefined);
}

type Pending = { value: unknown; depth: number; path: string };

function checkNode(value: unknown, depth: number, path: string, stack: Pending[]): ApiError | undefined {
  // undefined is what a JS caller's absent field looks like; JSON would drop it (or write null).
  if (value === null || value === undefined || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : invalid(path, 'must be a finite JSON number');
  if (typeof value === 'string') {
    return value.length > REQUEST_LIMITS.stringLengthMax ? invalid(path, `must be at most ${REQUEST_LIMITS.stringLengthMax} characters`) : undefined;
  }
  if (typeof value !== 'object') return invalid(path, 'is not a JSON value');
  if (depth + 1 > REQUEST_LIMITS.bodyDepthMax) return tooDeep();
  if (Array.isArray(value)) {
    if (value.length > REQUEST_LIMITS.arrayItemsMax) return invalid(path, `must hold at most ${REQUEST_LIMITS.arrayItemsMax} items`);
    for (let i = 0; i < value.length; i += 1) stack.push({ value: value[i], depth: depth + 1, path: `${path}[${i}]` });
    return undefined;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return invalid(path, 'must be a plain JSON object');
  const keys = Object.keys(value);
  if (keys.length > REQUEST_LIMITS.objectKeysMax) return invalid(path, `must hold at most ${REQUEST_LIMITS.objectKeysMax} keys`);
  // An own "__proto__" key (JSON.parse makes one) is not listed by Object.keys on every engine path; check it directly.
  if (Object.hasOwn(value, '__proto__')) return invalid(join(path, '__proto__'), 'is a reserved key');
  for (const key of keys) {
    const field = join(path, key);
    if (key.length > REQUEST_LIMITS.keyLengthMax) return invalid(field.slice(0, 300), `keys must be at most ${REQUEST_LIMITS.keyLengthMax} characters`);
    if (RESERVED_KEYS.has(key)) return invalid(field, 'is a reserved key');
    stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: field });
  }
  return undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function tooLarge(): ApiError {
  return apiError('PAYLOAD_TOO_LARGE', `Request body is larger than ${REQUEST_LIMITS.bodyBytesMax} bytes`);
}

function tooDeep(): ApiError {
  return apiError('INVALID_REQUEST_FORMAT', `Request body nests deeper than ${REQUEST_LIMITS.bodyDepthMax} levels`);
}

function invalid(field: string, message: string): ApiError {
  const name = field === '' ? 'body' : field;
  return apiError('INVALID_INPUT', `${name} ${message}`, { errors: [{ field: name, message: `${name} ${message}` }] });
}
