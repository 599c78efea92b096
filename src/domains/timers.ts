/**
 * Timers: delays from the spec ("completes after about 6 minutes", quote expiry, card
 * authorization expiry) kept in state. Evolvers schedule and cancel them; `engine.advance(now)`
 * fires every timer due by `now` in (dueAt, id) order by writing `TimerFired` and then whatever
 * the timer's handler decides. A timer is data, so replay restores it exactly.
 */
import { assert } from '../core/assert.js';
import type { EventDraft, EvolverTable } from './evolver.js';
import type { DomainState } from './state.js';
import type { Timer, TimerStore } from './timer-store.js';

export type { Timer, TimerStore } from './timer-store.js';

/** An empty store. */
export function emptyTimerStore(): TimerStore {
  return timerStoreOf([]);
}

/** A store holding `timers` (a snapshot's pending timers). */
export function timerStoreOf(timers: readonly Timer[]): TimerStore {
  const byId = new Map(timers.map((t) => [t.id, t] as const));
  const heap = [...byId.values()].sort(compareTimers);
  return {
    byId,
    heap,
    get order(): readonly Timer[] {
      return [...byId.values()].sort(compareTimers);
    },
  };
}

function before(a: Timer, b: Timer): boolean {
  return a.dueAtMs < b.dueAtMs || (a.dueAtMs === b.dueAtMs && a.id < b.id);
}

function compareTimers(a: Timer, b: Timer): number {
  return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

/** Schedules `timer` (evolvers only). Scheduling an id twice replaces the first. */
export function scheduleTimer(state: DomainState, timer: Timer): void {
  state.timers.byId.set(timer.id, timer);
  const heap = state.timers.heap;
  heap.push(timer);
  siftUp(heap, heap.length - 1);
  if (heap.length > 2 * state.timers.byId.size + 64) rebuild(state.timers);
}

/** Cancels a timer if it is pending (evolvers only). */
export function cancelTimer(state: DomainState, id: string): void {
  state.timers.byId.delete(id);
}

/** The earliest timer due by `nowMs`, if any (drops cancelled or replaced entries on the way). */
export function nextDueTimer(state: DomainState, nowMs: number): Timer | undefined {
  const { heap, byId } = state.timers;
  while (heap.length > 0 && byId.get(heap[0]!.id) !== heap[0]) popTop(heap);
  const first = heap[0];
  return first !== undefined && first.dueAtMs <= nowMs ? first : undefined;
}

function rebuild(store: TimerStore): void {
  store.heap.length = 0;
  for (const timer of store.byId.values()) store.heap.push(timer);
  store.heap.sort(compareTimers);
}

function popTop(heap: Timer[]): void {
  const last = heap.pop()!;
  if (heap.length === 0) return;
  heap[0] = last;
  siftDown(heap, 0);
}

// Both sifts move a hole instead of swapping pairs (a destructuring swap may allocate its array):
// the same comparisons, the same resulting heap.
function siftUp(heap: Timer[], index: number): void {
  const timer = heap[index]!;
  let i = index;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const above = heap[parent]!;
    if (!before(timer, above)) break;
    heap[i] = above;
    i = parent;
  }
  heap[i] = timer;
}

function siftDown(heap: Timer[], index: number): void {
  const timer = heap[index]!;
  const length = heap.length;
  let i = index;
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let smallest = timer;
    let at = i;
    if (left < length && before(heap[left]!, smallest)) {
      smallest = heap[left]!;
      at = left;
    }
    if (right < length && before(heap[right]!, smallest)) {
      smallest = heap[right]!;
      at = right;
    }
    if (at === i) break;
    heap[i] = smallest;
    i = at;
  }
  heap[i] = timer;
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
    // One hash lookup: the delete answers whether the timer was pending.
    if (!state.timers.byId.delete(data.timerId)) assert(false, `TimerFired for unknown timer ${data.timerId}`);
  },
};
