/**
 * The Fetch API adapter: `(Request) => Promise<Response>`, so Hono, Bun, Deno, workers and
 * undici servers can mount the API. Same behaviour as the node:http adapter: base path
 * `/2025-10-13`, body limits (413 before the body is read whole), JSON bodies as text and
 * multipart/form-data uploads as bytes,
 * `X-Request-Id`, JSON responses.
 */
import type { HttpResponse } from '../api/http.js';
import {
  type AdapterOptions,
  BASE_PATH,
  bodyLimitFor,
  contentTypeProblem,
  engineRequest,
  errorResponse,
  hasBody,
  REQUEST_ID_HEADER,
  requestIdOf,
  responseText,
  stripBasePath,
  tooLarge,
} from './adapter.js';
import type { RequestHandler } from './writer.js';

/** Reads a body stream up to `limitBytes`; undefined when it is larger (the stream is cancelled). */
async function readBody(body: ReadableStream<Uint8Array> | null, limitBytes: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (bytes > limitBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/**
 * A Fetch API handler that hands each API request to `handler` (usually a Writer).
 * @example
 * Bun.serve({ port: 8080, fetch: fetchHandler(writer) });
 */
export function fetchHandler(handler: RequestHandler, options: AdapterOptions = {}): (request: Request) => Promise<Response> {
  const basePath = options.basePath ?? BASE_PATH;
  const decoder = new TextDecoder();
  const decodeText = (bytes: Uint8Array): string => decoder.decode(bytes);
  return async (request) => {
    const startedMs = performance.now();
    const requestId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
    const url = new URL(request.url);
    const answer = async (): Promise<HttpResponse> => {
      const stripped = stripBasePath(url.pathname + url.search, basePath);
      if (!('path' in stripped)) return stripped;
      const limitBytes = bodyLimitFor(request.headers.get('content-type'), options);
      if (Number(request.headers.get('content-length') ?? 0) > limitBytes) return tooLarge(limitBytes);
      const body = hasBody(request.method) ? await readBody(request.body, limitBytes) : new Uint8Array(0);
      if (body === undefined) return tooLarge(limitBytes);
      const problem = contentTypeProblem(request.headers.get('content-type'), body.length);
      if (problem !== undefined) return problem;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return handler.handle(engineRequest(request.method, stripped.path, headers, body, decodeText));
    };
    let response: HttpResponse;
    try {
      response = await answer();
    } catch {
      response = errorResponse('INTERNAL_ERROR', 'The request could not be read or answered.');
    }
    options.onResponse?.({ requestId, method: request.method, path: url.pathname, status: response.status, durationMs: performance.now() - startedMs });
    const text = responseText(response);
    return new Response(text === '' ? null : text, {
      status: response.status,
      headers: { 'content-type': 'application/json; charset=utf-8', [REQUEST_ID_HEADER]: requestId },
    });
  };
}
