/**
 * The lifecycle of a mint or burn operation as an xstate machine, the single source of which
 * moves are legal, and the plain table derived from it for deciders and replay.
 *
 * CREATED (the source's value is held) -> PENDING_FUNDING (submitted; waiting for the funds, or
 * for a burn the tokens, to reach the provider) -> PENDING_PROVIDER (funded; waiting for the
 * provider to accept) -> PROCESSING (the provider is minting or redeeming) -> COMPLETED (the hold
 * is posted and the other side credited). The provider may reject (PENDING_PROVIDER -> FAILED) or
 * fail while processing (PROCESSING -> FAILED); an operation whose funding does not arrive in time
 * EXPIRES (CREATED or PENDING_FUNDING -> EXPIRED). FAILED and EXPIRED void the hold.
 */
import { setup } from 'xstate';
import { transitionTable } from '../lifecycle.js';
import type { OperationStatus } from './types.js';

/** Lifecycle events. */
export const OPERATION_EVENTS = [
  'SUBMITTED',
  'FUNDS_RECEIVED',
  'FUNDING_EXPIRED',
  'PROVIDER_ACCEPTED',
  'PROVIDER_REJECTED',
  'SETTLED',
  'PROVIDER_FAILED',
] as const;
/** One of `OPERATION_EVENTS`. */
export type OperationEvent = (typeof OPERATION_EVENTS)[number];

/** The operation machine; its state values are the wire statuses. */
export const operationMachine = setup({
  types: {} as { events: { type: OperationEvent } },
}).createMachine({
  id: 'stablecoinOperation',
  initial: 'CREATED',
  states: {
    CREATED: { on: { SUBMITTED: 'PENDING_FUNDING', FUNDING_EXPIRED: 'EXPIRED' } },
    PENDING_FUNDING: { on: { FUNDS_RECEIVED: 'PENDING_PROVIDER', FUNDING_EXPIRED: 'EXPIRED' } },
    PENDING_PROVIDER: { on: { PROVIDER_ACCEPTED: 'PROCESSING', PROVIDER_REJECTED: 'FAILED' } },
    PROCESSING: { on: { SETTLED: 'COMPLETED', PROVIDER_FAILED: 'FAILED' } },
    COMPLETED: { type: 'final' },
    FAILED: { type: 'final' },
    EXPIRED: { type: 'final' },
  },
});

/** The machine's transitions as a plain table (derived once at load). */
export const OPERATION_TABLE = transitionTable<OperationStatus, OperationEvent>(operationMachine);

/** The status `event` leads to from `status`, or undefined when the lifecycle refuses it. Pure. */
export function nextOperationStatus(status: OperationStatus, event: OperationEvent): OperationStatus | undefined {
  return OPERATION_TABLE.next(status, event);
}
