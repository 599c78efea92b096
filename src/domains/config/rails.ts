/**
 * Payment rails a rail fee config may price: the spec's PaymentRail values (ACH, ACH_SAME_DAY,
 * WIRE, FEDNOW, RTP, ONCHAIN, and SWIFT named with the railDetails) plus the common rails of
 * the registered currencies. A superset of the transactions domain's rails (those with
 * railDetails) and of the external accounts' payout rails, so theirs can be priced here.
 * ACH_SAME_DAY is never chosen automatically and is priced on its own.
 */

/** Every rail the engine knows, in a fixed order. */
export const PAYMENT_RAILS = [
  'ACH', 'ACH_SAME_DAY', 'WIRE', 'FEDNOW', 'RTP', 'ONCHAIN', 'LIGHTNING', 'SPARK', 'SWIFT', 'SEPA',
  'SEPA_INSTANT', 'SPEI', 'PIX', 'UPI', 'FASTER_PAYMENTS',
  // The reference's rails of the other external account types (issue 12).
  'NEFT', 'RTGS', 'PAYNOW', 'FAST', 'BANK_TRANSFER', 'MOBILE_MONEY',
] as const;

/** One of `PAYMENT_RAILS`. */
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/** True when `value` names a known rail. */
export function isPaymentRail(value: unknown): value is PaymentRail {
  return typeof value === 'string' && (PAYMENT_RAILS as readonly string[]).includes(value);
}
