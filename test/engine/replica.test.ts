/** engine.replay: a replica tailing a log another engine writes ends in the writer's state. */
import { describe, expect, it } from 'vitest';
import { DEMO_SCRIPT } from '../../src/cli/demo.js';
import { runScript } from '../../src/cli/script.js';
import { ReplayError } from '../../src/core/assert.js';
import { createEngine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { AUTH } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

/** The demo run by a writer engine, with the log it wrote. */
function written(): { writer: ReturnType<typeof createEngine>; log: EventEnvelope[] } {
  const writer = createEngine();
  const log: EventEnvelope[] = [];
  runScript(writer, DEMO_SCRIPT, (step) => log.push(...step.events));
  return { writer, log };
}

describe('engine.replay', () => {
  it('catches a replica up in pieces of any size to the same state and head as the writer', () => {
    const { writer, log } = written();
    expect(log.length).toBeGreaterThan(20);
    for (const piece of [1, 7, log.length]) {
      const replica = createEngine({ events: log.slice(0, 3) });
      for (let from = 3; from < log.length; from += piece) replica.replay(log.slice(from, from + piece));
      expect(replica.head()).toEqual(writer.head());
      expect(stateText(replica)).toBe(stateText(writer));
    }
  });

  it('refuses a gap with a ReplayError that names the missing seq', () => {
    const { log } = written();
    const replica = createEngine({ events: log.slice(0, 5) });
    const replay = (): unknown => replica.replay(log.slice(6, 8));
    expect(replay).toThrow(ReplayError);
    expect(replay).toThrow(/expected seq 6/);
    try {
      replay();
    } catch (error) {
      expect((error as ReplayError).seq).toBe(6);
    }
  });

  it('refuses to replay after a call that applied genesis without writing it (the log would fork)', () => {
    const { log } = written();
    const engine = createEngine();
    engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: AUTH } }, { now: '2026-01-05T16:00:00Z' });
    expect(() => engine.replay(log)).toThrow(/fork/);
  });
});
