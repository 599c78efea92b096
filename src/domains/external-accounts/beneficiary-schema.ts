/**
 * Beneficiary schemas (zod, strict): the reference's individual beneficiary of each bank account
 * type (what it requires beyond `fullName`, and the fields only some types allow: a CAD
 * individual's `registrationNumber`, a COP individual's document), the business beneficiary all
 * bank types share, and the wallet beneficiary (`WalletBeneficiaryOneOf`: an individual is
 * `fullName` and `countryOfResidence`). One schema per distinct requirement, made once.
 */
import { z } from 'zod';
import type { BeneficiarySpec } from './account-types.js';
import { NAME_LENGTH_MAX, addressSchema, country, str, tableField, text } from './fields.js';

const BENEFICIARY = 'accountInfo.beneficiary';

/** The reference's contact fields of every bank beneficiary (all optional unless a type requires one). */
function contact(required: BeneficiarySpec['required']) {
  const countryOfResidence = country(`${BENEFICIARY}.countryOfResidence`);
  const phoneNumber = str(`${BENEFICIARY}.phoneNumber`).regex(/^\+[1-9]\d{1,14}$/, { error: `${BENEFICIARY}.phoneNumber must be E.164 (+ and up to 15 digits)` });
  const address = addressSchema(`${BENEFICIARY}.address`);
  return {
    countryOfResidence: required.includes('countryOfResidence') ? countryOfResidence : countryOfResidence.optional(),
    email: text(`${BENEFICIARY}.email`, NAME_LENGTH_MAX).regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: `${BENEFICIARY}.email must be an email address` }).optional(),
    phoneNumber: required.includes('phoneNumber') ? phoneNumber : phoneNumber.optional(),
    address: required.includes('address') ? address : address.optional(),
  };
}

function individual(spec: BeneficiarySpec) {
  const extra = Object.fromEntries(Object.entries(spec.extra ?? {}).map(([name, field]) => [name, tableField(`${BENEFICIARY}.${name}`, field)]));
  return z.strictObject({
    beneficiaryType: z.literal('INDIVIDUAL'),
    fullName: text(`${BENEFICIARY}.fullName`, NAME_LENGTH_MAX),
    birthDate: z.iso.date({ error: `${BENEFICIARY}.birthDate must be a real calendar date YYYY-MM-DD` }).optional(),
    nationality: country(`${BENEFICIARY}.nationality`).optional(),
    ...contact(spec.required),
    ...extra,
  });
}

const business = z.strictObject({
  beneficiaryType: z.literal('BUSINESS'),
  legalName: text(`${BENEFICIARY}.legalName`, NAME_LENGTH_MAX),
  registrationNumber: text(`${BENEFICIARY}.registrationNumber`, NAME_LENGTH_MAX).optional(),
  taxId: text(`${BENEFICIARY}.taxId`, NAME_LENGTH_MAX).optional(),
  ...contact([]),
});

const walletIndividual = z.strictObject({
  beneficiaryType: z.literal('INDIVIDUAL'),
  fullName: text(`${BENEFICIARY}.fullName`, NAME_LENGTH_MAX),
  countryOfResidence: country(`${BENEFICIARY}.countryOfResidence`),
});

function union(options: readonly [z.ZodObject, z.ZodObject], noun: string) {
  return z.discriminatedUnion('beneficiaryType', [...options], {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `${BENEFICIARY}.beneficiaryType must be one of INDIVIDUAL, BUSINESS`
        : issue.input === undefined
          ? `${BENEFICIARY} is required for ${noun}`
          : `${BENEFICIARY} must be an object`,
  });
}

const made = new Map<string, ReturnType<typeof union>>();

/** The beneficiary of a bank account type with `spec`'s requirements (made once per distinct spec). */
export function bankBeneficiarySchema(spec: BeneficiarySpec) {
  const key = JSON.stringify(spec);
  let schema = made.get(key);
  if (schema === undefined) {
    schema = union([individual(spec), business], 'bank accounts');
    made.set(key, schema);
  }
  return schema;
}

/** The optional beneficiary of a wallet (the reference's WalletBeneficiaryOneOf). */
export const walletBeneficiarySchema = union([walletIndividual, business], 'wallets').optional();
