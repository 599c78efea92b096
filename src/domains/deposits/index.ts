/**
 * Incoming payments: sandbox bank deposits, incoming UMA payments, sandbox funding records, rail
 * returns (return, dishonor, contest), the platform's approval setting, and the steps and timer
 * that move them (sweeps of rule-based deposits are `src/domains/sweeps`).
 * docs/incoming-and-sweeps.md describes the rules; docs/ledger.md the legs.
 */
export { approvalSettingView, decideApprovalSetting } from './approval.js';
export type { ApprovalSettingView } from './approval.js';
export { decideSandboxDeposit, SANDBOX_ORIGINATOR } from './deposit.js';
export type { DepositCommand } from './deposit.js';
export { INCOMING_EVENTS, INCOMING_STEP_TIMER_KIND, incomingStepTimerId } from './events.js';
export type {
  IncomingApprovalConfigured, IncomingPaymentDeferred, IncomingPaymentHalted, IncomingPaymentStarted, IncomingPaymentStepped,
  IncomingReturnRecorded,
} from './events.js';
export { incomingEvolvers } from './evolve.js';
export { decideRuleBasedFund, fundingTransactionDrafts } from './fund.js';
export type { FundingFacts } from './fund.js';
export { APPROVAL_RECHECK_MS, DEPOSIT_RAILS, depositPlan, fundedSweepPlan, INSTANT_RAILS, RETURNABLE_RAILS, umaPlan } from './plan.js';
export type { DepositRail } from './plan.js';
export { decideReturnMove } from './returns.js';
export type { ReturnMove } from './returns.js';
export { approvalSettingSchema, emptyBodySchema, sandboxDepositSchema, umaReceiveSchema } from './schema.js';
export { decideIncomingStep } from './steps.js';
export { emptyIncomingStore, incomingStoreFromSnapshot, incomingStoreSnapshot } from './store.js';
export type { IncomingStore, IncomingStoreSnapshot } from './store.js';
export { incomingStepHandler, incomingTimerHandlers } from './timers.js';
export { RETURN_EVENTS, RETURN_TABLE, returnMachine } from './return-lifecycle.js';
export type { ReturnEvent } from './return-lifecycle.js';
export { INCOMING_STEPS, NO_APPROVAL, RETURN_STATES } from './types.js';
export type { ApprovalSetting, IncomingKind, IncomingRecord, IncomingStep, IncomingStepKind, ReturnState, SweepRun } from './types.js';
export { decideUmaReceive } from './uma.js';
export type { UmaReceiveContext, UmaReceiveRequest } from './uma.js';
export { UMA_TEST_ADDRESSES, umaSenderRow, umaUser } from '../../sandbox/uma-test-addresses.js';
export type { UmaSenderBehaviour, UmaTestAddressRow } from '../../sandbox/uma-test-addresses.js';
