/**
 * The timers slice's shape, apart from the functions that schedule and fire timers (timers.ts):
 * `DomainState` (state.ts) names it, and a store type that imported the state back would close
 * an import cycle through every domain (test/architecture).
 */

/** A pending timer: what fires, when, and about which resource. */
export type Timer = {
  readonly id: string;
  readonly dueAtMs: number;
  readonly kind: string;
  readonly ref: string;
  readonly payload?: Readonly<Record<string, unknown>>;
};

/**
 * Timers by id (the truth) and a binary min-heap by (dueAtMs, id) that finds the next one in
 * O(log n). Cancelling only deletes from `byId`: the heap drops an entry that is no longer the
 * timer of its id when it reaches the top, and is rebuilt from `byId` when such stale entries
 * outnumber the live ones. (A sorted array cost O(n) per schedule and cancel: quadratic over a
 * busy log, ~6% of a quote flow's replay at 5,000 pending quotes.)
 */
export type TimerStore = {
  readonly byId: Map<string, Timer>;
  readonly heap: Timer[];
  /** The pending timers in firing order (a sorted copy: for snapshots and tests, not hot paths). */
  readonly order: readonly Timer[];
};
