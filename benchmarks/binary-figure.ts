/**
 * Figure 14, the binary log from disk (src/log/binary): the alternating rounds its scenarios run,
 * what they make of the rounds' seconds (medians, and ratios taken round by round so that each
 * compares parts run side by side), and the lines `npm run bench` prints. Pure: the scenarios
 * (binary-log.ts) time the parts.
 */

/** The parts of figure 14, each timed once a round over the same log. */
export const BINARY_FIGURE_PARTS = ['binaryTwoThreads', 'jsonlTwoThreads', 'binaryOneThread', 'jsonlOneThread', 'replay', 'binaryDigests'] as const;
/**
 * A part of figure 14: `auditFile` of one form of the log on two threads or one, the in-memory
 * replay (the baseline), or the two-thread binary audit's worker part alone on this thread (the
 * file read, cut into blocks, each event's canonical line made and its SHA-256 checked): the
 * two-thread audit can run no faster than that part.
 */
export type BinaryFigurePart = (typeof BINARY_FIGURE_PARTS)[number];

/**
 * Runs every part once as a warm-up (its results dropped), then `rounds` rounds of every part,
 * each round starting one part later than the one before, so that no part always runs first
 * (after the previous round's garbage) or last. Returns each part's results in round order.
 */
export function alternatingRounds<K extends string, T>(parts: Readonly<Record<K, () => T>>, rounds: number): Record<K, T[]> {
  const names = Object.keys(parts) as K[];
  const results = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<K, T[]>;
  for (const name of names) parts[name]();
  for (let round = 0; round < rounds; round += 1) {
    for (const name of rotated(names, round)) results[name].push(parts[name]());
  }
  return results;
}

/** `items` starting at `items[by % length]`, wrapping round. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/** The median of `values` (the mean of the middle two when their count is even); NaN when there are none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The rounds' figures: each part's events/s (median and per round) and the ratios figure 14 prints. */
export type BinaryRoundFigures = {
  readonly eventsPerSec: Readonly<Record<BinaryFigurePart, number>>;
  readonly roundsEventsPerSec: Readonly<Record<BinaryFigurePart, readonly number[]>>;
  /**
   * Speed ratios, each the median of its rounds' ratios: the binary audit on two threads over the
   * in-memory replay (the stretch goal's figure), the same on one thread, and the binary audit
   * over the JSONL audit on two threads and on one.
   */
  readonly ratios: {
    readonly binaryOverReplay: number;
    readonly binaryOneThreadOverReplay: number;
    readonly binaryOverJsonl: number;
    readonly binaryOverJsonlOneThread: number;
    /** The worker's part alone over the in-memory replay: the most `binaryOverReplay` could read. */
    readonly digestsOverReplay: number;
  };
};

/** Figures of `events` events from each part's seconds per round (the same count of rounds for every part). */
export function roundFigures(events: number, seconds: Readonly<Record<BinaryFigurePart, readonly number[]>>): BinaryRoundFigures {
  const rate = (part: BinaryFigurePart): number[] => seconds[part].map((s) => events / s);
  const rates = Object.fromEntries(BINARY_FIGURE_PARTS.map((part) => [part, rate(part)])) as Record<BinaryFigurePart, number[]>;
  const counts = new Set(BINARY_FIGURE_PARTS.map((part) => rates[part].length));
  if (counts.size !== 1) throw new Error('every part of figure 14 needs the same number of rounds');
  // Faster over slower in events/s, round by round: the parts of one round ran side by side.
  const ratio = (faster: BinaryFigurePart, slower: BinaryFigurePart): number =>
    twoDecimals(median(rates[faster].map((r, i) => r / rates[slower][i]!)));
  return {
    eventsPerSec: Object.fromEntries(BINARY_FIGURE_PARTS.map((part) => [part, Math.round(median(rates[part]))])) as Record<BinaryFigurePart, number>,
    roundsEventsPerSec: Object.fromEntries(BINARY_FIGURE_PARTS.map((part) => [part, rates[part].map(Math.round)])) as Record<BinaryFigurePart, number[]>,
    ratios: {
      binaryOverReplay: ratio('binaryTwoThreads', 'replay'),
      binaryOneThreadOverReplay: ratio('binaryOneThread', 'replay'),
      binaryOverJsonl: ratio('binaryTwoThreads', 'jsonlTwoThreads'),
      binaryOverJsonlOneThread: ratio('binaryOneThread', 'jsonlOneThread'),
      digestsOverReplay: ratio('binaryDigests', 'replay'),
    },
  };
}

const twoDecimals = (n: number): number => Number(n.toFixed(2));

