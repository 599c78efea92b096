/**
 * Deciding `POST /internal-accounts` (rule-based accounts only). Checks run in a fixed order, so
 * the same request always reports the same first problem:
 *
 * 1. 404 CUSTOMER_NOT_FOUND;
 * 2. 400 INVALID_INPUT on `customerId` when the holder has no ACTIVE own USD account (DECISIONS.md:
 *    "for a holder who already has an account in that currency"), or must authorize payouts with
 *    SCA (sweeps run unattended, so nobody could answer the challenge);
 * 3. the destination: 400 INVALID_INPUT when it is a rule-based account; then everything a quote
 *    from the holder's account to it would say (404 ACCOUNT_NOT_FOUND, 409
 *    INVALID_STATE_TRANSITION, 400 EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, 400 INVALID_INPUT for a
 *    rail the account cannot take or another customer's external account, 400 SELF_PAYMENT for
 *    the holder's own account, 400 END_USER_TERMS_NOT_ACCEPTED);
 * 4. 400 INVALID_INPUT on `sweepRule.purposeOfPayment` when the purpose needs supporting
 *    documents (a sweep cannot attach any);
 * 5. the fee override's currency rules (400 INVALID_INPUT).
 *
 * Field paths of the quote's rules are reported under `sweepRule.`. The account opens ACTIVE with
 * the existing `InternalAccountOpened` event. Pure.
 */
import { type ApiError, apiError, type FieldError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { isPaymentRail } from '../config/rails.js';
import type { EventDraft } from '../evolver.js';
import { ACCOUNT_EVENTS, type InternalAccountOpened } from '../internal-accounts/events.js';
import type { InternalAccount } from '../internal-accounts/store.js';
import { missingRequirements } from '../payment-documents/requirements.js';
import { feesFor } from '../pricing/fee-resolution.js';
import { needsSca } from '../quotes/sca.js';
import { resolveQuote } from '../quotes/resolve.js';
import type { DomainState } from '../state.js';
import { holderAccountOf } from './holder.js';
import { sweepQuoteRequest } from './quote-request.js';
import { RULE_BASED_CURRENCY, type SweepRule } from '../internal-accounts/sweep-rule.js';
import type { CreateRuleBasedAccountRequest } from './schema.js';
import { liveCustomer } from '../customers/store.js';

/** What the decider needs besides state. */
export type CreateRuleBasedAccountCommand = {
  readonly request: CreateRuleBasedAccountRequest;
  readonly accountId: string;
  readonly at: string;
};

/** Quote field paths that belong to the sweep rule in this request. */
const RULE_FIELDS = ['destination', 'platformFeeOverride', 'purposeOfPayment', 'description', 'remittanceInformation'];

/** `error` with the quote's field paths moved under `sweepRule.`. Pure. */
function underSweepRule(error: ApiError): ApiError {
  const errors = error.details?.errors;
  if (!Array.isArray(errors)) return error;
  const moved = (errors as FieldError[]).map((fieldError) =>
    RULE_FIELDS.some((name) => fieldError.field === name || fieldError.field.startsWith(`${name}.`))
      ? { ...fieldError, field: `sweepRule.${fieldError.field}` }
      : fieldError,
  );
  return { ...error, details: { ...error.details, errors: moved } };
}

/** The stored rule of a validated request. Pure. */
export function sweepRuleOf(request: CreateRuleBasedAccountRequest): SweepRule {
  const rule = request.sweepRule;
  return {
    destination: { accountId: rule.destination.accountId, ...(rule.destination.paymentRail === undefined ? {} : { paymentRail: rule.destination.paymentRail }) },
    minimumAmountMinor: String(rule.minimumAmount),
    maximumAmountMinor: rule.maximumAmount === undefined || rule.maximumAmount === null ? null : String(rule.maximumAmount),
    ...(rule.purposeOfPayment === undefined ? {} : { purposeOfPayment: rule.purposeOfPayment }),
    ...(rule.description === undefined ? {} : { description: rule.description }),
    ...(rule.remittanceInformation === undefined ? {} : { remittanceInformation: rule.remittanceInformation }),
    ...(rule.platformFeeOverride === undefined ? {} : { platformFeeOverride: structuredClone(rule.platformFeeOverride) }),
  };
}

/** Pure: the event that opens a rule-based account, or the first reason it cannot be opened. */
export function decideCreateRuleBasedAccount(state: DomainState, command: CreateRuleBasedAccountCommand): Result<EventDraft[], ApiError> {
  const { request } = command;
  const customer = liveCustomer(state.customers, request.customerId);
  if (customer === undefined) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${request.customerId} not found`));
  const holder = holderAccountOf(state, customer.id, RULE_BASED_CURRENCY);
  if (holder === undefined) {
    return err(invalidInput([{ field: 'customerId', message: `Customer ${customer.id} holds no active ${RULE_BASED_CURRENCY} account to receive the deposits` }]));
  }
  if (needsSca(customer)) {
    return err(invalidInput([{ field: 'customerId', message: 'Sweeps run unattended: a customer who must authorize payouts with SCA cannot hold a rule-based account' }]));
  }
  const rule = sweepRuleOf(request);
  const destination = state.accounts.byId.get(rule.destination.accountId);
  if (destination?.type === 'RULE_BASED') {
    return err(invalidInput([{ field: 'sweepRule.destination.accountId', message: 'A sweep never goes to a rule-based account' }]));
  }
  // The quote every sweep will make, resolved now with a nominal amount.
  const resolved = resolveQuote(state, sweepQuoteRequest(rule, holder.id, 1n));
  if (!resolved.ok) return err(underSweepRule(resolved.error));
  if (missingRequirements(rule.purposeOfPayment, []).length > 0) {
    return err(invalidInput([{ field: 'sweepRule.purposeOfPayment', message: `${rule.purposeOfPayment} needs supporting documents, which a sweep cannot attach` }]));
  }
  const fees = feesFor(state.config.current, {
    sendingCurrency: resolved.value.source.currency,
    receivingCurrency: resolved.value.destination.currency,
    rail: isPaymentRail(resolved.value.rail) ? resolved.value.rail : undefined,
    override: rule.platformFeeOverride,
  });
  if (!fees.ok) return err(underSweepRule(fees.error));
  const account: InternalAccount = {
    id: command.accountId,
    customerId: customer.id,
    type: 'RULE_BASED',
    status: 'ACTIVE',
    currency: RULE_BASED_CURRENCY,
    sweepRule: rule,
    createdAt: command.at,
    updatedAt: command.at,
  };
  const data: InternalAccountOpened = { account };
  return ok([{ type: ACCOUNT_EVENTS.opened, data }]);
}
