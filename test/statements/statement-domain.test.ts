/**
 * The statements domain below the routes: balance-change row ids, window formatting, and the
 * evolvers' second check that each account-month is fetched and confirmed at most once.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { eventIdAt } from '../../src/core/ids.js';
import { formatInstant } from '../../src/core/time.js';
import { balanceChangeId, formatWindowInstant } from '../../src/domains/statements/index.js';
import { createEngine } from '../../src/engine/engine.js';
import { sealEvent } from '../../src/log/index.js';
import { balanceChangesPath, fund, withCustomerAccount } from './support.js';

const UUID_V7 = /^BalanceChange:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('balance-change row ids', () => {
  const atMs = Date.parse('2026-03-05T10:00:00Z');

  it('are BalanceChange:<uuid> with the movement time in the first 48 bits', () => {
    const id = balanceChangeId('InternalAccount:a', 'Transfer:t', atMs);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.slice('BalanceChange:'.length).replace('-', '').slice(0, 12), 16)).toBe(atMs);
  });

  it('are the same for the same account and transfer, whatever else happens', () => {
    expect(balanceChangeId('InternalAccount:a', 'Transfer:t', atMs)).toBe(balanceChangeId('InternalAccount:a', 'Transfer:t', atMs));
  });

  it('tell apart the two rows one transfer leaves on its two accounts', () => {
    expect(balanceChangeId('InternalAccount:a', 'Transfer:t', atMs)).not.toBe(balanceChangeId('InternalAccount:b', 'Transfer:t', atMs));
  });

  it('tell apart two transfers on one account at the same instant', () => {
    expect(balanceChangeId('InternalAccount:a', 'Transfer:t1', atMs)).not.toBe(balanceChangeId('InternalAccount:a', 'Transfer:t2', atMs));
  });
});

describe('window instants', () => {
  it.each([
    ['2026-03-01T06:00:00Z', '2026-03-01T00:00:00-06:00'],
    ['2026-04-01T05:00:00Z', '2026-04-01T00:00:00-05:00'],
    ['2026-03-01T06:00:00.250Z', '2026-03-01T00:00:00.250-06:00'],
    ['2026-11-01T06:30:00Z', '2026-11-01T01:30:00-05:00'],
    ['2026-11-01T07:30:00Z', '2026-11-01T01:30:00-06:00'],
  ])('%s is written %s in America/Chicago', (utc, chicago) => {
    expect(formatWindowInstant(Date.parse(utc))).toBe(chicago);
    expect(Date.parse(chicago)).toBe(Date.parse(utc));
  });
});

describe('statement evolvers', () => {
  const MARCH = { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00' };

  it.each([
    { name: 'StatementFetched', write: 'fetch' as const },
    { name: 'StatementDeliveryConfirmed', write: 'confirm' as const },
  ])('replay refuses a log that records $name twice for one account-month', ({ name, write }) => {
    const { h, accountId } = withCustomerAccount('2026-02-15T00:00:00.000Z');
    fund(h, accountId, 100, '2026-03-05T00:00:00.000Z');
    h.now = '2026-04-05T00:00:00.000Z';
    if (write === 'fetch') h.ok('GET', balanceChangesPath(accountId, MARCH));
    else h.ok('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: MARCH.startDate });
    const log = h.log;
    const original = log.find((e) => e.type === name);
    expect(original).toBeDefined();
    const head = h.engine.head();
    const duplicate = sealEvent(
      { seq: head.seq, hash: head.hash },
      { type: name, version: 1, at: formatInstant(head.atMs), data: original?.data },
      eventIdAt(0, head.seq + 1, head.atMs),
    );
    expect(() => createEngine({ events: [...log, duplicate.envelope] })).toThrow(InvariantError);
  });
});
