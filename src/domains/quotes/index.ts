/**
 * Quotes: records, the quote lifecycle, events, evolvers, the deciders of create / authorize /
 * execute, SCA rules, real-time funding instructions and the wire view. The money flows a quote
 * runs when executed live in `src/domains/flows`; docs/quotes.md describes both.
 */
export { decideAuthorizeQuote } from './authorize.js';
export type { AuthorizeDecision } from './authorize.js';
export { decideCreateQuote, QUOTE_TTL_MS } from './create.js';
export type { CreateQuoteCommand, QuoteDecision } from './create.js';
export { expiryTimerId, flowTimerId, QUOTE_EVENTS, QUOTE_TIMERS } from './events.js';
export type { QuoteAuthorized, QuoteCreated, QuoteExecuted, QuoteExpired, QuoteFlowHalted, QuoteFlowStepped, QuoteScaAttemptFailed } from './events.js';
export { quoteEvolvers } from './evolve.js';
export { decideExecuteQuote, expiredError, quoteNotFound } from './execute.js';
export { QUOTE_LIFECYCLE_EVENTS, QUOTE_TABLE, quoteMachine } from './lifecycle.js';
export type { QuoteLifecycleEvent } from './lifecycle.js';
export { fundingReference, paymentInstructionsFor, REALTIME_FUNDING_CURRENCIES, realtimeFundingRail } from './payment-instructions.js';
export { BOOK_RAIL, NEVER_AUTOMATIC_RAILS, resolveQuote, UMA_ADDRESS_PATTERN, UMA_RAIL } from './resolve.js';
export type { ResolvedQuote } from './resolve.js';
export { needsSca, SANDBOX_SCA_CODE, SCA_ATTEMPTS_MAX, SCA_AVAILABLE_FACTORS, SCA_COUNTRIES, SCA_FACTOR } from './sca.js';
export { authorizeQuoteSchema, createQuoteSchema, sandboxSendSchema } from './schema.js';
export type { AuthorizeQuoteRequest, CreateQuoteRequest, SandboxSendRequest } from './schema.js';
export { dailyVolumeKey, emptyQuoteStore, quoteStoreFromSnapshot, quoteStoreSnapshot } from './store.js';
export type { QuoteStore, QuoteStoreSnapshot } from './store.js';
export { LOCKED_SIDES, QUOTE_STATES, QUOTE_STATUSES } from './types.js';
export type {
  AccountKind, FlowPlan, FlowStep, LockedCurrencySide, PaymentInstruction, Quote, QuoteDestination, QuoteFlowKind, QuoteSource, QuoteState,
  QuoteStatus, ScaChallenge,
} from './types.js';
export { quoteStatusOf, quoteView, SANDBOX_PASSKEY_RP_ID } from './view.js';
export type { QuoteView, ScaChallengeView } from './view.js';
