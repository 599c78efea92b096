/** The wire form of a beneficial owner (reference BeneficialOwner): the record, fields in a fixed order. */
import type { BeneficialOwner } from './types.js';

/** The wire form of `owner`. Pure. */
export function beneficialOwnerView(owner: BeneficialOwner): BeneficialOwner {
  return {
    id: owner.id,
    customerId: owner.customerId,
    roles: owner.roles,
    ownershipPercentage: owner.ownershipPercentage,
    personalInfo: owner.personalInfo,
    kycStatus: owner.kycStatus,
    createdAt: owner.createdAt,
    updatedAt: owner.updatedAt,
  };
}
