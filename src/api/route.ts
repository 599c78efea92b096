/**
 * What a route is: a method and a path template bound to a handler that reads state and returns
 * either new events plus a way to shape the response from the state after them, or an ApiError.
 * Handlers never change state; the engine appends and applies their events.
 */
import type { z } from 'zod';
import type { ApiError } from '../core/errors.js';
import type { Result } from '../core/result.js';
import type { EventDraft } from '../domains/evolver.js';
import type { HttpMethod, HttpResponse } from './http.js';
import type { ParsedRequest } from './request.js';

/** Who is calling, after authentication. */
export type Principal =
  | { readonly kind: 'platform'; readonly platformId: string }
  | { readonly kind: 'agent'; readonly agentId: string; readonly customerId: string }
  | { readonly kind: 'anonymous' };

/** Which credentials a route needs. */
export type RouteAuth = 'platform' | 'agent' | 'none';


/** A handler's success: the events to append and how to answer once they are applied. */
export type Accepted<S> = {
  readonly events: readonly EventDraft[];
  readonly respond: (state: S) => HttpResponse;
};

/** Everything a handler may read. */
export type RouteContext<S> = {
  readonly request: ParsedRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly state: S;
  readonly nowMs: number;
  /** The instant the request's events will carry. */
  readonly at: string;
  readonly principal: Principal;
  /** Mints a deterministic `<Type>:<uuid>` id for a new resource. */
  readonly newId: (type: string) => string;
  /**
   * HMAC-SHA256 (hex) under the host's secret: what credentials are minted from, so that the
   * log, which holds only their hashes, cannot be turned back into one. Never log its output.
   */
  readonly secretDigest: (message: string) => string;
};

/** A route: method, path template with `{param}` segments, credentials, handler. */
export type Route<S> = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly handle: (context: RouteContext<S>) => Result<Accepted<S>, ApiError>;
  /** The request body's zod schema, for the generated OpenAPI document (`payments-engine openapi`). */
  readonly schema?: z.ZodType;
  /** The query's zod schema (values are strings on the wire), for the generated OpenAPI document. */
  readonly querySchema?: z.ZodType;
};

/** A read-only answer: no events. */
export function answer<S>(status: number, body: unknown): Accepted<S> {
  return { events: [], respond: () => ({ status, body }) };
}
