/**
 * Statement months in America/Chicago across daylight saving: March 2026 starts at -06:00 and
 * ends at -05:00 (743 hours), November 2026 starts at -05:00 and ends at -06:00 (721 hours). Rows
 * exactly at startDate are in the window, rows exactly at endDate are not.
 */
import { describe, expect, it } from 'vitest';
import { statementMonth } from '../../src/core/calendar.js';
import { harness } from '../support/harness.js';
import { allPages, balanceChangesPath, type BalanceChangesBody, fund, PIN_AMOUNT, platformAccount } from './support.js';

const HOUR_MS = 3_600_000;

const MONTHS = [
  { name: 'January 2026 (no change)', year: 2026, month: 1, start: '2026-01-01T00:00:00-06:00', end: '2026-02-01T00:00:00-06:00', hours: 744 },
  { name: 'March 2026 (spring forward)', year: 2026, month: 3, start: '2026-03-01T00:00:00-06:00', end: '2026-04-01T00:00:00-05:00', hours: 743 },
  { name: 'July 2026 (summer time)', year: 2026, month: 7, start: '2026-07-01T00:00:00-05:00', end: '2026-08-01T00:00:00-05:00', hours: 744 },
  { name: 'November 2026 (fall back)', year: 2026, month: 11, start: '2026-11-01T00:00:00-05:00', end: '2026-12-01T00:00:00-06:00', hours: 721 },
] as const;

describe('statement months in America/Chicago', () => {
  it.each(MONTHS)('$name starts at $start and ends at $end ($hours hours)', ({ year, month, start, end, hours }) => {
    const window = statementMonth(year, month);
    expect(window.startMs).toBe(Date.parse(start));
    expect(window.endMs).toBe(Date.parse(end));
    expect((window.endMs - window.startMs) / HOUR_MS).toBe(hours);
  });

  it.each(MONTHS)('$name: periodStart and periodEnd are echoed with the zone offset', ({ start, end }) => {
    const h = harness({}, '2025-12-01T00:00:00.000Z');
    const id = platformAccount(h);
    h.now = '2027-01-01T00:00:00.000Z';
    const body = h.ok<BalanceChangesBody>('GET', balanceChangesPath(id, { startDate: start, endDate: end }));
    expect(body.periodStart).toBe(start);
    expect(body.periodEnd).toBe(end);
  });
});

describe('rows at the edges of a month that spans a DST change', () => {
  const cases = [
    {
      name: 'March 2026',
      start: '2026-03-01T00:00:00-06:00',
      end: '2026-04-01T00:00:00-05:00',
      // [instant, amount, inWindow]
      fundings: [
        ['2026-03-01T05:59:59.999Z', 10, false],
        ['2026-03-01T00:00:00-06:00', 20, true],
        ['2026-03-08T01:59:59-06:00', 40, true],
        ['2026-03-08T03:00:00-05:00', 80, true],
        ['2026-03-31T23:59:59.999-05:00', 160, true],
        ['2026-04-01T00:00:00-05:00', 320, false],
      ],
    },
    {
      name: 'November 2026',
      start: '2026-11-01T00:00:00-05:00',
      end: '2026-12-01T00:00:00-06:00',
      fundings: [
        ['2026-10-31T23:59:59.999-05:00', 10, false],
        ['2026-11-01T00:00:00-05:00', 20, true],
        ['2026-11-01T01:30:00-05:00', 40, true],
        ['2026-11-01T01:30:00-06:00', 80, true],
        ['2026-11-30T23:59:59.999-06:00', 160, true],
        ['2026-12-01T00:00:00-06:00', 320, false],
      ],
    },
  ] as const;

  it.each(cases)('$name: a row at startDate is included, a row at endDate is excluded', ({ start, end, fundings }) => {
    const h = harness({}, '2026-01-01T00:00:00.000Z');
    const id = platformAccount(h);
    for (const [at, amount] of fundings) fund(h, id, amount, at);
    h.now = '2027-01-01T00:00:00.000Z';
    const [page] = allPages(h, id, start, end);
    const inWindow = fundings.filter(([, , included]) => included);
    expect(page?.data.map((row) => Date.parse(row.effectiveAt))).toEqual(inWindow.map(([at]) => Date.parse(at)));
    expect(page?.data.map((row) => row.amount.amount)).toEqual(inWindow.map(([, amount]) => amount));
    const before = fundings.filter(([at]) => Date.parse(at) < Date.parse(start)).reduce((sum, [, amount]) => sum + amount, 0);
    expect(page?.openingBalance.amount).toBe(PIN_AMOUNT + before);
    expect(page?.closingBalance.amount).toBe(PIN_AMOUNT + before + inWindow.reduce((sum, [, amount]) => sum + amount, 0));
  });

  it('a window of the same instants written in UTC reads the same rows', () => {
    const h = harness({}, '2026-01-01T00:00:00.000Z');
    const id = platformAccount(h);
    fund(h, id, 5, '2026-03-01T00:00:00-06:00');
    fund(h, id, 7, '2026-03-31T23:00:00-05:00');
    h.now = '2026-05-01T00:00:00.000Z';
    const [chicago] = allPages(h, id, '2026-03-01T00:00:00-06:00', '2026-04-01T00:00:00-05:00');
    const [utc] = allPages(h, id, '2026-03-01T06:00:00Z', '2026-04-01T05:00:00Z');
    expect(utc?.data).toEqual(chicago?.data);
    expect(utc?.periodStart).toBe('2026-03-01T00:00:00-06:00');
  });

  it('a start at local midnight with the wrong offset is another window (an hour earlier)', () => {
    const h = harness({}, '2026-01-01T00:00:00.000Z');
    const id = platformAccount(h);
    fund(h, id, 5, '2026-02-28T23:30:00-06:00');
    h.now = '2026-05-01T00:00:00.000Z';
    const [page] = allPages(h, id, '2026-03-01T00:00:00-05:00', '2026-04-01T00:00:00-05:00');
    expect(page?.periodStart).toBe('2026-02-28T23:00:00-06:00');
    expect(page?.data.map((row) => row.amount.amount)).toEqual([5]);
  });
});
