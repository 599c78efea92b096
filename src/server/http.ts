/**
 * The node:http adapter: `http.createServer(nodeHandler(writer))` serves the API under
 * `/2025-10-13`, with the body limits (413 before the body is read whole), JSON bodies as text
 * and multipart/form-data uploads as bytes, an `X-Request-Id` on every answer, and JSON responses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** Node's request headers as one lower-cased string each (repeated headers joined by ", "). */
function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Reads the body up to `limitBytes`; undefined when it is larger (reading stops there). */
function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > limitBytes) {
        request.off('data', onData);
        request.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * A node:http request listener that hands each API request to `handler` (usually a Writer).
 * @example
 * http.createServer(nodeHandler(writer)).listen(8080, '127.0.0.1');
 */
export function nodeHandler(handler: RequestHandler, options: AdapterOptions = {}): (request: IncomingMessage, response: ServerResponse) => void {
  const basePath = options.basePath ?? BASE_PATH;
  const decoder = new TextDecoder();
  const decodeText = (bytes: Uint8Array): string => decoder.decode(bytes);
  return (request, response) => {
    const startedMs = performance.now();
    const sentId = request.headers[REQUEST_ID_HEADER];
    const requestId = requestIdOf(Array.isArray(sentId) ? sentId[0] : sentId);
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    let closeAfter = false;
    const send = (answer: HttpResponse): void => {
      const text = responseText(answer);
      const headers: Record<string, string | number> = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        [REQUEST_ID_HEADER]: requestId,
      };
      // An unread body stays on the socket: close it rather than read the rest.
      if (closeAfter) headers.connection = 'close';
      response.writeHead(answer.status, headers);
      response.end(text);
      options.onResponse?.({ requestId, method, path: url.split('?')[0] ?? url, status: answer.status, durationMs: performance.now() - startedMs });
    };
    const stripped = stripBasePath(url, basePath);
    if (!('path' in stripped)) {
      closeAfter = hasBody(method);
      send(stripped);
      return;
    }
    const limitBytes = bodyLimitFor(request.headers['content-type'], options);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limitBytes) {
      closeAfter = true;
      send(tooLarge(limitBytes));
      return;
    }
    const answer = async (): Promise<HttpResponse> => {
      const body = hasBody(method) ? await readBody(request, limitBytes) : Buffer.alloc(0);
      if (body === undefined) {
        closeAfter = true;
        return tooLarge(limitBytes);
      }
      const problem = contentTypeProblem(request.headers['content-type'], body.length);
      if (problem !== undefined) return problem;
      return handler.handle(engineRequest(method, stripped.path, headersOf(request), body, decodeText));
    };
    answer().then(send, () => send(errorResponse('INTERNAL_ERROR', 'The request could not be read or answered.')));
  };
}
