/**
 * One create request of every account type of the reference, made from the reference's own
 * examples: the `example` of the type's account info schema, else its properties' examples (CAD,
 * wallets), with an individual beneficiary holding what the type requires, and the type's first
 * currency. Where an example fails a check the spec copy or DECISIONS.md keeps (CLABE check
 * digit, EIP-55 checksum), `EXAMPLE_OVERRIDES` replaces the value and says why.
 */
import { ACCOUNT_TYPES, type ExternalAccountType } from '../../src/domains/external-accounts/account-types.js';
import { CURRENCIES_BY_ACCOUNT_TYPE, isBankAccountType } from '../../src/domains/external-accounts/types.js';
import { deref, REFERENCE } from '../contract/reference.js';

type Json = Record<string, unknown>;

const SCHEMAS = REFERENCE.components.schemas as Record<string, Json>;
const CREATE_MAPPING = (SCHEMAS.ExternalAccountCreateInfoOneOf as { discriminator: { mapping: Record<string, string> } }).discriminator.mapping;

/** Values the reference's examples hold that a kept check refuses, replaced, with the reason. */
export const EXAMPLE_OVERRIDES: Readonly<Partial<Record<ExternalAccountType, { readonly values: Json; readonly why: string }>>> = {
  MXN_ACCOUNT: { values: { clabeNumber: '032180000118359719' }, why: 'the example 123456789012345678 fails the CLABE check digit (DECISIONS.md)' },
  ETHEREUM_WALLET: { values: { address: '0xabcdef1234567890abcdef1234567890abcdef12' }, why: 'the mixed-case example fails its EIP-55 checksum; lower case carries none' },
  BASE_WALLET: { values: { address: '0xabcdef1234567890abcdef1234567890abcdef12' }, why: 'as ETHEREUM_WALLET' },
  POLYGON_WALLET: { values: { address: '0xabcdef1234567890abcdef1234567890abcdef12' }, why: 'as ETHEREUM_WALLET' },
  PLASMA_WALLET: { values: { address: '0xabcdef1234567890abcdef1234567890abcdef12' }, why: 'as ETHEREUM_WALLET' },
  LIGHTNING: {
    values: { invoice: undefined, bolt12: undefined },
    why: 'LightningInfo takes exactly one destination but gives an example of each (its bolt12 example is a BOLT11 invoice); the lightningAddress is kept',
  },
};

/** The reference's account info example of `type` (its own `accountType` included). */
export function referenceAccountInfo(type: ExternalAccountType): Json {
  const example: Json = { accountType: type };
  for (const part of allOf(CREATE_MAPPING[type] ?? '')) {
    if (part.example !== undefined && typeof part.example === 'object') Object.assign(example, part.example);
    else for (const [name, property] of Object.entries((part.properties ?? {}) as Record<string, Json>)) {
      if (property.example !== undefined && example[name] === undefined && name !== 'beneficiary') example[name] = property.example;
    }
  }
  const merged: Json = { ...example, accountType: type, ...(EXAMPLE_OVERRIDES[type]?.values ?? {}) };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}

/** The parts of a schema's allOf, dereferenced and flattened. */
function allOf(ref: string): Json[] {
  const schema = deref({ $ref: ref }) as Json;
  const parts = (schema.allOf as Json[] | undefined) ?? [schema];
  return parts.flatMap((part) => (part.$ref !== undefined ? allOf(part.$ref as string) : [part]));
}

/** An individual beneficiary holding what `type` requires. */
export function beneficiaryFor(type: ExternalAccountType): Json {
  const beneficiary: Json = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' };
  for (const field of ACCOUNT_TYPES[type].beneficiary.required) {
    if (field === 'address') beneficiary.address = { line1: '1 Main St', city: 'Town', postalCode: '12345', country: 'US' };
    if (field === 'countryOfResidence') beneficiary.countryOfResidence = 'US';
    if (field === 'phoneNumber') beneficiary.phoneNumber = '+14155551234';
  }
  return beneficiary;
}

/** `{ currency, accountInfo }` of a create request for `type`: the reference's example, a beneficiary for banks. */
export function referenceCreateBody(type: ExternalAccountType): { currency: string; accountInfo: Json } {
  const accountInfo = referenceAccountInfo(type);
  if (isBankAccountType(type)) accountInfo.beneficiary = beneficiaryFor(type);
  return { currency: CURRENCIES_BY_ACCOUNT_TYPE[type][0] as string, accountInfo };
}
