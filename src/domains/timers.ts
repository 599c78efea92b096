/**
 * Timers: delays from the spec ("completes after about 6 minutes", quote expiry, card
 * authorization expiry) kept in state. Evolvers schedule and cancel them; `engine.advance(now)`
 * fires every timer due by `now` in (dueAt, id) order by writing `TimerFired` and then whatever
 * the timer's handler decides. A timer is data, so replay restores it exactly.
 */
import { assert } from '../core/assert.js';
import type { EventDraft, EvolverTable } from './evolver.js';
import type { DomainState } from './state.js';

/** A pending timer: what fires, when, and about which resource. */
export type Timer = {
  readonly id: string;
  readonly dueAtMs: number;
  readonly kind: string;
  readonly ref: string;
  readonly payload?: Readonly<Record<string, unknown>>;
};

/** Timers by id plus an order by (dueAtMs, id). */
export type TimerStore = { readonly byId: Map<string, Timer>; readonly order: Timer[] };

/** An empty store. */
export function emptyTimerStore(): TimerStore {
  return { byId: new Map(), order: [] };
}

function before(a: Timer, b: Timer): boolean {
  return a.dueAtMs < b.dueAtMs || (a.dueAtMs === b.dueAtMs && a.id < b.id);
}

/** Schedules `timer` (evolvers only). Scheduling an id twice replaces the first. */
export function scheduleTimer(state: DomainState, timer: Timer): void {
  cancelTimer(state, timer.id);
  const order = state.timers.order;
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(order[mid] as Timer, timer)) lo = mid + 1;
    else hi = mid;
  }
  order.splice(lo, 0, timer);
  state.timers.byId.set(timer.id, timer);
}

/** Cancels a timer if it is pending (evolvers only). */
export function cancelTimer(state: DomainState, id: string): void {
  const timer = state.timers.byId.get(id);
  if (timer === undefined) return;
  state.timers.byId.delete(id);
  const index = state.timers.order.indexOf(timer);
  assert(index !== -1, `timer ${id} missing from the order`);
  state.timers.order.splice(index, 1);
}

/** The earliest timer due by `nowMs`, if any. */
export function nextDueTimer(state: DomainState, nowMs: number): Timer | undefined {
  const first = state.timers.order[0];
  return first !== undefined && first.dueAtMs <= nowMs ? first : undefined;
}

/** What a timer handler may use. */
export type TimerContext = { readonly nowMs: number; readonly at: string; readonly newId: (type: string) => string };

/** Decides what a fired timer does; returns no events when the timer is stale. */
export type TimerHandler = (state: DomainState, timer: Timer, context: TimerContext) => readonly EventDraft[];

/** `TimerFired` data: the timer that fired (removed by its evolver). */
export type TimerFired = { readonly timerId: string; readonly kind: string; readonly ref: string };

/** Event type names of timers. */
export const TIMER_EVENTS = { fired: 'TimerFired' } as const;

/** Evolvers for timer events. */
export const timerEvolvers: EvolverTable = {
  [TIMER_EVENTS.fired]: (state, event) => {
    const data = event.data as TimerFired;
    assert(state.timers.byId.has(data.timerId), `TimerFired for unknown timer ${data.timerId}`);
    cancelTimer(state, data.timerId);
  },
};
