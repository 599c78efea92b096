/**
 * TimerFired in replay: it removes its timer, and a TimerFired for a timer that is not pending is
 * a corrupt log (the replay refuses it; one Map lookup answers both).
 */
import { describe, expect, it } from 'vitest';
import { TIMER_EVENTS } from '../../src/domains/timers.js';
import { createEngine } from '../../src/engine/engine.js';
import { type EventEnvelope, sealEvent } from '../../src/log/index.js';
import { authorize, cardHarness, fundedCard } from '../cards/support.js';

/** `log` and one more event sealed after it. */
function withEvent(log: readonly EventEnvelope[], type: string, data: unknown): EventEnvelope[] {
  const last = log[log.length - 1]!;
  const sealed = sealEvent({ seq: last.seq, hash: last.hash }, { type, version: 1, at: last.at, data }, `forged-${last.seq + 1}`);
  return [...log, sealed.envelope];
}

describe('TimerFired in replay', () => {
  it('removes the pending timer it names, and refuses one that is not pending', () => {
    const h = cardHarness();
    const { card } = fundedCard(h, 10_000);
    authorize(h, card.id, 2_000); // its expiry is a pending timer
    const [timer] = h.engine.state.timers.order;
    expect(timer).toBeDefined();
    const fired = withEvent(h.log, TIMER_EVENTS.fired, { timerId: timer!.id, kind: timer!.kind, ref: timer!.ref });
    expect(createEngine({ events: h.log }).state.timers.byId.has(timer!.id)).toBe(true);
    expect(createEngine({ events: fired }).state.timers.byId.has(timer!.id)).toBe(false);
    const forged = withEvent(h.log, TIMER_EVENTS.fired, { timerId: 'timer:none', kind: 'none', ref: 'none' });
    expect(() => createEngine({ events: forged })).toThrow(/TimerFired for unknown timer timer:none/);
  });
});
