/**
 * `decideTransition` against real records in every lifecycle state, for every event of either
 * type: a move is accepted exactly when the table has it and lands on the table's state; every
 * other pair is refused with its code (409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL for the
 * approval events, 409 TRANSACTION_NOT_CANCELLABLE for CANCELLED, 409 INVALID_STATE_TRANSITION
 * otherwise) and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../src/engine/snapshot.js';
import {
  decideTransition, INCOMING_EVENTS, INCOMING_STATES, type LifecycleEvent, type LifecycleState, lifecycleStateOf, OUTGOING_EVENTS,
  OUTGOING_STATES, statusOfState, tableOf,
} from '../../src/domains/transactions/index.js';
import { changesFor, create, customer, drive, pathTo, payInInput, payoutInput, type World, world } from './support.js';

const ALL_EVENTS = [...new Set<LifecycleEvent>([...OUTGOING_EVENTS, ...INCOMING_EVENTS])];

const APPROVAL_EVENTS: readonly LifecycleEvent[] = ['APPROVED', 'APPROVAL_REJECTED', 'APPROVAL_TIMED_OUT', 'APPROVAL_WEBHOOK_FAILED'];

/** The code a refused event answers. */
function refusalCode(event: LifecycleEvent): string {
  if (APPROVAL_EVENTS.includes(event)) return 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL';
  if (event === 'CANCELLED') return 'TRANSACTION_NOT_CANCELLABLE';
  return 'INVALID_STATE_TRANSITION';
}

const worlds = new Map<string, { w: World; id: string }>();

/** A world holding one transaction of `type` in `state`, with an ACH transfer pending on its rail side. */
function at(type: 'INCOMING' | 'OUTGOING', state: LifecycleState): { w: World; id: string } {
  const key = `${type}:${state}`;
  const cached = worlds.get(key);
  if (cached !== undefined) return cached;
  const w = world();
  const who = customer(w);
  const id = create(w, type === 'OUTGOING' ? payoutInput(w, who, { rail: 'ACH' }) : payInInput(w, who, { rail: 'ACH' }));
  // An incoming COMPLETED reached through a dishonored return, so RETURN_CONTESTED is legal from it.
  const path =
    type === 'INCOMING' && state === 'COMPLETED'
      ? ['QUOTED', 'FUNDED', 'SETTLED', 'RETURNED', 'RETURN_DISHONORED'] as LifecycleEvent[]
      : pathTo(type, type === 'OUTGOING' ? 'PENDING' : 'CREATED', state);
  drive(w, id, path);
  expect(lifecycleStateOf(w.state.transactions.byId.get(id)!)).toBe(state);
  const entry = { w, id };
  worlds.set(key, entry);
  return entry;
}

const cases = (['OUTGOING', 'INCOMING'] as const).flatMap((type) =>
  (type === 'OUTGOING' ? OUTGOING_STATES : INCOMING_STATES).flatMap((state) => ALL_EVENTS.map((event) => [type, state, event] as const)),
);

describe('decideTransition on every state and event', () => {
  it.each(cases)('%s %s × %s follows the table', (type, state, event) => {
    const { w, id } = at(type, state);
    const expected = tableOf(type).next(state, event);
    const before = JSON.stringify(snapshotOf(w.state, w.engine.head()));
    const result = decideTransition(w.state, id, event, changesFor(event), { at: w.at() });
    if (expected === undefined) {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.status).toBe(409);
      expect(result.error.code).toBe(refusalCode(event));
      expect(JSON.stringify(snapshotOf(w.state, w.engine.head()))).toBe(before);
      return;
    }
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const trial = w.fork();
    trial.must(result);
    const after = trial.state.transactions.byId.get(id)!;
    expect(lifecycleStateOf(after)).toBe(expected);
    expect(after.status).toBe(statusOfState(expected));
  });

  it('answers 404 TRANSACTION_NOT_FOUND for an unknown transaction', () => {
    const { w } = at('OUTGOING', 'PENDING');
    const result = decideTransition(w.state, 'Transaction:00000000-0000-7000-8000-0000000000ff', 'FUNDED', {}, { at: w.at() });
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 404, code: 'TRANSACTION_NOT_FOUND' });
  });
});
