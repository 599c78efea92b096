/**
 * Decides `DELETE /customers/{id}` (reference deleteCustomerById): 404 CUSTOMER_NOT_FOUND for an
 * unknown customer and for one already deleted (the reference's 410 has no code in the spec's
 * catalogue); 409 INVALID_STATE_TRANSITION while any of its internal accounts holds money or any
 * of its cards is not CLOSED (deleting it would strand them). A deleted customer stays readable
 * with `isDeleted: true` and frees its platformCustomerId. Reads state, never changes it.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CUSTOMER_EVENTS, type CustomerDeleted } from './events.js';

/** The `CustomerDeleted` event, or why not. Pure. */
export function decideDeleteCustomer(state: DomainState, customerId: string, at: string): Result<EventDraft[], ApiError> {
  const customer = state.customers.byId.get(customerId);
  if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
  for (const accountId of state.accounts.byCustomer.get(customerId) ?? []) {
    const balance = state.ledger.balance(accountId);
    if (balance !== undefined && balance.totalMinor !== 0n) {
      return err(apiError('INVALID_STATE_TRANSITION', `Customer ${customerId} still holds money in ${accountId}`));
    }
  }
  for (const cardId of state.cards.byCustomer.get(customerId) ?? []) {
    if (state.cards.byId.get(cardId)?.status !== 'CLOSED') return err(apiError('INVALID_STATE_TRANSITION', `Customer ${customerId} has a live card ${cardId}; close it first`));
  }
  const data: CustomerDeleted = { customerId, deletedAt: at };
  return ok([{ type: CUSTOMER_EVENTS.deleted, data }]);
}
