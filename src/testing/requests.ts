/**
 * The requests an operation sends: with the platform's credentials, checked against the answers
 * the operation accepts, and small choices shared by the operation files.
 */
import type { HttpRequest, HttpResponse } from '../api/http.js';
import type { SessionModel } from './model.js';
import type { OperationCall, OperationContext } from './session.js';

/** An answer as an operation reads it. */
export type Answer = { readonly status: number; readonly body: any };

/** Sends one request with the platform's credentials; returns the answer, whatever its status. */
export function* send(context: OperationContext, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Generator<OperationCall, Answer, HttpResponse> {
  const request: HttpRequest = { method, path, headers: { authorization: context.authorization, ...headers }, ...(body === undefined ? {} : { body }) };
  const answer = yield { kind: 'request', request };
  return answer as Answer;
}

/** Sends and requires one of `accept` (default 200 and 201); returns the body. */
export function* must(
  context: OperationContext,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  accept: readonly number[] = [200, 201],
): Generator<OperationCall, any, HttpResponse> {
  const answer = yield* send(context, method, path, body, headers);
  if (!accept.includes(answer.status)) {
    throw new Error(`${method} ${path} ${JSON.stringify(body ?? null)} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** The `n`th element of `list` modulo its length (undefined when empty). */
export function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

/** The next number of the session, for unique names and identifiers. */
export function serial(model: SessionModel): number {
  model.serial += 1;
  return model.serial;
}
