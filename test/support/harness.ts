/**
 * Test harness: an engine driven through `handle` with the sandbox credentials, a clock that the
 * test moves, and the log collected as a server would store it.
 */
import { basicAuthorization } from '../../src/api/auth.js';
import type { HttpResponse } from '../../src/api/http.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { type EngineOptions, SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import type { EventEnvelope } from '../../src/log/index.js';

/** The sandbox platform's Authorization header. */
export const AUTH = basicAuthorization(SANDBOX_CREDENTIAL);

/** A driven engine: call it like a client, read the stored log. */
export type Harness = {
  readonly engine: Engine;
  readonly log: EventEnvelope[];
  now: string;
  /** Sends a request at the harness's `now` with the sandbox credentials (unless headers override). */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): HttpResponse & { events: readonly EventEnvelope[] };
  /** Shorthand for a request that must succeed; returns its body. */
  ok<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): T;
};

/** Creates a harness at `now` (default 2026-01-05T16:00:00Z). */
export function harness(options: EngineOptions = {}, now = '2026-01-05T16:00:00.000Z'): Harness {
  const engine = createEngine(options);
  const log: EventEnvelope[] = [];
  const h: Harness = {
    engine,
    log,
    now,
    call(method, path, body, headers) {
      const { response, events } = engine.handle(
        { method, path, headers: { authorization: AUTH, ...headers }, ...(body === undefined ? {} : { body }) },
        { now: h.now },
      );
      log.push(...events);
      return { ...response, events };
    },
    ok(method, path, body, headers) {
      const response = h.call(method, path, body, headers);
      if (response.status >= 300) {
        throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      }
      return response.body as any;
    },
  };
  return h;
}
