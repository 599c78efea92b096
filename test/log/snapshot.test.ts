/** Snapshots: replay from a snapshot plus the rest of the log equals replay from the start. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import {
  checkSnapshotAgainstLog,
  EMPTY_HEAD,
  snapshotHead,
  takeSnapshot,
  verifyLog,
  type EventEnvelope,
  type NewEvent,
} from '../../src/log/index.js';
import { AT, headAt, numRuns, posted, sealAll } from './fixtures.js';

/** The tiny fold under test: a running total of decimal-string amounts and an event count. */
type Totals = { readonly totalMinor: string; readonly count: number };
const START: Totals = { totalMinor: '0', count: 0 };

function evolve(state: Totals, env: EventEnvelope): Totals {
  const { amountMinor } = env.data as { amountMinor: string };
  return { totalMinor: String(BigInt(state.totalMinor) + BigInt(amountMinor)), count: state.count + 1 };
}

/** Verifies `lines` from `from` and folds every verified event into `state`. */
function replay(lines: readonly string[], state: Totals, from = EMPTY_HEAD) {
  let folded = state;
  const verification = verifyLog(lines, { from, onEvent: (env) => (folded = evolve(folded, env)) });
  return { state: folded, verification };
}

const amountEventsArb = fc.array(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((amount): NewEvent => ({
    type: 'transfer.posted',
    version: 1,
    at: AT,
    data: { amountMinor: amount.toString(), currency: 'USD' },
  })),
  { minLength: 1, maxLength: 12 },
);

describe('snapshots', () => {
  it('replaying a prefix, snapshotting, then replaying the rest equals a full replay', () => {
    fc.assert(
      fc.property(amountEventsArb, fc.nat(), (events, pick) => {
        const log = sealAll(events);
        const k = pick % (events.length + 1);
        const full = replay(log.lines, START);

        const prefix = replay(log.lines.slice(0, k), START);
        const snapshot = takeSnapshot(prefix.verification.head, prefix.state, { at: AT });
        expect(checkSnapshotAgainstLog(snapshot, log.lines)).toEqual({ ok: true, value: snapshotHead(snapshot) });
        const rest = replay(log.lines.slice(k), snapshot.state, snapshotHead(snapshot));

        expect(rest.state).toEqual(full.state);
        expect(rest.verification).toEqual({ ok: true, count: events.length - k, head: full.verification.head });
      }),
      { numRuns },
    );
  });

  const log = sealAll([posted(1), posted(2), posted(3), posted(4)]);

  it('rejects the rest of a log replayed from a snapshot with the wrong hash at seq + 1', () => {
    const wrong = takeSnapshot({ seq: 2, hash: 'c'.repeat(64) }, START);
    const rest = replay(log.lines.slice(2), wrong.state, snapshotHead(wrong));
    expect(rest.verification).toMatchObject({ ok: false, fault: { seq: 3, line: 3, kind: 'prev_hash' } });
  });

  it('reports a snapshot whose hash is not in the log as hash_mismatch', () => {
    const wrong = takeSnapshot({ seq: 2, hash: 'c'.repeat(64) }, START);
    expect(checkSnapshotAgainstLog(wrong, log.lines)).toMatchObject({ ok: false, error: { kind: 'hash_mismatch', seq: 2 } });
  });

  it('reports a snapshot beyond the end of the log as log_too_short', () => {
    const beyond = takeSnapshot({ seq: 9, hash: headAt(log, 4).hash }, START);
    expect(checkSnapshotAgainstLog(beyond, log.lines)).toMatchObject({ ok: false, error: { kind: 'log_too_short', seq: 9 } });
  });

  it('reports a log broken before the snapshot as log_fault with the log fault', () => {
    const snapshot = takeSnapshot(headAt(log, 3), START);
    const broken = [log.lines[0] ?? '', log.lines[2] ?? '', log.lines[1] ?? ''];
    expect(checkSnapshotAgainstLog(snapshot, broken)).toMatchObject({
      ok: false,
      error: { kind: 'log_fault', seq: 2, fault: { seq: 2, kind: 'sequence' } },
    });
  });

  it('reads no line past the snapshot', () => {
    let reads = 0;
    function* lines(): Generator<string> {
      for (const line of [...log.lines, 'garbage']) {
        reads += 1;
        yield line;
      }
    }
    expect(checkSnapshotAgainstLog(takeSnapshot(headAt(log, 2), START), lines()).ok).toBe(true);
    expect(reads).toBe(2);
  });

  it('accepts the empty-log snapshot against any log', () => {
    expect(checkSnapshotAgainstLog(takeSnapshot(EMPTY_HEAD, START), ['garbage'])).toEqual({ ok: true, value: EMPTY_HEAD });
  });

  it('omits at unless given, and keeps the state as passed (no copy)', () => {
    const state = { totalMinor: '3', count: 2 };
    const snapshot = takeSnapshot(headAt(log, 2), state);
    expect('at' in snapshot).toBe(false);
    expect(snapshot.state).toBe(state);
  });

  it('treats an invalid head as a bug', () => {
    expect(() => takeSnapshot({ seq: -1, hash: EMPTY_HEAD.hash }, START)).toThrow(InvariantError);
  });
});
