/**
 * Engine snapshots (format @2, the ledger as base64 columns): a snapshot round trip through JSON
 * answers every read as the live engine, byte for byte, and takes the same further calls; a
 * snapshot in the first format (@1, ledger version 1) still loads and answers the same; an
 * unknown format is refused naming it; loading adopts the parsed records (frozen in place, not
 * copied).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import type { EngineSnapshot } from '../../src/engine/snapshot.js';
import { InvariantError } from '../../src/core/assert.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { ledgerToSnapshotV1 } from '../../src/ledger/snapshot-v1.js';
import { answersOf, readRequests } from '../../src/testing/checks.js';
import { SANDBOX_AUTHORIZATION, SIMULATION_START_MS, simulate } from '../../src/testing/simulate.js';
import { stateText } from '../support/state-text.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// One simulated session over every resource (the simulator's own checks run too), shared.
const session = simulate({ seed: 5, steps: 120 });
const options = { regulated: true, seed: 5 } as const;
const nowMs = SIMULATION_START_MS + session.simulatedMs + 60_000;
const reads = readRequests(session.model, SANDBOX_AUTHORIZATION, nowMs);

describe('a snapshot round trip', () => {
  it('answers every read as the live engine, byte for byte, and holds the same state', () => {
    const snapshot = viaJson(session.engine.snapshot());
    expect(snapshot.format).toBe('payments-engine/snapshot@2');
    const loaded = createEngine({ ...options, snapshot });
    expect(reads.length).toBeGreaterThan(50);
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
    expect(loaded.state.ledger.checkInvariants()).toEqual([]);
  });

  it('takes the same further calls: replaying the rest of the log from a mid-log snapshot ends in the same state', () => {
    const cut = Math.floor(session.log.length / 2);
    const prefix = createEngine({ ...options, events: session.log.slice(0, cut) });
    const resumed = createEngine({ ...options, snapshot: viaJson(prefix.snapshot()), events: session.log.slice(cut) });
    expect(stateText(resumed)).toBe(stateText(session.engine));
    expect(answersOf(resumed, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  });

  it('adopts the parsed records: frozen in place, not copied', () => {
    const snapshot = viaJson(session.engine.snapshot()) as EngineSnapshot & { transactions: { records: object[] } };
    const record = snapshot.transactions.records[0];
    expect(record).toBeDefined();
    const loaded = createEngine({ ...options, snapshot });
    expect(Object.isFrozen(record)).toBe(true);
    const id = (record as { id: string }).id;
    expect(loaded.state.transactions.byId.get(id)).toBe(record);
  });
});

describe('snapshot formats', () => {
  it('loads a snapshot in the first format (@1, ledger version 1) and answers every read the same', () => {
    const current = viaJson(session.engine.snapshot());
    const old = viaJson({ ...current, format: 'payments-engine/snapshot@1', ledger: ledgerToSnapshotV1(ledgerFromSnapshot(current.ledger)) }) as EngineSnapshot;
    expect(old.ledger.version).toBe(1);
    const loaded = createEngine({ ...options, snapshot: old });
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
  });

  it('refuses a format it does not know, naming it', () => {
    const snapshot = { ...viaJson(session.engine.snapshot()), format: 'payments-engine/snapshot@9' } as unknown as EngineSnapshot;
    expect(() => createEngine({ ...options, snapshot })).toThrow(InvariantError);
    expect(() => createEngine({ ...options, snapshot })).toThrow(/snapshot@9.*is not known/);
  });

  it('refuses a ledger snapshot version it does not know, naming it', () => {
    const current = viaJson(session.engine.snapshot());
    const snapshot = { ...current, ledger: { ...current.ledger, version: 3 } } as unknown as EngineSnapshot;
    expect(() => createEngine({ ...options, snapshot })).toThrow(/ledger snapshot version 3 is not known/);
  });
});
