/**
 * Checkpoint events in the engine: the draft, when one is due, and the evolver that refuses a
 * checkpoint that does not cover the event just before it.
 */
import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/api/auth.js';
import { ReplayError } from '../../src/core/assert.js';
import { CHECKPOINT_EVENT_TYPE, checkpointDraft, checkpointDue, checkpointOptionsProblem } from '../../src/engine/checkpoint-events.js';
import { createEngine } from '../../src/engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import { checkCheckpoints, checkpointPublicKey, verifyCheckpointSignature } from '../../src/log/checkpoint.js';
import { encodeEnvelope, sealEvent, type EventEnvelope } from '../../src/log/index.js';

const privateKey = new Uint8Array(32).fill(3);
const options = { privateKey, everyEvents: 4 };

function someEvents(): EventEnvelope[] {
  const engine = createEngine();
  const { events } = engine.handle(
    {
      method: 'POST',
      path: '/customers',
      headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) },
      body: { customerType: 'INDIVIDUAL', platformCustomerId: 'c-1', fullName: 'Ada Lovelace' },
    },
    { now: '2026-01-05T16:00:00Z' },
  );
  expect(events.length).toBeGreaterThan(1);
  return [...events];
}

function sealAfter(events: readonly EventEnvelope[], draft: { type: string; data: unknown }): EventEnvelope {
  const last = events[events.length - 1]!;
  return sealEvent({ seq: last.seq, hash: last.hash }, { type: draft.type, version: 1, at: last.at, data: draft.data }, 'evt-checkpoint').envelope;
}

describe('checkpoint events', () => {
  it('drafts a LogCheckpointSigned over the head with the public key and a valid signature, never the private key', () => {
    const draft = checkpointDraft({ seq: 7, hash: 'cd'.repeat(32) }, options);
    expect(draft.type).toBe(CHECKPOINT_EVENT_TYPE);
    expect(draft.data).toMatchObject({ seq: 7, hash: 'cd'.repeat(32), publicKey: checkpointPublicKey(privateKey) });
    expect(verifyCheckpointSignature(draft.data)).toBe(true);
    expect(JSON.stringify(draft)).not.toContain(Buffer.from(privateKey).toString('hex'));
  });

  it('is due once everyEvents events were written since the last checkpoint', () => {
    expect(checkpointDue(0, 3, options)).toBe(false);
    expect(checkpointDue(0, 4, options)).toBe(true);
    expect(checkpointDue(5, 8, options)).toBe(false);
    expect(checkpointDue(5, 9, options)).toBe(true);
    expect(checkpointDue(0, 0, { everyEvents: 1 })).toBe(false);
  });

  it('names bad options', () => {
    expect(checkpointOptionsProblem(options)).toBeUndefined();
    expect(checkpointOptionsProblem({ privateKey: new Uint8Array(16), everyEvents: 4 })).toMatch(/32 bytes/);
    expect(checkpointOptionsProblem({ privateKey, everyEvents: 0 })).toMatch(/everyEvents/);
    expect(() => checkpointDraft({ seq: 1, hash: 'cd'.repeat(32) }, { privateKey, everyEvents: 1.5 })).toThrow(/everyEvents/);
  });

  it('replays a checkpoint that covers the event before it, and changes no state but the latest checkpoint\'s seq', () => {
    const events = someEvents();
    const last = events[events.length - 1]!;
    const checkpoint = sealAfter(events, checkpointDraft({ seq: last.seq, hash: last.hash }, options));
    const without = createEngine({ events });
    const withCheckpoint = createEngine({ events: [...events, checkpoint] });
    expect(withCheckpoint.head().seq).toBe(last.seq + 1);
    const { head: _a, ...stateWith } = withCheckpoint.snapshot();
    const { head: _b, ...stateWithout } = without.snapshot();
    expect(stateWith.platform.lastCheckpointSeq).toBe(last.seq + 1);
    const { lastCheckpointSeq: _c, ...platformWith } = stateWith.platform;
    expect(JSON.stringify({ ...stateWith, platform: platformWith })).toBe(JSON.stringify(stateWithout));
  });

  it('refuses on replay a checkpoint that covers another head (ReplayError at its seq)', () => {
    const events = someEvents();
    const last = events[events.length - 1]!;
    for (const head of [{ seq: last.seq - 1, hash: last.hash }, { seq: last.seq, hash: last.prevHash }]) {
      const checkpoint = sealAfter(events, checkpointDraft(head, options));
      expect(() => createEngine({ events: [...events, checkpoint] })).toThrow(ReplayError);
    }
  });

  it('createEngine({ checkpoints }) signs its head every everyEvents events; the log checks with the public key and replays byte for byte', () => {
    const write = (engine: ReturnType<typeof createEngine>): EventEnvelope[] => {
      const out: EventEnvelope[] = [];
      for (let n = 0; n < 12; n += 1) {
        const { events } = engine.handle(
          {
            method: 'POST',
            path: '/customers',
            headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) },
            body: { customerType: 'INDIVIDUAL', platformCustomerId: `c-${n}`, fullName: `Customer ${n}` },
          },
          { now: '2026-01-05T16:00:00Z' },
        );
        out.push(...events);
      }
      return out;
    };
    const events = write(createEngine({ checkpoints: options }));
    const checkpoints = events.filter((env) => env.type === CHECKPOINT_EVENT_TYPE);
    expect(checkpoints.length).toBeGreaterThanOrEqual(3);
    for (const c of checkpoints) expect(c.data).toMatchObject({ seq: c.seq - 1, hash: c.prevHash, publicKey: checkpointPublicKey(privateKey) });
    const report = checkCheckpoints(events, { publicKey: checkpointPublicKey(privateKey), expectHead: events.at(-1)! });
    expect(report).toMatchObject({ ok: true, checkpoints: checkpoints.length, lastSignedSeq: checkpoints.at(-1)!.seq - 1 });
    // Deterministic signatures: the same calls write the same bytes, and the log replays.
    expect(write(createEngine({ checkpoints: options })).map(encodeEnvelope)).toEqual(events.map(encodeEnvelope));
    expect(createEngine({ events }).head().hash).toBe(events.at(-1)!.hash);
  });
});

