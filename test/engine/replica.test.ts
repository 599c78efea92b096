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

  it('regression (issue 11, item 4): a replica that answered reads and a rejected request first still replays the writer\'s log', () => {
    const { writer, log } = written();
    const engine = createEngine();
    const read = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: AUTH } }, { now: '2026-01-05T16:00:00Z' });
    expect(read.response.status).toBe(200);
    const rejected = engine.handle({ method: 'POST', path: '/customers', headers: { authorization: AUTH }, body: {} }, { now: '2026-01-05T16:00:00Z' });
    expect(rejected.response.status).toBe(400);
    expect(engine.head().seq).toBe(0);
    engine.replay(log);
    expect(engine.head()).toEqual(writer.head());
    expect(stateText(engine)).toBe(stateText(writer));
  });

  it('checks every link of a batch before applying any: a broken batch changes nothing and the replica goes on', () => {
    const { writer, log } = written();
    const replica = createEngine({ events: log.slice(0, 5) });
    const before = stateText(replica);
    const broken = [...log.slice(5, 9), { ...log[9]!, prevHash: log[3]!.hash }];
    expect(() => replica.replay(broken)).toThrow(ReplayError);
    expect(replica.head().seq).toBe(5);
    expect(stateText(replica)).toBe(before);
    replica.replay(log.slice(5));
    expect(replica.head()).toEqual(writer.head());
  });

  it('refuses a batch stored twice with a ReplayError naming the seq, and changes nothing', () => {
    const { log } = written();
    const replica = createEngine({ events: log.slice(0, 10) });
    const before = stateText(replica);
    try {
      replica.replay(log.slice(5, 10));
      expect.unreachable('a duplicated batch must be refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ReplayError);
      expect((error as ReplayError).seq).toBe(11);
    }
    expect(stateText(replica)).toBe(before);
  });
});
