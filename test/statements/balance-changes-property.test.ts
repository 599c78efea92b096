/**
 * Property: for random fundings (times and amounts), random windows and random page sizes, paging
 * through a window returns exactly the movements in `[startDate, endDate)` in the order money
 * moved, never duplicating or skipping a row, and opening + sum(rows of all pages) = closing.
 */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { formatInstant } from '../../src/core/time.js';
import { harness } from '../support/harness.js';
import { allPages, fund, PIN_AMOUNT, platformAccount } from './support.js';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 30);
const BASE_MS = Date.parse('2026-03-01T00:00:00Z');
const SPAN_SECONDS = 40 * 86_400;
const NOW_MS = BASE_MS + (SPAN_SECONDS + 86_400) * 1000;

const funding = fc.record({
  offsetSeconds: fc.integer({ min: 1, max: SPAN_SECONDS }),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
});

/** A window edge: an arbitrary second in the span, or exactly a funding's time (index into the fundings). */
const edge = fc.oneof(
  fc.record({ kind: fc.constant('second' as const), offsetSeconds: fc.integer({ min: 0, max: SPAN_SECONDS + 86_400 }) }),
  fc.record({ kind: fc.constant('funding' as const), index: fc.nat() }),
);

const pageSize = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 }));

test.prop([fc.array(funding, { maxLength: 40 }), edge, edge, pageSize], { numRuns: NUM_RUNS })(
  'paging a random window returns exactly its movements, once each, and opening + sum = closing',
  (fundings, edgeA, edgeB, limit) => {
    const h = harness({}, formatInstant(BASE_MS));
    const id = platformAccount(h);
    const sorted = [...fundings].sort((a, b) => a.offsetSeconds - b.offsetSeconds);
    for (const f of sorted) fund(h, id, f.amount, formatInstant(BASE_MS + f.offsetSeconds * 1000));
    h.now = formatInstant(NOW_MS);
    // The pin funding (see platformAccount) is the first movement, at BASE_MS.
    const movements = [{ offsetSeconds: 0, amount: PIN_AMOUNT }, ...sorted];

    const edgeMs = (e: typeof edgeA): number => {
      if (e.kind === 'second' || sorted.length === 0) return BASE_MS + (e.kind === 'second' ? e.offsetSeconds : 0) * 1000;
      return BASE_MS + (sorted[e.index % sorted.length]?.offsetSeconds ?? 0) * 1000;
    };
    let startMs = Math.min(edgeMs(edgeA), edgeMs(edgeB));
    const endMs = Math.max(edgeMs(edgeA), edgeMs(edgeB));
    if (startMs === endMs) startMs -= 1000;

    const pages = allPages(h, id, formatInstant(startMs), formatInstant(endMs), limit);
    const rows = pages.flatMap((p) => p.data);
    const expected = movements.filter((f) => {
      const atMs = BASE_MS + f.offsetSeconds * 1000;
      return atMs >= startMs && atMs < endMs;
    });
    const before = movements.filter((f) => BASE_MS + f.offsetSeconds * 1000 < startMs).reduce((sum, f) => sum + f.amount, 0);

    // Exactly the movements of the window, in the order money moved.
    expect(rows.map((r) => [Date.parse(r.effectiveAt), r.amount.amount])).toEqual(
      expected.map((f) => [BASE_MS + f.offsetSeconds * 1000, f.amount]),
    );
    // Paging never duplicates or skips: ids unique, every page full but the last, counts agree.
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    pages.forEach((page, i) => {
      expect(page.totalCount).toBe(expected.length);
      expect(page.hasMore).toBe(i < pages.length - 1);
      if (i < pages.length - 1) expect(page.data).toHaveLength(limit);
      expect(page.openingBalance).toEqual(pages[0]?.openingBalance);
      expect(page.closingBalance).toEqual(pages[0]?.closingBalance);
    });
    // Opening is everything before the window; opening + sum(rows) = closing.
    const opening = pages[0]?.openingBalance.amount ?? Number.NaN;
    const closing = pages[0]?.closingBalance.amount ?? Number.NaN;
    expect(opening).toBe(before);
    expect(opening + rows.reduce((sum, r) => sum + r.amount.amount, 0)).toBe(closing);
  },
);
