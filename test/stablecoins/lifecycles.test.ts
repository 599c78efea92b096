/**
 * The two stablecoin lifecycles: each derived table agrees with its xstate machine on every state
 * and event (refusals included), and holds exactly the rows docs/stablecoins.md lists.
 */
import { describe, expect, it } from 'vitest';
import { machineNext } from '../../src/domains/lifecycle.js';
import { GRID_TABLE, gridMachine } from '../../src/domains/stablecoins/grid-lifecycle.js';
import { OPERATION_TABLE, operationMachine } from '../../src/domains/stablecoins/operation-lifecycle.js';
import { GRID_OPERATIONS_STATUSES, OPERATION_STATUSES } from '../../src/domains/stablecoins/types.js';

type Row = { readonly from: string; readonly event: string; readonly to: string };
/** Rows in a fixed order, so the comparison does not depend on xstate's event order. */
function sorted(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => `${a.from}|${a.event}`.localeCompare(`${b.from}|${b.event}`));
}

describe('Grid-enablement lifecycle', () => {
  it('has a table that agrees with the machine on every status and event', () => {
    expect([...GRID_TABLE.states].sort()).toEqual([...GRID_OPERATIONS_STATUSES].sort());
    for (const state of GRID_TABLE.states) {
      for (const event of GRID_TABLE.events) expect(GRID_TABLE.next(state, event)).toBe(machineNext(gridMachine, state, event));
    }
  });

  it('allows exactly the spec request and the four operator moves', () => {
    expect(sorted(GRID_TABLE.rows)).toEqual(sorted([
      { from: 'NOT_ENABLED', event: 'REQUEST_ENABLEMENT', to: 'PENDING_APPROVAL' },
      { from: 'PENDING_APPROVAL', event: 'REQUEST_ENABLEMENT', to: 'PENDING_APPROVAL' },
      { from: 'PENDING_APPROVAL', event: 'OPERATOR_SET_ENABLING', to: 'ENABLING' },
      { from: 'ENABLING', event: 'OPERATOR_SET_ENABLED', to: 'ENABLED' },
      { from: 'ENABLED', event: 'OPERATOR_SET_DISABLED', to: 'DISABLED' },
      { from: 'DISABLED', event: 'OPERATOR_SET_ENABLED', to: 'ENABLED' },
    ]));
  });
});

describe('operation lifecycle', () => {
  it('has a table that agrees with the machine on every status and event', () => {
    expect([...OPERATION_TABLE.states].sort()).toEqual([...OPERATION_STATUSES].sort());
    for (const state of OPERATION_TABLE.states) {
      for (const event of OPERATION_TABLE.events) expect(OPERATION_TABLE.next(state, event)).toBe(machineNext(operationMachine, state, event));
    }
  });

  it('moves only forward and never leaves COMPLETED, FAILED or EXPIRED', () => {
    expect(sorted(OPERATION_TABLE.rows)).toEqual(sorted([
      { from: 'CREATED', event: 'SUBMITTED', to: 'PENDING_FUNDING' },
      { from: 'CREATED', event: 'FUNDING_EXPIRED', to: 'EXPIRED' },
      { from: 'PENDING_FUNDING', event: 'FUNDS_RECEIVED', to: 'PENDING_PROVIDER' },
      { from: 'PENDING_FUNDING', event: 'FUNDING_EXPIRED', to: 'EXPIRED' },
      { from: 'PENDING_PROVIDER', event: 'PROVIDER_ACCEPTED', to: 'PROCESSING' },
      { from: 'PENDING_PROVIDER', event: 'PROVIDER_REJECTED', to: 'FAILED' },
      { from: 'PROCESSING', event: 'SETTLED', to: 'COMPLETED' },
      { from: 'PROCESSING', event: 'PROVIDER_FAILED', to: 'FAILED' },
    ]));
    for (const terminal of ['COMPLETED', 'FAILED', 'EXPIRED'] as const) {
      for (const event of OPERATION_TABLE.events) expect(OPERATION_TABLE.next(terminal, event)).toBeUndefined();
    }
  });
});
