/**
 * A statement is recorded as fetched only when the window is exactly one America/Chicago month of
 * an account with statements of its own, and only once: the first fetch's time is kept.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { balanceChangesPath, fund, platformAccount, withCustomerAccount } from './support.js';
import { harness } from '../support/harness.js';

const MARCH = { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00' };
const NOVEMBER = { startDate: '2026-11-01T00:00:00-05:00', endDate: '2026-12-01T00:00:00-06:00' };

function customer() {
  const { h, accountId } = withCustomerAccount('2026-02-15T00:00:00.000Z');
  fund(h, accountId, 500, '2026-03-10T12:00:00.000Z');
  fund(h, accountId, 250, '2026-11-10T12:00:00.000Z');
  h.now = '2026-12-15T00:00:00.000Z';
  return { h, accountId };
}

describe('statement fetched', () => {
  it.each([
    { name: 'March 2026 (spring forward)', window: MARCH, periodStart: '2026-03-01T00:00:00-06:00' },
    { name: 'November 2026 (fall back)', window: NOVEMBER, periodStart: '2026-11-01T00:00:00-05:00' },
    { name: 'March 2026 written in UTC', window: { startDate: '2026-03-01T06:00:00Z', endDate: '2026-04-01T05:00:00Z' }, periodStart: '2026-03-01T00:00:00-06:00' },
  ])('the first fetch of an exact month ($name) writes StatementFetched', ({ window, periodStart }) => {
    const { h, accountId } = customer();
    const response = h.call('GET', balanceChangesPath(accountId, window));
    expect(response.status).toBe(200);
    expect(response.events.map((e) => ({ type: e.type, version: e.version, data: e.data }))).toEqual([
      { type: 'StatementFetched', version: 1, data: { internalAccountId: accountId, periodStart, fetchedAt: '2026-12-15T00:00:00.000Z' } },
    ]);
  });

  it('a later fetch writes nothing and the first fetchedAt is kept', () => {
    const { h, accountId } = customer();
    h.ok('GET', balanceChangesPath(accountId, MARCH));
    h.now = '2026-12-20T00:00:00.000Z';
    const again = h.call('GET', balanceChangesPath(accountId, { ...MARCH, limit: 1 }));
    expect(again.status).toBe(200);
    expect(again.events).toEqual([]);
    const receipt = h.ok('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: MARCH.startDate });
    expect(receipt.fetchedAt).toBe('2026-12-15T00:00:00.000Z');
  });

  it('each month is recorded on its own', () => {
    const { h, accountId } = customer();
    expect(h.call('GET', balanceChangesPath(accountId, MARCH)).events).toHaveLength(1);
    expect(h.call('GET', balanceChangesPath(accountId, NOVEMBER)).events).toHaveLength(1);
  });

  it.each([
    { name: 'half a month', window: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-03-16T00:00:00-05:00' } },
    { name: 'a month and a day', window: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-02T00:00:00-05:00' } },
    { name: 'midnight with the wrong offset', window: { startDate: '2026-03-01T00:00:00-05:00', endDate: '2026-04-01T00:00:00-05:00' } },
    { name: 'a UTC month', window: { startDate: '2026-03-01T00:00:00Z', endDate: '2026-04-01T00:00:00Z' } },
    { name: 'two months', window: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-05-01T00:00:00-05:00' } },
  ])('a window that is not exactly one month ($name) records nothing', ({ window }) => {
    const { h, accountId } = customer();
    const response = h.call('GET', balanceChangesPath(accountId, window));
    expect(response.status).toBe(200);
    expect(response.events).toEqual([]);
  });

  it('an exact month of the platform-owned account records nothing', () => {
    const h = harness({}, '2026-02-15T00:00:00.000Z');
    const id = platformAccount(h);
    h.now = '2026-12-15T00:00:00.000Z';
    const response = h.call('GET', balanceChangesPath(id, MARCH));
    expect(response.status).toBe(200);
    expect(response.events).toEqual([]);
  });

  it('a rejected fetch (409 NOT_YET_AVAILABLE) records nothing', () => {
    const { h, accountId } = customer();
    const closed = h.engine.closeSettlement('2026-03-31T00:00:00-05:00', { now: h.now });
    expect(closed.ok).toBe(true);
    const response = h.call('GET', balanceChangesPath(accountId, MARCH));
    expect(response.status).toBe(409);
    expect(response.events).toEqual([]);
  });

  it('replaying the log gives the same statement records', () => {
    const { h, accountId } = customer();
    h.ok('GET', balanceChangesPath(accountId, MARCH));
    h.ok('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: MARCH.startDate });
    const replayed = createEngine({ events: h.log });
    expect(replayed.head()).toEqual(h.engine.head());
    expect([...replayed.state.statements.byKey]).toEqual([...h.engine.state.statements.byKey]);
  });
});

