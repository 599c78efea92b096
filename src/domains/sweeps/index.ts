/**
 * Rule-based accounts and their sweeps: the sweep rule, opening an account (`POST
 * /internal-accounts`), the holder's own account every deposit is credited to, and the sweep of a
 * deposit through a quote and its payout. The steps run inside incoming payments
 * (`src/domains/deposits`); docs/incoming-and-sweeps.md describes the rules.
 */
export { decideCreateRuleBasedAccount, sweepRuleOf } from './create.js';
export type { CreateRuleBasedAccountCommand } from './create.js';
export { sweepDestination, sweepDestinationCurrency } from './destination.js';
export { holderAccountOf } from './holder.js';
export { followPayout } from './payout.js';
export { sweepQuoteRequest } from './quote-request.js';
export { RULE_BASED_CURRENCY, sweepCarries, sweepRuleView } from '../internal-accounts/sweep-rule.js';
export type { SweepRule, SweepRuleView } from '../internal-accounts/sweep-rule.js';
export { createRuleBasedAccountSchema, sweepRuleFieldErrors } from './schema.js';
export type { CreateRuleBasedAccountRequest } from './schema.js';
export { decideSweep } from './sweep.js';
export type { SweepDecision, SweepFacts, SweepRun } from './sweep.js';
