/** The quote lifecycle: the derived table agrees with the xstate machine on every state and event. */
import { describe, expect, it } from 'vitest';
import { machineNext } from '../../src/domains/lifecycle.js';
import { QUOTE_LIFECYCLE_EVENTS, QUOTE_TABLE, quoteMachine } from '../../src/domains/quotes/lifecycle.js';
import { QUOTE_STATES } from '../../src/domains/quotes/types.js';

describe('quote lifecycle', () => {
  const pairs = QUOTE_STATES.flatMap((state) => QUOTE_LIFECYCLE_EVENTS.map((event) => ({ state, event })));

  it.each(pairs)('$state + $event: table equals machine', ({ state, event }) => {
    expect(QUOTE_TABLE.next(state, event)).toBe(machineNext(quoteMachine, state, event));
  });

  it('has exactly these moves', () => {
    expect(QUOTE_TABLE.rows.map((row) => `${row.from} -${row.event}-> ${row.to}`).sort()).toEqual([
      'PENDING -EXECUTED-> EXECUTED',
      'PENDING -EXPIRED-> EXPIRED',
      'PENDING_AUTHORIZATION -AUTHORIZED-> PENDING',
      'PENDING_AUTHORIZATION -EXECUTED-> EXECUTED',
      'PENDING_AUTHORIZATION -EXPIRED-> EXPIRED',
    ].sort());
  });
});
