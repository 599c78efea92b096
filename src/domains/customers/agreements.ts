/**
 * The agreement catalogue: every agreement a customer can accept, its current version, the
 * versions still accepted in `termsVersion`, and where the text is hosted. A constant (the spec
 * names only SVC_END_USER_TERMS; the privacy policy is a decision, see docs/customers.md).
 */

import { assert } from '../../core/assert.js';

/** The agreement types, in catalogue order. */
export const AGREEMENT_TYPES = ['SVC_END_USER_TERMS', 'SVC_PRIVACY_POLICY'] as const;
/** One of `AGREEMENT_TYPES`. */
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** One agreement: `version` is the current one and always among `knownVersions`. */
export type Agreement = {
  readonly type: AgreementType;
  readonly version: string;
  readonly url: string;
  /** Versions a consent may name, oldest first. */
  readonly knownVersions: readonly string[];
};

const HOST = 'https://legal.svc.example/agreements';

/** The catalogue, in the order responses list agreements and consents. */
export const AGREEMENTS: readonly Agreement[] = Object.freeze([
  Object.freeze({
    type: 'SVC_END_USER_TERMS',
    version: '2025-10-13',
    url: `${HOST}/svc-end-user-terms/2025-10-13`,
    knownVersions: Object.freeze(['2024-06-01', '2025-10-13']),
  }),
  Object.freeze({
    type: 'SVC_PRIVACY_POLICY',
    version: '2025-10-13',
    url: `${HOST}/svc-privacy-policy/2025-10-13`,
    knownVersions: Object.freeze(['2025-10-13']),
  }),
]);

assert(
  AGREEMENTS.length === AGREEMENT_TYPES.length &&
    AGREEMENTS.every((a, i) => a.type === AGREEMENT_TYPES[i] && a.knownVersions.includes(a.version)),
  'AGREEMENTS must list AGREEMENT_TYPES in order, each with its current version among knownVersions',
);

/** The type the deprecated `endUserTermsConsent` stands for. */
export const END_USER_TERMS: AgreementType = 'SVC_END_USER_TERMS';

/** The catalogue entry of `type`; undefined for an unknown type. Pure. */
export function agreementOf(type: string): Agreement | undefined {
  return AGREEMENTS.find((agreement) => agreement.type === type);
}

/** True when `version` is a known version of agreement `type`. Pure. */
export function isKnownTermsVersion(type: string, version: string): boolean {
  return agreementOf(type)?.knownVersions.includes(version) ?? false;
}

/** The position of `type` in the catalogue, for ordering consents (unknown types sort last). */
export function agreementRank(type: string): number {
  const index = AGREEMENTS.findIndex((agreement) => agreement.type === type);
  return index === -1 ? AGREEMENTS.length : index;
}

/** The wire form of the catalogue (`GET /customers/agreements` rows). */
export function agreementViews(): { type: string; version: string; url: string }[] {
  return AGREEMENTS.map(({ type, version, url }) => ({ type, version, url }));
}