/** What one figure 14 scenario prints as its JSON line (scenarios.js `binary`, api-scenarios.js `binary`). */
export type BinaryScenarioFigures = BinaryRoundFigures & {
  readonly events: number;
  readonly bytesPerEvent: { readonly binary: number; readonly jsonl: number };
  /** Seconds to encode and write each form from the same sealed envelopes (blocks alternating between the forms). */
  readonly writeSeconds: { readonly binary: number; readonly jsonl: number };
  /** Peak RSS during each part, the worst of its rounds (the high-water mark reset before each: VmHWM). */
  readonly peakRssMb: Readonly<Record<BinaryFigurePart, number>>;
  /** RSS before the first part, after a collection: what the process holds besides the part. */
  readonly rssBeforeMb: number;
  /** Peak RSS of the process up to the end of writing both files. */
  readonly writePeakRssMb: number;
  /** Threads the two-thread audits ran on, each round (1 when the worker did not start). */
  readonly twoThreadRounds: readonly number[];
};

/** The stretch goal of issue 16: an auditor replays the binary log from disk at this many events/s. */
export const STRETCH_GOAL_EVENTS_PER_SEC = 1_000_000;

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

/**
 * Figure 14's lines: the ledger-only part (scenarios.js) and the API-driven part (api-scenarios.js),
 * each undefined when not run (BENCH_API_ONLY=1 skips the ledger-only one, as it skips figures 1-6).
 */
export function binaryFigureLines(ledger: BinaryScenarioFigures | undefined, api: BinaryScenarioFigures | undefined): string[] {
  const out = [
    '',
    '14. the binary log from disk (src/log/binary) vs the same log as JSONL and the in-memory replay: auditFile (chain, apply, invariants), median of 3 alternating rounds after a warm-up',
  ];
  out.push(...logLines('ledger-only (scenario 2\'s log)', ledger, 'BENCH_API_ONLY=1'));
  out.push(...logLines('API-driven (benchmarks/api-workload.ts, seed 1)', api, 'BENCH_API_EVENTS'));
  return out;
}

function logLines(label: string, f: BinaryScenarioFigures | undefined, skippedBy: string): string[] {
  if (f === undefined) return [`   ${label}: not run (${skippedBy})`];
  const e = f.eventsPerSec;
  const part = (name: string, part: BinaryFigurePart, note: string): string =>
    `     ${name.padEnd(19)} ${fmt(e[part]).padStart(10)} events/s   peak RSS ${fmt(f.peakRssMb[part])} MB${note}`;
  const written = (form: 'binary' | 'jsonl'): string => `${f.bytesPerEvent[form].toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} B/event, written in ${f.writeSeconds[form].toFixed(2)} s (${fmt(f.events / f.writeSeconds[form])} events/s)`;
  const threads = f.twoThreadRounds.every((t) => t === 2) ? '' : `   (worker started in ${f.twoThreadRounds.filter((t) => t === 2).length} of ${f.twoThreadRounds.length} rounds)`;
  return [
    `   ${label}, ${fmt(f.events)} events; RSS before each part ~${fmt(f.rssBeforeMb)} MB`,
    `     files               binary ${written('binary')}; JSONL ${written('jsonl')}; peak RSS writing ${fmt(f.writePeakRssMb)} MB`,
    part('binary, 2 threads', 'binaryTwoThreads', threads),
    part('JSONL, 2 threads', 'jsonlTwoThreads', ' (canonical: false, as the CLI replay)'),
    part('binary, one thread', 'binaryOneThread', ''),
    part('JSONL, one thread', 'jsonlOneThread', ''),
    part('in-memory replay', 'replay', ' (engine.replay over blocks of 10,000 envelopes made beforehand, invariants checked: the baseline)'),
    `     binary / in-memory  ${f.ratios.binaryOverReplay.toFixed(2)}   (the stretch goal's figure, a replay from disk at >= ${fmt(STRETCH_GOAL_EVENTS_PER_SEC)} events/s: binary audit ${fmt(e.binaryTwoThreads)} beside in-memory replay ${fmt(e.replay)} events/s); one thread ${f.ratios.binaryOneThreadOverReplay.toFixed(2)}`,
    part('digests alone', 'binaryDigests', ` (the worker's part on this thread: blocks cut, each line made and hashed; the 2-thread audit can run no faster: ${f.ratios.digestsOverReplay.toFixed(2)} of the in-memory replay)`),
    `     binary / JSONL      ${f.ratios.binaryOverJsonl.toFixed(2)} on 2 threads, ${f.ratios.binaryOverJsonlOneThread.toFixed(2)} on one   (audits from disk; ratios are medians of each round's)`,
  ];
}