describe('checkpoint interval across a restart', () => {
  it('an engine rebuilt from the log signs its next checkpoint everyEvents after the log\'s last one, not at once nor late', () => {
    const every = { privateKey, everyEvents: 5 };
    const post = (engine: ReturnType<typeof createEngine>, i: number): readonly EventEnvelope[] =>
      engine.handle(
        {
          method: 'POST',
          path: '/customers',
          headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) },
          body: { customerType: 'INDIVIDUAL', platformCustomerId: `c-${i}`, fullName: 'Ada Lovelace' },
        },
        { now: '2026-01-05T16:00:00Z' },
      ).events;
    const writer = createEngine({ checkpoints: every });
    const log: EventEnvelope[] = [];
    for (let i = 0; i < 4; i += 1) log.push(...post(writer, i));
    const seqs = (events: readonly EventEnvelope[]): number[] => events.filter((e) => e.type === CHECKPOINT_EVENT_TYPE).map((e) => e.seq);
    const lastSigned = seqs(log).at(-1)!;
    expect(lastSigned).toBeGreaterThan(0);
    // Rebuilt, it continues exactly as the writer would have.
    const rebuilt = createEngine({ events: log, checkpoints: every });
    const continued = [...log];
    const uninterrupted = [...log];
    for (let i = 4; i < 8; i += 1) {
      continued.push(...post(rebuilt, i));
      uninterrupted.push(...post(writer, i));
    }
    expect(seqs(continued)).toEqual(seqs(uninterrupted));
    for (const [a, b] of seqs(continued).slice(0, -1).map((s, k) => [s, seqs(continued)[k + 1]!] as const)) expect(b - a).toBeLessThanOrEqual(every.everyEvents + 3);
  });
});
