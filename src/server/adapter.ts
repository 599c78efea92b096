/**
 * What the HTTP adapters (node:http and Fetch API) share: the base path, the body limit, the
 * request id, content-type checks and JSON responses. Plain functions over strings, so both
 * adapters answer exactly alike.
 */
import type { HttpRequest, HttpResponse } from '../api/http.js';
import { REQUEST_LIMITS } from '../api/limits.js';
import { isUploadContentType, UPLOAD_LIMITS } from '../api/raw-body.js';
import { apiError, errorBody } from '../core/errors.js';

/** The API version every path is served under, e.g. `/2025-10-13/customers`. */
export const BASE_PATH = '/2025-10-13';

/** Largest request body read, in bytes: the engine's own limit (REQUEST_LIMITS.bodyBytesMax). */
export const BODY_LIMIT_BYTES_DEFAULT: number = REQUEST_LIMITS.bodyBytesMax;

/**
 * Largest upload body read (multipart/form-data: documents, bulk CSV), in bytes: the engine's
 * UPLOAD_LIMITS.bodyBytesMax (10 MiB of file plus 1 MiB of framing).
 */
export const UPLOAD_LIMIT_BYTES_DEFAULT: number = UPLOAD_LIMITS.bodyBytesMax;

/** The request id header, echoed when the client sent a usable one, generated otherwise. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Options of `nodeHandler` and `fetchHandler`. */
export type AdapterOptions = {
  /** Prefix stripped from every path (default BASE_PATH). */
  readonly basePath?: string;
  /** JSON bodies larger than this are 413 before they are read whole (default BODY_LIMIT_BYTES_DEFAULT). */
  readonly bodyLimitBytes?: number;
  /** multipart/form-data bodies larger than this are 413 before they are read whole (default UPLOAD_LIMIT_BYTES_DEFAULT). */
  readonly uploadLimitBytes?: number;
  /** Called once per answered request (access log); never receives bodies or headers. */
  readonly onResponse?: (entry: AccessEntry) => void;
};

/** One access-log entry. */
export type AccessEntry = {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's X-Request-Id when it is 1-128 safe characters, else a fresh UUID. */
export function requestIdOf(sent: string | null | undefined): string {
  return sent !== undefined && sent !== null && REQUEST_ID.test(sent) ? sent : globalThis.crypto.randomUUID();
}

/** An error response with the API's error body. */
export function errorResponse(code: Parameters<typeof apiError>[0], reason: string): HttpResponse {
  const error = apiError(code, reason);
  return { status: error.status, body: errorBody(error) };
}

/**
 * The path relative to `basePath` (query kept), or a 404 response naming the right base path.
 * `/2025-10-13` alone is `/`.
 */
export function stripBasePath(pathWithQuery: string, basePath: string): { path: string } | HttpResponse {
  if (pathWithQuery.startsWith(basePath)) {
    const rest = pathWithQuery.slice(basePath.length);
    if (rest === '') return { path: '/' };
    if (rest.startsWith('/')) return { path: rest };
    if (rest.startsWith('?')) return { path: `/${rest}` };
  }
  const path = pathWithQuery.split('?')[0] ?? '';
  return errorResponse('NOT_FOUND', `No API under ${path.slice(0, 200)}: the API is served under ${basePath}, e.g. ${basePath}/customers`);
}

/** Methods that carry a JSON body. */
export function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PATCH' || method === 'PUT';
}

/** True for a multipart/form-data content type: the body goes to the engine as bytes. */
export function isUpload(contentType: string | null | undefined): boolean {
  return isUploadContentType(contentType ?? undefined);
}

/** The body limit for a request with this content type: uploads get the larger upload limit. */
export function bodyLimitFor(contentType: string | null | undefined, options: AdapterOptions): number {
  return isUpload(contentType)
    ? (options.uploadLimitBytes ?? UPLOAD_LIMIT_BYTES_DEFAULT)
    : (options.bodyLimitBytes ?? BODY_LIMIT_BYTES_DEFAULT);
}

/** A 400 when a body is sent with a content type other than JSON or multipart/form-data, else undefined. */
export function contentTypeProblem(contentType: string | null | undefined, bodyBytes: number): HttpResponse | undefined {
  if (bodyBytes === 0 || isUpload(contentType)) return undefined;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json' || type?.endsWith('+json') === true) return undefined;
  return errorResponse('INVALID_REQUEST_FORMAT', 'Content-Type must be application/json (or multipart/form-data for uploads)');
}

/** The 413 for a body over `limitBytes`. */
export function tooLarge(limitBytes: number): HttpResponse {
  return errorResponse('PAYLOAD_TOO_LARGE', `Request body is larger than ${limitBytes} bytes`);
}

/**
 * The engine request for a stripped path, lower-cased headers and the body: JSON as text, an
 * upload (multipart/form-data) as its bytes, which the engine never decodes as text.
 */
export function engineRequest(method: string, path: string, headers: Record<string, string>, body: Uint8Array, decodeText: (bytes: Uint8Array) => string): HttpRequest {
  if (body.length === 0) return { method, path, headers };
  if (isUpload(headers['content-type'])) return { method, path, headers, body };
  return { method, path, headers, body: decodeText(body) };
}

/** The JSON text of a response body (empty for 204 or no body). */
export function responseText(response: HttpResponse): string {
  return response.body === undefined || response.status === 204 ? '' : JSON.stringify(response.body);
}
