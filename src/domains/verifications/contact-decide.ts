/**
 * Decides contact verification (reference verify-email / verify-phone and their /confirm):
 * 404 CUSTOMER_NOT_FOUND; 409 INVALID_STATE_TRANSITION when the customer needs no contact
 * verification or the channel is already VERIFIED; confirming needs a sent code and the sandbox
 * code `123456` (else 400 INVALID_INPUT on `code`). Reads state, never changes it.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CONTACT_NOT_STARTED, SANDBOX_CONTACT_CODE, requiresContactVerification } from './contact.js';
import { type ContactCodeSent, type ContactVerified, VERIFICATION_EVENTS } from './events.js';
import type { ContactChannel } from './types.js';

function channelOpen(state: DomainState, customerId: string, channel: ContactChannel): Result<void, ApiError> {
  const customer = state.customers.byId.get(customerId);
  if (customer === undefined || customer.isDeleted === true) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
  if (!requiresContactVerification(customer)) {
    return err(apiError('INVALID_STATE_TRANSITION', `Customer ${customerId} needs no contact verification`));
  }
  const progress = state.verifications.contacts.get(customerId) ?? CONTACT_NOT_STARTED;
  if (progress[channel] === 'VERIFIED') return err(apiError('INVALID_STATE_TRANSITION', `The ${channel} of ${customerId} is already verified`));
  return ok(undefined);
}

/** `POST /customers/{id}/verify-email|verify-phone`: send (or resend) the code. Pure. */
export function decideSendContactCode(state: DomainState, customerId: string, channel: ContactChannel, at: string): Result<EventDraft[], ApiError> {
  const open = channelOpen(state, customerId, channel);
  if (!open.ok) return open;
  const data: ContactCodeSent = { customerId, channel, sentAt: at };
  return ok([{ type: VERIFICATION_EVENTS.contactCodeSent, data }]);
}

/** `POST /customers/{id}/verify-email/confirm|verify-phone/confirm` with `{ code }`. Pure. */
export function decideConfirmContact(state: DomainState, customerId: string, channel: ContactChannel, code: string, at: string): Result<EventDraft[], ApiError> {
  const open = channelOpen(state, customerId, channel);
  if (!open.ok) return open;
  const progress = state.verifications.contacts.get(customerId) ?? CONTACT_NOT_STARTED;
  if (!progress.codeSent.includes(channel)) {
    return err(invalidInput([{ field: 'code', message: `No ${channel} code was sent; call verify-${channel} first` }], 'Invalid or expired code'));
  }
  if (code !== SANDBOX_CONTACT_CODE) return err(invalidInput([{ field: 'code', message: 'The code is wrong' }], 'Invalid or expired code'));
  const data: ContactVerified = { customerId, channel, verifiedAt: at };
  return ok([{ type: VERIFICATION_EVENTS.contactVerified, data }]);
}
