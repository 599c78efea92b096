/**
 * The agent action lifecycle: the derived table agrees with the xstate machine on every status
 * and event, and holds exactly the spec's moves plus the approval move decided in docs/agents.md.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_ACTION_EVENTS, AGENT_ACTION_TABLE, agentActionMachine } from '../../src/domains/agents/lifecycle.js';
import { AGENT_ACTION_STATUSES } from '../../src/domains/agents/types.js';
import { machineNext } from '../../src/domains/lifecycle.js';

describe('agent action lifecycle', () => {
  const pairs = AGENT_ACTION_STATUSES.flatMap((state) => AGENT_ACTION_EVENTS.map((event) => ({ state, event })));

  it('covers every status of the spec', () => {
    expect([...AGENT_ACTION_TABLE.states].sort()).toEqual([...AGENT_ACTION_STATUSES].sort());
    expect(pairs).toHaveLength(12);
  });

  it.each(pairs)('$state + $event: table equals machine', ({ state, event }) => {
    expect(AGENT_ACTION_TABLE.next(state, event)).toBe(machineNext(agentActionMachine, state, event));
  });

  it('has exactly these moves: PENDING_APPROVAL -> APPROVED | REJECTED, APPROVED -> FAILED', () => {
    expect(AGENT_ACTION_TABLE.rows.map((row) => `${row.from} -${row.event}-> ${row.to}`).sort()).toEqual(
      ['PENDING_APPROVAL -APPROVE-> APPROVED', 'PENDING_APPROVAL -REJECT-> REJECTED', 'APPROVED -FAIL-> FAILED'].sort(),
    );
  });

  it('leaves REJECTED and FAILED final', () => {
    for (const event of AGENT_ACTION_EVENTS) {
      expect(AGENT_ACTION_TABLE.next('REJECTED', event)).toBeUndefined();
      expect(AGENT_ACTION_TABLE.next('FAILED', event)).toBeUndefined();
    }
  });
});
