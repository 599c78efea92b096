/**
 * The lifecycles: each table derived from its xstate machine agrees with the machine on every
 * state and event (refused pairs included), holds exactly the rows of DECISIONS.md "Transactions"
 * (plus the approval sub-case and cancellation decided in docs/transactions.md), and only EXPIRED
 * is terminal.
 */
import { describe, expect, it } from 'vitest';
import { machineNext } from '../../src/domains/lifecycle.js';
import {
  INCOMING_EVENTS, INCOMING_STATES, INCOMING_TABLE, incomingMachine, OUTGOING_EVENTS, OUTGOING_STATES, OUTGOING_TABLE, outgoingMachine,
  REFUND_EVENTS, REFUND_STATES, REFUND_TABLE, refundMachine, statusOfState,
} from '../../src/domains/transactions/index.js';

const LIFECYCLES = [
  { name: 'outgoing', machine: outgoingMachine, table: OUTGOING_TABLE, states: OUTGOING_STATES, events: OUTGOING_EVENTS },
  { name: 'incoming', machine: incomingMachine, table: INCOMING_TABLE, states: INCOMING_STATES, events: INCOMING_EVENTS },
  { name: 'refund', machine: refundMachine, table: REFUND_TABLE, states: REFUND_STATES, events: REFUND_EVENTS },
] as const;

const pairs = LIFECYCLES.flatMap((l) => l.states.flatMap((state) => l.events.map((event) => [l.name, state, event] as const)));

describe('lifecycle tables', () => {
  it.each(LIFECYCLES.map((l) => [l.name, l] as const))('%s: the table has exactly the declared states and events', (_name, l) => {
    expect([...l.table.states].sort()).toEqual([...l.states].sort());
    expect([...l.table.events].sort()).toEqual([...l.events].sort());
  });

  it.each(pairs)('%s: table and machine agree on %s × %s', (name, state, event) => {
    const l = LIFECYCLES.find((x) => x.name === name)!;
    expect((l.table.next as (s: string, e: string) => string | undefined)(state, event)).toBe(machineNext(l.machine, state, event));
  });

  it('outgoing holds exactly the DECISIONS.md moves', () => {
    expect(OUTGOING_TABLE.rows.map((r) => `${r.from} -${r.event}-> ${r.to}`).sort()).toEqual(
      [
        'PENDING -SCA_REQUIRED-> PENDING_AUTHORIZATION',
        'PENDING_AUTHORIZATION -SCA_REQUIRED-> PENDING_AUTHORIZATION',
        'PENDING_AUTHORIZATION -SCA_COMPLETED-> PROCESSING',
        'PENDING_AUTHORIZATION -SCA_EXPIRED-> FAILED',
        'PENDING -FUNDED-> PROCESSING',
        'PENDING -EXPIRED-> EXPIRED',
        'PROCESSING -SETTLED-> COMPLETED',
        'PROCESSING -PAYOUT_FAILED-> FAILED',
        'PROCESSING -CANCELLED-> FAILED',
        'COMPLETED -PAYOUT_RETURNED-> FAILED',
      ].sort(),
    );
  });

  it('incoming holds the DECISIONS.md moves plus the approval sub-case, failures and cancellation', () => {
    expect(INCOMING_TABLE.rows.map((r) => `${r.from} -${r.event}-> ${r.to}`).sort()).toEqual(
      [
        'CREATED -QUOTED-> PENDING',
        'CREATED -APPROVAL_REQUESTED-> PENDING_APPROVAL',
        'CREATED -PAYMENT_FAILED-> FAILED',
        'PENDING -APPROVAL_REQUESTED-> PENDING_APPROVAL',
        'PENDING_APPROVAL -APPROVED-> PENDING',
        'PENDING_APPROVAL -APPROVAL_REJECTED-> FAILED',
        'PENDING_APPROVAL -APPROVAL_TIMED_OUT-> FAILED',
        'PENDING_APPROVAL -APPROVAL_WEBHOOK_FAILED-> FAILED',
        'PENDING -FUNDED-> PROCESSING',
        'PENDING -PAYMENT_FAILED-> FAILED',
        'PENDING -CANCELLED-> FAILED',
        'PROCESSING -SETTLED-> COMPLETED',
        'PROCESSING -PAYMENT_FAILED-> FAILED',
        'PROCESSING -CANCELLED-> FAILED',
        'COMPLETED -RETURNED-> FAILED',
        'FAILED -RETURN_DISHONORED-> COMPLETED',
        'COMPLETED -RETURN_CONTESTED-> FAILED',
      ].sort(),
    );
  });

  it('refund goes PENDING -> COMPLETED | FAILED and nowhere else', () => {
    expect(REFUND_TABLE.rows).toEqual([
      { from: 'PENDING', event: 'REFUND_SETTLED', to: 'COMPLETED' },
      { from: 'PENDING', event: 'REFUND_FAILED', to: 'FAILED' },
    ]);
  });

  it('only EXPIRED is terminal: FAILED is not final, and incoming FAILED can still move', () => {
    const finals = LIFECYCLES.flatMap((l) =>
      Object.entries(l.machine.config.states ?? {})
        .filter(([, config]) => (config as { type?: string }).type === 'final')
        .map(([state]) => `${l.name}:${state}`),
    );
    expect(finals).toEqual(['outgoing:EXPIRED']);
    expect(INCOMING_TABLE.rows.some((r) => r.from === 'FAILED')).toBe(true);
    expect(OUTGOING_TABLE.rows.some((r) => r.from === 'EXPIRED')).toBe(false);
  });

  it('PENDING_APPROVAL is a PENDING sub-case on the wire; every other state is its own status', () => {
    expect(statusOfState('PENDING_APPROVAL')).toBe('PENDING');
    for (const state of [...OUTGOING_STATES, ...INCOMING_STATES].filter((s) => s !== 'PENDING_APPROVAL')) expect(statusOfState(state)).toBe(state);
  });
});
