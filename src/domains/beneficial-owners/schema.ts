/** Request schemas of `POST /beneficial-owners` and `PATCH /beneficial-owners/{id}` (reference shapes, strict). */
import { z } from 'zod';
import { isCountryCode } from '../customers/countries.js';
import { addressSchema } from '../customers/schema.js';
import { BENEFICIAL_OWNER_ROLES, OWNER_ID_TYPES } from './types.js';

const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` });

const country = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .refine((c) => /^[A-Z]{2}$/.test(c) && isCountryCode(c), { error: `${field} must be an assigned ISO 3166-1 alpha-2 code` });

// The reference's Address requires line1, postalCode and country only: an owner's city is optional
// (a customer's stays required, as the spec copy lists it among the customer fields).
const ownerAddressSchema = addressSchema.extend({ city: addressSchema.shape.city.optional() });

const personalFields = {
  firstName: text('personalInfo.firstName', 255),
  middleName: text('personalInfo.middleName', 255).optional(),
  lastName: text('personalInfo.lastName', 255),
  birthDate: z.iso.date({ error: 'personalInfo.birthDate must be a real calendar date YYYY-MM-DD' }),
  nationality: country('personalInfo.nationality'),
  email: z.email({ error: 'personalInfo.email must be an email address' }).max(254).optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, { error: 'personalInfo.phoneNumber must be E.164 (+14155550192)' }).optional(),
  address: ownerAddressSchema,
  idType: z.enum(OWNER_ID_TYPES, { error: `personalInfo.idType must be one of ${OWNER_ID_TYPES.join(', ')}` }),
  identifier: text('personalInfo.identifier', 64),
  countryOfIssuance: country('personalInfo.countryOfIssuance').optional(),
};

const roles = z
  .array(z.enum(BENEFICIAL_OWNER_ROLES, { error: `roles must hold ${BENEFICIAL_OWNER_ROLES.join(', ')}` }), { error: 'roles must be an array' })
  .min(1, { error: 'roles must name at least one role' })
  .max(BENEFICIAL_OWNER_ROLES.length)
  .refine((list) => new Set(list).size === list.length, { error: 'roles must not repeat a role' });

const percentage = z
  .number({ error: 'ownershipPercentage must be an integer from 0 to 100' })
  .int({ error: 'ownershipPercentage must be an integer from 0 to 100' })
  .min(0, { error: 'ownershipPercentage must be an integer from 0 to 100' })
  .max(100, { error: 'ownershipPercentage must be an integer from 0 to 100' });

/** `POST /beneficial-owners`. */
export const createBeneficialOwnerSchema = z.strictObject(
  {
    customerId: text('customerId', 128),
    roles,
    ownershipPercentage: percentage,
    personalInfo: z.strictObject(personalFields, { error: 'personalInfo is required' }),
  },
  { error: 'The body must be a JSON object' },
);

const partialPersonal = Object.fromEntries(Object.entries(personalFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof personalFields]: z.ZodOptional<(typeof personalFields)[K]>;
};

/** `PATCH /beneficial-owners/{id}`: every field optional; `personalInfo` merges field by field. */
export const updateBeneficialOwnerSchema = z.strictObject(
  {
    roles: roles.optional(),
    ownershipPercentage: percentage.optional(),
    personalInfo: z.strictObject(partialPersonal, { error: 'personalInfo must be an object' }).optional(),
  },
  { error: 'The body must be a JSON object' },
);

/** A validated create request. */
export type CreateBeneficialOwnerRequest = z.output<typeof createBeneficialOwnerSchema>;
/** A validated update request. */
export type UpdateBeneficialOwnerRequest = z.output<typeof updateBeneficialOwnerSchema>;
