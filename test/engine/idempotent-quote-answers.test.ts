/**
 * Idempotent quote answers kept as their quote (engine/idempotent-responses.ts; docs/performance.md,
 * "Idempotent quote answers kept as their quote (stop 31)"): the first answer of an execution is
 * stored as the quote's id, status and updatedAt when rendering the quote then prints exactly
 * that answer, and a retry long after (the quote's status and updatedAt moved with its flow)
 * gets the first answer again byte for byte: live, from a replay of the log, from a snapshot.
 * An answer the rendering does not reproduce (here: one tampered in the log) is kept as it is.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { IdempotentResponse } from '../../src/domains/state.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { AUTH } from '../support/harness.js';
import { advanceBy, fund, newCustomer, newExternalAccount, payoutBody, setup } from '../quotes/support.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function retry(engine: Engine, path: string, key: string, now: string): { text: string; events: readonly EventEnvelope[] } {
  const { response, events } = engine.handle({ method: 'POST', path, headers: { authorization: AUTH, 'Idempotency-Key': key } }, { now });
  return { text: JSON.stringify(response), events };
}

function storedFor(engine: Engine, key: string): IdempotentResponse {
  const found = [...engine.state.idempotency.entries()].find(([stored]) => stored.endsWith(`|${key}`));
  expect(found).toBeDefined();
  return found![1];
}

/** A payout to suffix 005 (settles, is returned 30 s later, refunded) executed under `key`, then its flow run to the end. */
function executedThenMoved(key: string) {
  const h = setup();
  const { customerId, accountId } = newCustomer(h);
  fund(h, accountId, 100_000);
  const quote = h.ok('POST', '/quotes', payoutBody(accountId, newExternalAccount(h, customerId, 'MXN', '005'), 10_000));
  const path = `/quotes/${quote.id}/execute`;
  const answer = h.call('POST', path, undefined, { 'Idempotency-Key': key });
  expect(answer.status).toBe(200);
  const first = JSON.stringify({ status: answer.status, body: answer.body });
  advanceBy(h, 10 * 60 * 1000);
  // The quote's wire form has moved since the answer: its status and updatedAt.
  const now = h.ok('GET', `/quotes/${quote.id}`);
  expect([now.status, now.updatedAt === (answer.body as { updatedAt: string }).updatedAt]).toEqual(['FAILED', false]);
  return { h, path, first };
}

describe('an idempotent quote answer is kept as its quote', () => {
  it('a retry after the quote moved answers the first answer byte for byte: live, replayed, loaded', () => {
    const { h, path, first } = executedThenMoved('exec-1');
    const stored = storedFor(h.engine, 'exec-1');
    expect('body' in stored).toBe(false);
    expect(stored).toMatchObject({ quoteStatus: 'PROCESSING' });
    const replayed = createEngine({ events: viaJson(h.log) });
    const loaded = createEngine({ snapshot: viaJson(h.engine.snapshot()) });
    for (const engine of [h.engine, replayed, loaded]) {
      const again = retry(engine, path, 'exec-1', h.now);
      expect(again.text).toBe(first);
      expect(again.events).toEqual([]);
    }
  });

  it('keeps an answer as it is when rendering the quote does not print it exactly', () => {
    const { h, path } = executedThenMoved('exec-2');
    const log = viaJson(h.log).map((event) => {
      if (event.type !== 'IdempotentResponseStored') return event;
      const data = event.data as { body: Record<string, unknown> };
      return { ...event, data: { ...data, body: { ...data.body, description: 'written by another engine' } } };
    });
    // The chain is not checked by createEngine's replay of trusted events: only the store's choice is.
    const replayed = createEngine({ events: log });
    expect('body' in storedFor(replayed, 'exec-2')).toBe(true);
    const again = JSON.parse(retry(replayed, path, 'exec-2', h.now).text) as { body: { description: string } };
    expect(again.body.description).toBe('written by another engine');
  });

  it('keeps every answer that is not an executed quote as it is', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    h.call('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 5 }, { 'Idempotency-Key': 'fund-1' });
    expect('body' in storedFor(h.engine, 'fund-1')).toBe(true);
  });
});
