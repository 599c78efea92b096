/**
 * Beneficial owners of a business customer (reference BeneficialOwner): the record, JSON-safe,
 * stored frozen. `kycStatus` starts UNVERIFIED and resolves by the sandbox owner table when the
 * business resolves terminally (src/sandbox/kyb.ts).
 */
import type { Address, KycStatus } from '../customers/types.js';

/** `roles` values (reference BeneficialOwnerRole). */
export const BENEFICIAL_OWNER_ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'] as const;
/** One of `BENEFICIAL_OWNER_ROLES`. */
export type BeneficialOwnerRole = (typeof BENEFICIAL_OWNER_ROLES)[number];

/** `personalInfo.idType` values (reference IdentificationType). */
export const OWNER_ID_TYPES = ['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID'] as const;
/** One of `OWNER_ID_TYPES`. */
export type OwnerIdType = (typeof OWNER_ID_TYPES)[number];

/** An owner's address: the customer Address with `city` optional, as in the reference's Address. */
export type OwnerAddress = Omit<Address, 'city'> & { readonly city?: string };

/** The person behind an owner record (reference BeneficialOwnerPersonalInfo). */
export type PersonalInfo = {
  readonly firstName: string;
  readonly middleName?: string;
  readonly lastName: string;
  /** YYYY-MM-DD. */
  readonly birthDate: string;
  readonly nationality: string;
  readonly email?: string;
  readonly phoneNumber?: string;
  readonly address: OwnerAddress;
  readonly idType: OwnerIdType;
  readonly identifier: string;
  readonly countryOfIssuance?: string;
};

/** A stored beneficial owner. */
export type BeneficialOwner = {
  /** `BeneficialOwner:<uuid>`. */
  readonly id: string;
  /** The business customer. */
  readonly customerId: string;
  readonly roles: readonly BeneficialOwnerRole[];
  /** 0..100. */
  readonly ownershipPercentage: number;
  readonly personalInfo: PersonalInfo;
  readonly kycStatus: KycStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The fields a PATCH sets; `personalInfo` is the whole merged object after the update. */
export type BeneficialOwnerChanges = {
  readonly roles?: readonly BeneficialOwnerRole[];
  readonly ownershipPercentage?: number;
  readonly personalInfo?: PersonalInfo;
};
