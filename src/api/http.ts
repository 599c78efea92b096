/**
 * The wire contract as plain data: what a server hands to `handle` and what it gets back.
 * No I/O here; a server adapts its framework's request to `HttpRequest`.
 */

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Query values as a server parsed them: one string, or several for a repeated key. */
export type QueryParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A request relative to the base address, e.g. `{ method: 'POST', path: '/customers', body }`.
 * `body` is either the raw JSON text or an already parsed value; `path` may carry a `?query`.
 */
export type HttpRequest = {
  readonly method: string;
  readonly path: string;
  readonly query?: QueryParams;
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
};

/** A response: status and JSON body (an error body is `{ code, reason, details? }`). */
export type HttpResponse = { readonly status: number; readonly body: unknown };

/** The time of a call: an ISO instant with offset, or epoch milliseconds. */
export type Clock = { readonly now: string | number };
