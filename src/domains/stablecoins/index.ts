/** The stablecoin domain: provider account links, registration, Grid enablement, mints and burns. */
export * from './types.js';
export * from './store.js';
export * from './events.js';
export { stablecoinEvolvers } from './evolve.js';
export { stablecoinTimerHandlers } from './timers.js';
export { GRID_TABLE, GRID_EVENTS, OPERATOR_STATUSES, gridMachine, nextGridStatus, type GridEvent, type OperatorStatus } from './grid-lifecycle.js';
export { OPERATION_TABLE, OPERATION_EVENTS, operationMachine, nextOperationStatus, type OperationEvent } from './operation-lifecycle.js';
export { apiClientSecretMessage, decideLinkProviderAccount, decideRevokeProviderAccount, resolveProviderAccount, providerAccountNotFound } from './provider-accounts.js';
export { decideRegister, type RegisterCommand } from './register.js';
export { decideRequestEnablement, decideOperatorStatus, stablecoinNotFound } from './enablement.js';
export { decideCreateOperation, operationNotFound, INTERNAL_ACCOUNT_ID_PREFIX, type OperationCommand } from './operations.js';
export { decideOperationStep, sandboxStepEvent, sandboxStepDelayMs } from './steps.js';
export { listOperations, operationQueryKey, type OperationFilters } from './list.js';
export { stablecoinView, operationView, providerAccountView } from './view.js';
export * from './amounts.js';
export * from './ledger-accounts.js';
export * from './sandbox.js';
