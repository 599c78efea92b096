/**
 * Progress on long runs (issue 11): percent of the input's bytes and the time left at the rate
 * so far, on stderr, silent for the first second and at most once a second after it.
 */
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, progressLine, progressReporter } from '../../src/cli/progress.js';
import { cli, demoEvents, jsonl, reseal, tempDir } from './support/cli-harness.js';

describe('progress', () => {
  it('says how many events, what percent of the bytes, and the time left at the rate so far', () => {
    // A quarter of 8 MiB in 30 s: three quarters left, 90 s at that rate.
    expect(progressLine('verified', 2 << 20, 8 << 20, 250_000, 30_000)).toBe('verified 250,000 events, 25.0% of 8.0 MiB, 30 s elapsed, about 1 min 30 s left');
    expect(progressLine('ran', 0, 100, 0, 1_500)).toBe('ran 0 events, 0.0% of 100 B, 2 s elapsed, about ? left');
    expect(progressLine('ran', 100, 100, 9, 1_500, 'requests')).toBe('ran 9 requests, 100.0% of 100 B, 2 s elapsed, about 0 s left');
  });

  it('formats sizes and durations', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(3 * 2 ** 30)]).toEqual(['512 B', '1.5 KiB', '3.0 GiB']);
    expect([formatDuration(4_400), formatDuration(185_000), formatDuration(7_620_000), formatDuration(Number.POSITIVE_INFINITY)]).toEqual(['4 s', '3 min 05 s', '2 h 07 min', '?']);
  });

  it('is silent for the first second, then writes at most one line a second', () => {
    let now = 0;
    const lines: string[] = [];
    const report = progressReporter('verified', 1_000, () => now, (line) => lines.push(line));
    for (now = 0; now < 1_000; now += 100) report(now, now);
    expect(lines).toEqual([]);
    for (now = 1_000; now <= 3_000; now += 250) report(now / 4, now);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('verified 1,000 events, 25.0% of 1000 B, 1 s elapsed, about 3 s left');
  });

  it('a long verify prints progress on stderr and its result on stdout', async () => {
    const tmp = tempDir('progress-');
    try {
      const path = tmp.file('demo.jsonl', jsonl(reseal(demoEvents())));
      let now = 0;
      // A clock that moves 2 s per reading: every chunk looks slow.
      const run = await cli(['verify', path], () => (now += 2_000));
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/^ok: 59 events/);
      const lines = run.err.split('\n');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^verified 59 events, 100\.0% of \d+\.\d KiB, \d+ s elapsed, about 0 s left$/);
    } finally {
      tmp.cleanup();
    }
  });
});
