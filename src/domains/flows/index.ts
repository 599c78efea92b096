/**
 * Money flows: what executing a quote moves on the ledger (payouts, pulls, real-time funding),
 * the sandbox plan of what follows, each step's legs and transaction event, and the timers that
 * release them. docs/ledger.md lists every account and leg with worked examples.
 */
export { decideExecution, decideWaitingTransaction, executionLegs, notExecutable, planOf, railDetailsFor, transactionInputOf, volumeOf } from './execute.js';
export type { FlowContext } from './execute.js';
export {
  flowAccountSpec, LEDGER_ACCOUNT_OPENED, liquidityAccountId, openFlowAccounts, platformFeeAccountId, serviceFeeAccountId, transitAccountId,
  worldAccountId,
} from './ledger-accounts.js';
export type { FlowAccountOpened } from './ledger-accounts.js';
export { accountsOf, collectLegs, deliverLegs, flowAmountsOf, move, shortfall, toTransfers, uncollectLegs, undeliverLegs } from './legs.js';
export type { FlowAmounts, Leg } from './legs.js';
export {
  externalPayoutPlan, FLOW_STEPS, internalPayoutPlan, pullPlan, pullStartsInTransit, realtimeFundingPlan, SANDBOX_PAYOUT_RETURN_DELAY_MS,
  SANDBOX_SETTLEMENT_DELAY_MS, SANDBOX_UMA_LONG_PENDING_MS, umaBehaviourOf, umaPayoutPlan,
} from './plan.js';
export type { FlowStepKind, PlannedStep, UmaBehaviour } from './plan.js';
export { decideSandboxSend } from './realtime-funding.js';
export { decideNextStep } from './steps.js';
export { decideQuoteExpiry, flowStepHandler, quoteExpiryHandler, quoteTimerHandlers } from './timers.js';
