/**
 * The timer heap (src/domains/timers.ts; its sifts move a hole since stop 20) fires timers in
 * (dueAt, id) order: any sequence of schedules (replacing an id included), cancels and firings
 * answers like a sorted list of the pending timers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainState } from '../../src/domains/state.js';
import { cancelTimer, emptyTimerStore, nextDueTimer, scheduleTimer, type Timer } from '../../src/domains/timers.js';

const op = fc.oneof(
  fc.record({ kind: fc.constant('schedule' as const), id: fc.integer({ min: 0, max: 40 }), dueAtMs: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('cancel' as const), id: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant('fire' as const), nowMs: fc.integer({ min: 0, max: 30 }) }),
);

describe('timer heap', () => {
  it('fires the earliest due timer by (dueAt, id), like a sorted model', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const state = { timers: emptyTimerStore() } as unknown as DomainState;
        const model = new Map<string, Timer>();
        for (const o of ops) {
          if (o.kind === 'schedule') {
            const timer: Timer = { id: `t${o.id}`, dueAtMs: o.dueAtMs, kind: 'k', ref: 'r' };
            scheduleTimer(state, timer);
            model.set(timer.id, timer);
          } else if (o.kind === 'cancel') {
            cancelTimer(state, `t${o.id}`);
            model.delete(`t${o.id}`);
          } else {
            const due = [...model.values()].filter((t) => t.dueAtMs <= o.nowMs).sort((a, b) => a.dueAtMs - b.dueAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
            const next = nextDueTimer(state, o.nowMs);
            expect(next).toBe(due[0]);
            if (next !== undefined) {
              state.timers.byId.delete(next.id); // what TimerFired's evolver does
              model.delete(next.id);
            }
          }
        }
        expect(state.timers.order).toEqual([...model.values()].sort((a, b) => a.dueAtMs - b.dueAtMs || (a.id < b.id ? -1 : 1)));
      }),
      { numRuns: 500 },
    );
  });
});
