/**
 * Error codes that `src/` produces but no other test showed (issue 12, "Prove it"): each row is a
 * request through `engine.handle` that must answer the row's status and code and write no event.
 * The server adapters' own code (500 INTERNAL_ERROR, never answered by the engine) is produced
 * through the Fetch API adapter.
 */
import { describe, expect, it } from 'vitest';
import { statusOf, type ErrorCode } from '../../src/core/errors.js';
import { fetchHandler } from '../../src/server/fetch.js';
import { AUTH, harness } from '../support/harness.js';

type Row = {
  readonly name: string;
  readonly code: ErrorCode;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
};

const rows: readonly Row[] = [
  // Order of checks (docs/errors.md): a method the API never serves is refused before routing.
  { name: 'a method the API does not serve at all', code: 'METHOD_NOT_ALLOWED', method: 'TRACE', path: '/customers' },
  // A known path asked with a method it does not serve (an unknown path is 404 NOT_FOUND).
  { name: 'a known path with a method it does not serve', code: 'METHOD_NOT_ALLOWED', method: 'DELETE', path: '/quotes' },
  { name: 'a known path with parameters and another method', code: 'METHOD_NOT_ALLOWED', method: 'PUT', path: '/transactions/Transaction:00000000-0000-0000-0000-000000000001' },
];

describe('codes produced by a request (issue 12)', () => {
  it.each(rows)('$code: $name', ({ code, method, path, body }) => {
    const h = harness();
    // A first write, so that the engine has a state to compare (a snapshot needs a log).
    h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'c-1', fullName: 'Ada Lovelace' });
    const logLength = h.log.length;
    const before = h.engine.snapshot();
    const response = h.call(method, path, body);
    expect(response.status).toBe(statusOf(code));
    expect(response.body).toMatchObject({ code });
    expect(typeof (response.body as { reason?: unknown }).reason).toBe('string');
    expect(response.events).toEqual([]);
    expect(h.log.length).toBe(logLength);
    expect(h.engine.snapshot()).toEqual(before);
  });

  it('answers an unknown path with 404 NOT_FOUND, not 405 (the 405 rule is about known paths)', () => {
    const h = harness();
    const response = h.call('DELETE', '/no-such-resource');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('codes produced by a server adapter (issue 12)', () => {
  it('INTERNAL_ERROR: the Fetch adapter answers 500 when the request cannot be answered, with the error body', async () => {
    const failing = { handle: () => Promise.reject(new Error('store unavailable')) };
    const handle = fetchHandler(failing);
    const response = await handle(
      new Request('http://localhost/2025-10-13/customers', { method: 'GET', headers: { authorization: AUTH } }),
    );
    expect(response.status).toBe(statusOf('INTERNAL_ERROR'));
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; reason: string };
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.reason).not.toContain('store unavailable');
  });
});
