/**
 * An engine keeps what it derived, never the host's input: after `createEngine({ events })` the
 * log's envelopes (their seq, hashes and type strings) and after `createEngine({ snapshot })` the
 * parsed snapshot document can be collected. A server boots from its whole log; an engine that
 * held it would double the process's memory for as long as it runs (issue 16, memory).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { simulate } from '../../src/testing/index.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const OPTIONS = { regulated: true } as const;
const session = simulate({ seed: 5, steps: 120 });

/** Collects twice across turns of the event loop (a WeakRef's target lives to the end of its turn). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let turn = 0; turn < 3; turn += 1) {
    await new Promise(setImmediate);
    collectGarbage();
  }
  return ref.deref() === undefined;
}

/** The engine made from a freshly parsed copy, and weak references to what the host passed in. */
function engineFromLog(): { engine: Engine; log: WeakRef<EventEnvelope[]>; envelope: WeakRef<EventEnvelope> } {
  const events = JSON.parse(JSON.stringify(session.log)) as EventEnvelope[];
  const last = events[events.length - 1] as EventEnvelope;
  return { engine: createEngine({ ...OPTIONS, events }), log: new WeakRef(events), envelope: new WeakRef(last) };
}

function engineFromSnapshot(): { engine: Engine; snapshot: WeakRef<object> } {
  const snapshot = JSON.parse(JSON.stringify(session.engine.snapshot())) as object;
  return { engine: createEngine({ ...OPTIONS, snapshot: snapshot as never }), snapshot: new WeakRef(snapshot) };
}

describe('an engine does not keep the input it was made from', () => {
  it('lets the replayed log and its envelopes be collected while the engine lives', async () => {
    const { engine, log, envelope } = engineFromLog();
    expect(await collected(log)).toBe(true);
    expect(await collected(envelope)).toBe(true);
    expect(engine.head().seq).toBe(session.log.length);
  });

  it('lets the parsed snapshot document be collected while the engine lives', async () => {
    const { engine, snapshot } = engineFromSnapshot();
    expect(await collected(snapshot)).toBe(true);
    expect(engine.head()).toEqual(session.engine.head());
  });
});
