/**
 * Customers in engine snapshots: from `@6` on a save writes the customers' records packed (codec
 * bytes in creation order, no separate order); every snapshot before held them as [id, record]
 * pairs beside `customerOrder`. A snapshot with the pairs' form still loads, answers every read
 * as the live engine, holds the same state, saves as the writer and takes further calls alike.
 */
import { describe, expect, it } from 'vitest';
import type { PackedBytes } from '../../src/core/packed-bytes.js';
import type { Customer } from '../../src/domains/customers/types.js';
import { createEngine } from '../../src/engine/engine.js';
import type { EngineSnapshot } from '../../src/engine/snapshot.js';
import { answersOf, readRequests } from '../../src/testing/checks.js';
import { SANDBOX_AUTHORIZATION, SIMULATION_START_MS, simulate } from '../../src/testing/simulate.js';
import { stateText } from '../support/state-text.js';

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const session = simulate({ seed: 11, steps: 160 });
const options = { regulated: true, seed: 11 } as const;
const nowMs = SIMULATION_START_MS + session.simulatedMs + 60_000;
const reads = readRequests(session.model, SANDBOX_AUTHORIZATION, nowMs);

/** `snapshot` with its customers as every save before them wrote them: pairs, and their order. */
function withCustomerPairs(snapshot: EngineSnapshot): EngineSnapshot {
  const loaded = createEngine({ ...options, snapshot: viaJson(snapshot) }).state;
  const customers = (snapshot.customers as PackedBytes).ids.map((id) => [id, loaded.customers.byId.get(id) as Customer] as const);
  return viaJson({ ...snapshot, customers, customerOrder: customers.map(([id]) => id) });
}

describe('customers in a snapshot', () => {
  it('are written packed, in creation order, beside the platformCustomerId pairs', () => {
    const snapshot = viaJson(session.engine.snapshot());
    const packed = snapshot.customers as PackedBytes;
    expect(Array.isArray(snapshot.customers)).toBe(false);
    expect(packed.ids).toEqual([...session.engine.state.customers.order]);
    expect(packed.ids.length).toBeGreaterThan(3);
    expect(snapshot.customerOrder).toBeUndefined();
    expect(snapshot.customerIdByPlatformCustomerId).toEqual([...session.engine.state.customers.byPlatformCustomerId]);
  });

  it('load from the pairs\' form: the same answers and state, saved as the writer saves, and further calls alike', () => {
    const old = withCustomerPairs(session.engine.snapshot());
    expect(Array.isArray(old.customers)).toBe(true);
    const loaded = createEngine({ ...options, snapshot: old });
    expect(answersOf(loaded, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
    expect(stateText(loaded)).toBe(stateText(session.engine));
    expect(JSON.stringify(loaded.snapshot())).toBe(JSON.stringify(session.engine.snapshot()));
    const cut = Math.floor(session.log.length / 2);
    const prefix = withCustomerPairs(createEngine({ ...options, events: session.log.slice(0, cut) }).snapshot());
    const resumed = createEngine({ ...options, snapshot: prefix, events: session.log.slice(cut) });
    expect(stateText(resumed)).toBe(stateText(session.engine));
    expect(answersOf(resumed, reads, nowMs)).toEqual(answersOf(session.engine, reads, nowMs));
  });
});
