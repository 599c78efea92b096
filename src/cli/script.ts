/**
 * Runs a request script (one JSON request a line, each with `at`) through an engine, resolving
 * `{{N...}}` references to earlier responses. Requests without an Authorization header get the
 * sandbox platform's credentials.
 */
import { basicAuthorization } from '../api/auth.js';
import type { Engine } from '../engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../engine/options.js';
import type { EventEnvelope } from '../log/index.js';
import { resolveTemplates, type ScriptResponse } from './templates.js';

/**
 * One line of a script: a request, or `{ at, advance: true }` to fire every timer due by `at`
 * (settlement delays, expiries), as a server's scheduler would.
 */
export type ScriptRequest =
  | {
      readonly at: string;
      readonly method: string;
      readonly path: string;
      readonly headers?: Record<string, string>;
      readonly query?: Record<string, string>;
      readonly body?: unknown;
    }
  | { readonly at: string; readonly advance: true };

/** What one script line produced. */
export type ScriptStep = { readonly n: number; readonly request: ScriptRequest; readonly response: ScriptResponse; readonly events: readonly EventEnvelope[] };

/** Runs `requests` in order; `onStep` sees each result. Returns every response. */
export function runScript(engine: Engine, requests: Iterable<ScriptRequest>, onStep: (step: ScriptStep) => void): ScriptResponse[] {
  const responses: ScriptResponse[] = [];
  let n = 0;
  for (const raw of requests) {
    n += 1;
    const { value, missing } = resolveTemplates(raw, responses);
    const request = value as ScriptRequest;
    if (missing.length > 0) {
      const response = { status: 0, body: { code: 'SCRIPT_REFERENCE_MISSING', reason: `unresolved ${missing.join(', ')}` } };
      responses.push(response);
      onStep({ n, request, response, events: [] });
      continue;
    }
    if ('advance' in request) {
      const events = engine.advance(request.at);
      const response = { status: 200, body: { advancedTo: request.at, events: events.length } };
      responses.push(response);
      onStep({ n, request, response, events });
      continue;
    }
    const hasAuth = Object.keys(request.headers ?? {}).some((k) => k.toLowerCase() === 'authorization');
    const headers = hasAuth ? request.headers : { ...request.headers, authorization: basicAuthorization(SANDBOX_CREDENTIAL) };
    const { response, events } = engine.handle(
      {
        method: request.method,
        path: request.path,
        ...(headers === undefined ? {} : { headers }),
        ...(request.query === undefined ? {} : { query: request.query }),
        ...(request.body === undefined ? {} : { body: request.body }),
      },
      { now: request.at },
    );
    responses.push(response);
    onStep({ n, request, response, events });
  }
  return responses;
}
