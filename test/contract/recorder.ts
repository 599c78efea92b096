/**
 * Records every exchange an engine answers: a wrapper around `engine.handle` that keeps
 * (method, path, status, body) so the contract test can hold each body to the reference.
 */
import type { HttpRequest } from '../../src/api/http.js';
import type { Engine } from '../../src/engine/engine.js';

/** One answered request. */
export type Exchange = {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
  /** Where it came from (a flow's name), for the report. */
  readonly source: string;
  readonly requestBody?: unknown;
};

/** A shared list of exchanges and the name of the flow now running. */
export type Recorder = { readonly exchanges: Exchange[]; source: string };

/** A new, empty recorder. */
export function recorder(): Recorder {
  return { exchanges: [], source: 'unnamed' };
}

/** Makes `engine.handle` record into `into`; returns the engine. */
export function record(engine: Engine, into: Recorder): Engine {
  const original = engine.handle.bind(engine);
  (engine as { handle: Engine['handle'] }).handle = (request: HttpRequest, clock) => {
    const result = original(request, clock);
    into.exchanges.push({
      method: request.method.toUpperCase(),
      path: request.path,
      status: result.response.status,
      body: result.response.body,
      source: into.source,
      ...(request.body === undefined ? {} : { requestBody: request.body }),
    });
    return result;
  };
  return engine;
}
