/** Figure 14's rounds, figures and lines (benchmarks/binary-figure.ts): the binary log from disk. */
import { describe, expect, it } from 'vitest';
import {
  alternatingRounds,
  BINARY_FIGURE_PARTS,
  type BinaryFigurePart,
  binaryFigureLines,
  type BinaryScenarioFigures,
  median,
  rotated,
  roundFigures,
} from '../../benchmarks/binary-figure.js';

describe('alternatingRounds', () => {
  it('runs every part once to warm up, then each round starts one part later', () => {
    const calls: string[] = [];
    const part = (name: string) => () => {
      calls.push(name);
      return calls.length;
    };
    const results = alternatingRounds({ a: part('a'), b: part('b'), c: part('c') }, 3);
    expect(calls).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b']);
    // The warm-up's results are dropped; each part's are in round order.
    expect(results).toEqual({ a: [4, 9, 11], b: [5, 7, 12], c: [6, 8, 10] });
  });
});

describe('rotated', () => {
  it('starts at the given index, wrapping round', () => {
    expect(rotated([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect(rotated([1, 2, 3], 2)).toEqual([3, 1, 2]);
    expect(rotated([1, 2, 3], 4)).toEqual([2, 3, 1]);
    expect(rotated([], 1)).toEqual([]);
  });
});

describe('median', () => {
  it('takes the middle value whatever the order, the mean of the middle two for an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

const seconds = (byPart: Partial<Record<BinaryFigurePart, number[]>>): Record<BinaryFigurePart, number[]> =>
  Object.fromEntries(BINARY_FIGURE_PARTS.map((part) => [part, byPart[part] ?? [1, 1, 1]])) as Record<BinaryFigurePart, number[]>;

describe('roundFigures', () => {
  it('gives the median events/s of each part and its rounds', () => {
    const f = roundFigures(1_000_000, seconds({ binaryTwoThreads: [2, 1, 4], replay: [1, 0.5, 2] }));
    expect(f.eventsPerSec.binaryTwoThreads).toBe(500_000);
    expect(f.eventsPerSec.replay).toBe(1_000_000);
    expect(f.roundsEventsPerSec.binaryTwoThreads).toEqual([500_000, 1_000_000, 250_000]);
  });

  it('takes each ratio round by round, faster part over slower, not as a ratio of medians', () => {
    // Each round the binary audit takes twice the replay's time, though the rounds differ 4x.
    const f = roundFigures(100, seconds({ binaryTwoThreads: [2, 8, 4], replay: [1, 4, 2], jsonlTwoThreads: [3, 12, 2] }));
    expect(f.ratios.binaryOverReplay).toBe(0.5);
    // Per round 1.5, 1.5, 0.5: median 1.5 (the ratio of medians would be 3 / 4).
    expect(f.ratios.binaryOverJsonl).toBe(1.5);
    // One thread 1 s each round, the replay 1, 4, 2 s: ratios 1, 4, 2.
    expect(f.ratios.binaryOneThreadOverReplay).toBe(2);
    expect(f.ratios.binaryOverJsonlOneThread).toBe(1);
  });

  it('sets the worker part alone beside the replay: the most the two-thread audit could read', () => {
    const f = roundFigures(300, seconds({ binaryDigests: [1, 3, 2], replay: [0.3, 0.6, 0.4] }));
    expect(f.eventsPerSec.binaryDigests).toBe(150);
    // Per round 0.3, 0.2, 0.2: median 0.2.
    expect(f.ratios.digestsOverReplay).toBe(0.2);
  });

  it('refuses parts with different numbers of rounds', () => {
    expect(() => roundFigures(100, seconds({ replay: [1, 1] }))).toThrow(/same number of rounds/);
  });
});

const scenario = (events: number, binaryEventsPerSec: number, twoThreadRounds = [2, 2, 2]): BinaryScenarioFigures => ({
  events,
  ...roundFigures(events, seconds({ binaryTwoThreads: [events / binaryEventsPerSec, events / binaryEventsPerSec, events / binaryEventsPerSec], replay: [1, 1, 1].map(() => events / 1_000_000), jsonlTwoThreads: [2, 2, 2].map((n) => (n * events) / binaryEventsPerSec), binaryDigests: [1, 1, 1].map(() => events / 300_000) })),
  bytesPerEvent: { binary: 87.1, jsonl: 414.3 },
  writeSeconds: { binary: 2, jsonl: 4 },
  peakRssMb: { binaryTwoThreads: 300, jsonlTwoThreads: 310, binaryOneThread: 200, jsonlOneThread: 210, replay: 250, binaryDigests: 120 },
  rssBeforeMb: 150,
  writePeakRssMb: 180,
  twoThreadRounds,
});

describe('binaryFigureLines', () => {
  it('prints both logs as figure 14, with the stretch goal ratio and its absolute figures beside it', () => {
    const text = binaryFigureLines(scenario(1_010_001, 800_000), scenario(100_000, 400_000)).join('\n');
    expect(text).toContain('14. the binary log from disk');
    expect(text).toContain('ledger-only (scenario 2\'s log), 1,010,001 events');
    expect(text).toContain('API-driven (benchmarks/api-workload.ts, seed 1), 100,000 events');
    expect(text).toMatch(/binary, 2 threads +800,000 events\/s {3}peak RSS 300 MB/);
    expect(text).toContain('binary / in-memory  0.80   (the stretch goal\'s figure, a replay from disk at >= 1,000,000 events/s: binary audit 800,000 beside in-memory replay 1,000,000 events/s)');
    expect(text).toContain('binary / in-memory  0.40');
    expect(text).toContain('binary / JSONL      2.00 on 2 threads');
    expect(text).toContain('binary 87.1 B/event, written in 2.00 s (505,001 events/s); JSONL 414.3 B/event, written in 4.00 s');
    expect(text).toMatch(/digests alone +300,000 events\/s {3}peak RSS 120 MB \(the worker's part on this thread: blocks cut, each line made and hashed; the 2-thread audit can run no faster: 0\.30 of the in-memory replay\)/);
    expect(text).not.toContain('worker started');
  });

  it('says which part was not run, and when the worker did not start', () => {
    const lines = binaryFigureLines(undefined, scenario(100_000, 400_000, [2, 1, 2]));
    expect(lines).toContain('   ledger-only (scenario 2\'s log): not run (BENCH_API_ONLY=1)');
    expect(lines.join('\n')).toContain('(worker started in 2 of 3 rounds)');
  });
});
