/**
 * Webhooks of identity verification (reference VerificationWebhook, CustomerWebhook): every
 * submission announces `VERIFICATION.<verificationStatus>` with the verification, and a changed
 * customer status announces `CUSTOMER.KYC_<status>` / `CUSTOMER.KYB_<status>` with the whole
 * customer (UNVERIFIED has no type and is never a target). Registered in `NOTIFIERS`.
 */
import { statusWebhookType } from '../customers/notify.js';
import { customerView } from '../customers/view.js';
import type { Notification, NotifierTable } from '../notifications.js';
import { VERIFICATION_EVENTS, type VerificationSubmitted } from './events.js';
import { verificationView } from './view.js';

/** Notifiers for identity verification events. */
export const verificationNotifiers: NotifierTable = {
  [VERIFICATION_EVENTS.submitted]: (state, event) => {
    const data = event.data as VerificationSubmitted;
    const out: Notification[] = [];
    if (data.customerStatus !== undefined) {
      const customer = state.customers.byId.get(data.verification.customerId);
      const type = customer === undefined ? undefined : statusWebhookType(customer);
      if (customer !== undefined && type !== undefined) out.push({ type, data: customerView(customer) });
    }
    const verification = state.verifications.byId.get(data.verification.id);
    if (verification !== undefined) out.push({ type: `VERIFICATION.${verification.verificationStatus}`, data: verificationView(verification) });
    return out;
  },
};
