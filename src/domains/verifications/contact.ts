/**
 * Contact verification (reference: `contactVerification`, verify-email / verify-phone): which
 * customers need it and the sandbox code. Decided: a customer whose address is in the EEA (the
 * reference's "e.g. EU customers") needs both email and phone VERIFIED before KYC/KYB can begin;
 * every other customer needs neither, and the contact routes answer 409 for them. Pure.
 */
import type { Customer } from '../customers/types.js';
import { type CustomerView, customerView } from '../customers/view.js';
import type { ContactProgress } from './types.js';

/** EU member states plus Iceland, Liechtenstein and Norway (ISO 3166-1 alpha-2). */
export const CONTACT_VERIFICATION_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
]);

/** The fixed sandbox code for email and SMS (reference: "In sandbox, the code is always 123456"). */
export const SANDBOX_CONTACT_CODE = '123456';

/** True when `customer` must verify email and phone before verification. Pure. */
export function requiresContactVerification(customer: Customer): boolean {
  return customer.address !== undefined && CONTACT_VERIFICATION_COUNTRIES.has(customer.address.country);
}

/** Progress before anything was sent. */
export const CONTACT_NOT_STARTED: ContactProgress = { email: 'PENDING', phone: 'PENDING', codeSent: [] };

/** The customer's `contactVerification` object, or undefined when it needs none. Pure. */
export function contactVerificationOf(customer: Customer, progress: ContactProgress | undefined): { email: string; phone: string } | undefined {
  if (!requiresContactVerification(customer)) return undefined;
  const current = progress ?? CONTACT_NOT_STARTED;
  return { email: current.email, phone: current.phone };
}

/** True when the customer may begin KYC/KYB: no contact verification needed, or both channels VERIFIED. Pure. */
export function contactCleared(customer: Customer, progress: ContactProgress | undefined): boolean {
  const status = contactVerificationOf(customer, progress);
  return status === undefined || (status.email === 'VERIFIED' && status.phone === 'VERIFIED');
}

/**
 * The wire customer with its `contactVerification` object when it needs one (reference Customer:
 * "only present when the customer's payment provider requires it"). Pure.
 */
export function customerViewWithContact(customer: Customer, progress: ContactProgress | undefined): CustomerView | (CustomerView & { contactVerification: { email: string; phone: string } }) {
  const contact = contactVerificationOf(customer, progress);
  return contact === undefined ? customerView(customer) : { ...customerView(customer), contactVerification: contact };
}
