/**
 * Agreement consents: reading them from a request (`agreementConsents[]` or the deprecated
 * `endUserTermsConsent`), checking each `termsVersion` against the catalogue, and keeping the
 * latest acceptance per type. Pure functions; nothing here changes state.
 */
import { type ApiError, type FieldError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { parseInstant } from '../../core/time.js';
import { END_USER_TERMS, agreementOf, agreementRank, isKnownTermsVersion } from './agreements.js';
import type { ConsentRequest, EndUserTermsConsentRequest } from './schema.js';
import type { AgreementConsent } from './types.js';
import { compact } from './values.js';

/** A consent as requested, with the request field it came from (for error paths). */
export type RequestedConsent = {
  readonly field: string;
  readonly type: string;
  readonly acceptedAt: string;
  readonly ipAddress?: string | undefined;
  /** Absent only for the deprecated form, where it means the current version. */
  readonly termsVersion?: string | undefined;
  readonly acceptanceMethod?: string | undefined;
};

/** The consents a validated request carries, in request order. Pure. */
export function requestedConsents(request: {
  readonly agreementConsents?: readonly ConsentRequest[] | undefined;
  readonly endUserTermsConsent?: EndUserTermsConsentRequest | undefined;
}): RequestedConsent[] {
  if (request.endUserTermsConsent !== undefined) {
    return [{ field: 'endUserTermsConsent', type: END_USER_TERMS, ...request.endUserTermsConsent }];
  }
  return (request.agreementConsents ?? []).map((consent, index) => ({ field: `agreementConsents[${index}]`, ...consent }));
}

/**
 * Fills in the current version where the deprecated form left it out and checks every version
 * against the catalogue: any unknown one is 400 END_USER_TERMS_VERSION_NOT_FOUND, listing each in
 * `details.errors`. Pure.
 */
export function resolveConsents(requested: readonly RequestedConsent[]): Result<AgreementConsent[], ApiError> {
  const unknown: FieldError[] = [];
  const resolved: AgreementConsent[] = [];
  for (const consent of requested) {
    const agreement = agreementOf(consent.type);
    if (agreement === undefined) {
      // The schema's enum admits only catalogue types; reaching here is a schema bug.
      unknown.push({ field: `${consent.field}.type`, message: `Unknown agreement type ${consent.type}` });
      continue;
    }
    const termsVersion = consent.termsVersion ?? agreement.version;
    if (!isKnownTermsVersion(agreement.type, termsVersion)) {
      unknown.push({
        field: `${consent.field}.termsVersion`,
        constraint: { enum: agreement.knownVersions },
        message: `${agreement.type} has no version ${termsVersion}`,
      });
      continue;
    }
    resolved.push(
      compact({
        type: agreement.type,
        acceptedAt: consent.acceptedAt,
        ipAddress: consent.ipAddress,
        termsVersion,
        acceptanceMethod: consent.acceptanceMethod,
      }),
    );
  }
  if (unknown.length > 0) {
    return err(apiError('END_USER_TERMS_VERSION_NOT_FOUND', 'Unknown terms version', { errors: unknown }));
  }
  return ok(resolved);
}

/**
 * The latest acceptance per type after `incoming`, in catalogue order. An incoming consent
 * replaces the stored one of its type unless the stored one was accepted later (ties go to the
 * incoming one). Pure; never mutates its arguments.
 */
export function mergeConsents(
  existing: readonly AgreementConsent[],
  incoming: readonly AgreementConsent[],
): AgreementConsent[] {
  const byType = new Map<string, AgreementConsent>();
  for (const consent of existing) byType.set(consent.type, consent);
  for (const consent of incoming) {
    const stored = byType.get(consent.type);
    if (stored === undefined || acceptedAtMs(stored) <= acceptedAtMs(consent)) byType.set(consent.type, consent);
  }
  return [...byType.values()].sort((a, b) => agreementRank(a.type) - agreementRank(b.type));
}

function acceptedAtMs(consent: AgreementConsent): number {
  const ms = parseInstant(consent.acceptedAt);
  // Validation admits only date-times with an offset; an unreadable one sorts first.
  return ms ?? Number.NEGATIVE_INFINITY;
}
