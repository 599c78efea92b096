/**
 * The Grid-enablement lifecycle of a stablecoin (spec: Stablecoin Grid-enablement status) as an
 * xstate machine, the single source of which moves are legal, and the plain table derived from
 * it for deciders and replay. The platform may only request enablement (NOT_ENABLED ->
 * PENDING_APPROVAL; repeating it while PENDING_APPROVAL succeeds and changes nothing). The
 * operator drives the rest through the sandbox endpoint: approve into ENABLING, finish into
 * ENABLED, and switch an enabled coin off (DISABLED) and on again.
 */
import { setup } from 'xstate';
import { transitionTable } from '../lifecycle.js';
import type { GridOperationsStatus } from './types.js';

/** Lifecycle events: the platform's request, and the operator's three moves. */
export const GRID_EVENTS = ['REQUEST_ENABLEMENT', 'OPERATOR_SET_ENABLING', 'OPERATOR_SET_ENABLED', 'OPERATOR_SET_DISABLED'] as const;
/** One of `GRID_EVENTS`. */
export type GridEvent = (typeof GRID_EVENTS)[number];

/** The statuses an operator may ask for, each with its lifecycle event. */
export const OPERATOR_EVENT_BY_STATUS = {
  ENABLING: 'OPERATOR_SET_ENABLING',
  ENABLED: 'OPERATOR_SET_ENABLED',
  DISABLED: 'OPERATOR_SET_DISABLED',
} as const satisfies Partial<Record<GridOperationsStatus, GridEvent>>;
/** A status the operator endpoint accepts. */
export type OperatorStatus = keyof typeof OPERATOR_EVENT_BY_STATUS;
/** The operator statuses, in lifecycle order. */
export const OPERATOR_STATUSES = Object.keys(OPERATOR_EVENT_BY_STATUS) as OperatorStatus[];

/** The Grid-enablement machine; its state values are the wire statuses. */
export const gridMachine = setup({
  types: {} as { events: { type: GridEvent } },
}).createMachine({
  id: 'stablecoinGridEnablement',
  initial: 'NOT_ENABLED',
  states: {
    NOT_ENABLED: { on: { REQUEST_ENABLEMENT: 'PENDING_APPROVAL' } },
    // A repeated request succeeds and stays (spec table); the decider writes no event for it.
    PENDING_APPROVAL: { on: { REQUEST_ENABLEMENT: 'PENDING_APPROVAL', OPERATOR_SET_ENABLING: 'ENABLING' } },
    ENABLING: { on: { OPERATOR_SET_ENABLED: 'ENABLED' } },
    ENABLED: { on: { OPERATOR_SET_DISABLED: 'DISABLED' } },
    DISABLED: { on: { OPERATOR_SET_ENABLED: 'ENABLED' } },
  },
});

/** The machine's transitions as a plain table (derived once at load). */
export const GRID_TABLE = transitionTable<GridOperationsStatus, GridEvent>(gridMachine);

/** The status `event` leads to from `status`, or undefined when the lifecycle refuses it. Pure. */
export function nextGridStatus(status: GridOperationsStatus, event: GridEvent): GridOperationsStatus | undefined {
  return GRID_TABLE.next(status, event);
}
