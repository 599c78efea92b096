/**
 * Stablecoin events: past-tense, JSON-safe (amounts as decimal strings), version 1. Money moves
 * only through `data.transfers` of the operation events; the engine applies them as one linked
 * batch before the evolver runs. Timer due times travel in the data, so replay never recomputes
 * them from constants that might have changed.
 */
import type { TransferRecord } from '../movement.js';
import type { GridEvent } from './grid-lifecycle.js';
import type { OperationEvent } from './operation-lifecycle.js';
import type {
  GridOperationsStatus,
  OperationStatus,
  ProviderAccountStatus,
  Stablecoin,
  StablecoinOperation,
  StablecoinProviderAccount,
} from './types.js';

/** A provider account link was created (its status decided by the sandbox table). */
export type StablecoinProviderAccountLinked = { readonly account: StablecoinProviderAccount };

/** A link was revoked (`DELETE /stablecoin-provider-accounts/{id}`). */
export type StablecoinProviderAccountRevoked = {
  readonly stablecoinProviderAccountId: string;
  readonly previousStatus: ProviderAccountStatus;
  readonly revokedAt: string;
};

/** A stablecoin was registered (NOT_ENABLED). Its ledger accounts open just before, by `LedgerAccountOpened`. */
export type StablecoinRegistered = { readonly stablecoin: Stablecoin };

/** The Grid-enablement status moved, by the platform's request or the operator. */
export type StablecoinGridStatusChanged = {
  readonly stablecoinId: string;
  readonly trigger: GridEvent;
  readonly previousStatus: GridOperationsStatus;
  readonly status: GridOperationsStatus;
};

/** A mint or burn was accepted: the operation (CREATED) and the hold on its source. */
export type StablecoinOperationCreated = {
  readonly operation: StablecoinOperation;
  readonly transfers: readonly TransferRecord[];
  /** When the sandbox provider takes the next step. */
  readonly nextStepAt: string;
};

/** An operation moved along its lifecycle; terminal moves resolve the hold in `transfers`. */
export type StablecoinOperationStatusChanged = {
  readonly operationId: string;
  readonly trigger: OperationEvent;
  readonly previousStatus: OperationStatus;
  readonly status: OperationStatus;
  readonly transfers: readonly TransferRecord[];
  readonly failureReason?: string;
  /** When the sandbox provider takes the next step; absent when it takes none. */
  readonly nextStepAt?: string;
};

/** Event type names of this domain. */
export const STABLECOIN_EVENTS = {
  providerAccountLinked: 'StablecoinProviderAccountLinked',
  providerAccountRevoked: 'StablecoinProviderAccountRevoked',
  registered: 'StablecoinRegistered',
  gridStatusChanged: 'StablecoinGridStatusChanged',
  operationCreated: 'StablecoinOperationCreated',
  operationStatusChanged: 'StablecoinOperationStatusChanged',
} as const;

/** Timer kinds of this domain (handlers in timers.ts). */
export const STABLECOIN_TIMERS = {
  step: 'stablecoin-operation.step',
  fundingExpiry: 'stablecoin-operation.funding-expiry',
} as const;

/** The id of an operation's next sandbox step timer (one at a time: scheduling replaces it). */
export function stepTimerId(operationId: string): string {
  return `${operationId}/step`;
}

/** The id of an operation's funding-expiry timer. */
export function fundingExpiryTimerId(operationId: string): string {
  return `${operationId}/funding-expiry`;
}

/** Failure reasons an operation may carry. */
export const OPERATION_FAILURE_REASONS = {
  PROVIDER_REJECTED: 'PROVIDER_REJECTED',
  PROVIDER_FAILED: 'PROVIDER_FAILED',
  FUNDING_NOT_RECEIVED: 'FUNDING_NOT_RECEIVED',
} as const;
