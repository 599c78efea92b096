/** The wire form of a verification (reference Verification); the channel stays in the log. */
import type { Verification } from './types.js';

/** The reference's Verification fields. */
export type VerificationView = Omit<Verification, 'channel'>;

/** The wire form of `verification`, fields in a fixed order. Pure. */
export function verificationView(verification: Verification): VerificationView {
  return {
    id: verification.id,
    customerId: verification.customerId,
    verificationStatus: verification.verificationStatus,
    errors: verification.errors,
    createdAt: verification.createdAt,
    updatedAt: verification.updatedAt,
  };
}
