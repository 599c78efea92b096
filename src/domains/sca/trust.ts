/**
 * Trusted beneficiaries: a customer in an SCA region marks an external account trusted (or not)
 * by satisfying an SCA challenge: start answers `scaChallenge`, confirm takes the proof (`code`
 * 123456 for SMS_OTP, a TOTP code, or a passkey assertion + origin). The mark itself is the
 * external account's `isTrusted` (src/domains/external-accounts/trust.ts: deleting a trusted
 * account is 409 BENEFICIARY_TRUSTED), set by that domain's events. Pure deciders.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import { toBase64url } from '../auth/crypto.js';
import { verifyAssertionOver } from '../auth/webauthn.js';
import type { EventDraft } from '../evolver.js';
import { decideSetTrusted } from '../external-accounts/trust.js';
import type { DomainState } from '../state.js';
import { type AssertionJson, SANDBOX_SCA_LOGIN_CODE, SCA_ALLOWED_ORIGINS, SCA_LOGIN_TTL_MS, SCA_RP_ID, type ScaContext, scaCustomer, totpCode } from './decide.js';
import { SCA_EVENTS, type ScaRecordChanged } from './events.js';
import type { ScaRecord } from './types.js';

/** A validated confirm body (reference BeneficiaryTrustConfirmRequest). */
export type TrustProof = { readonly challengeId?: string | null; readonly code?: string | null; readonly passkeyAssertion?: AssertionJson | null; readonly origin?: string | null };

function change(type: string, record: ScaRecord, at: string): EventDraft {
  const data: ScaRecordChanged = { record: { ...record, updatedAt: at } };
  return { type, data };
}

function ownerRecord(state: DomainState, externalAccountId: string, at: string): Result<ScaRecord, ApiError> {
  const account = state.externalAccounts.byId.get(externalAccountId);
  if (account?.customerId === undefined) return err(apiError('NOT_FOUND', `External account ${externalAccountId.slice(0, 100)} not found`));
  return scaCustomer(state, account.customerId, at);
}

/** `POST .../trust` and `.../untrust`: issues the SCA challenge. */
export function decideTrustStart(state: DomainState, externalAccountId: string, action: 'TRUST' | 'UNTRUST', context: ScaContext): Result<{ events: EventDraft[]; body: Record<string, unknown> }, ApiError> {
  const found = ownerRecord(state, externalAccountId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  const trusted = state.externalAccounts.byId.get(externalAccountId)?.isTrusted === true;
  if (action === 'TRUST' && trusted) return err(invalidInput([{ field: 'externalAccountId', message: 'The beneficiary is already trusted' }]));
  if (action === 'UNTRUST' && !trusted) return err(invalidInput([{ field: 'externalAccountId', message: 'The beneficiary is not trusted' }]));
  const id = context.newId('ScaChallenge');
  const expiresAt = new Date(context.nowMs + SCA_LOGIN_TTL_MS).toISOString();
  const passkeyChallenge = toBase64url(hexToBytes(context.secretDigest(`sca-trust|${id}`)));
  const availableFactors = ['SMS_OTP', ...(record.totp === undefined ? [] : ['TOTP']), ...(record.passkey === undefined ? [] : ['PASSKEY'])];
  const scaChallenge = {
    id,
    expiresAt,
    factor: 'SMS_OTP',
    availableFactors,
    purpose: action === 'TRUST' ? 'TRUST_BENEFICIARY' : 'UNTRUST_BENEFICIARY',
    passkeyAssertionOptions: record.passkey === undefined ? null : { challenge: passkeyChallenge, rpId: SCA_RP_ID, allowCredentials: [{ type: 'public-key', id: record.passkey.credentialId }] },
    passkeyAllowedOrigins: record.passkey === undefined ? null : SCA_ALLOWED_ORIGINS,
  };
  return ok({ events: [change(SCA_EVENTS.trustChallengeIssued, { ...record, trustChallenge: { id, externalAccountId, action, passkeyChallenge, expiresAt } }, context.at)], body: { scaChallenge } });
}

/** `POST .../trust/confirm` and `.../untrust/confirm`: the proof flips the mark; `{ trusted }`. */
export function decideTrustConfirm(state: DomainState, externalAccountId: string, action: 'TRUST' | 'UNTRUST', proof: TrustProof, context: ScaContext): Result<{ events: EventDraft[]; trusted: boolean }, ApiError> {
  const found = ownerRecord(state, externalAccountId, context.at);
  if (!found.ok) return found;
  const record = found.value;
  const challenge = record.trustChallenge;
  const invalid = (message: string) => err(invalidInput([{ field: 'code', message }], 'Invalid or expired proof'));
  if (challenge === undefined || challenge.externalAccountId !== externalAccountId || challenge.action !== action || instantToMs(challenge.expiresAt) <= context.nowMs) return invalid('No unexpired challenge was started for this beneficiary');
  if (proof.challengeId !== undefined && proof.challengeId !== null && proof.challengeId !== challenge.id) return invalid('challengeId does not match the started challenge');
  let passkeyCount: number | undefined;
  if (proof.passkeyAssertion !== undefined && proof.passkeyAssertion !== null) {
    if (record.passkey === undefined || proof.origin !== record.passkey.origin) return invalid('origin does not match the enrolled passkey');
    const a = proof.passkeyAssertion;
    const checked = verifyAssertionOver(record.passkey, { credentialId: a.id, clientDataJson: a.response.clientDataJSON, authenticatorData: a.response.authenticatorData, signature: a.response.signature }, challenge.passkeyChallenge);
    if (!checked.ok) return invalid(checked.error.reason);
    passkeyCount = checked.value.signCount;
  } else {
    const code = proof.code ?? '';
    const totpOk = record.totp !== undefined && [-1, 0, 1].some((steps) => totpCode(hexToBytes(context.secretDigest(`sca-totp|${record.totp?.secretId}`).slice(0, 40)), context.nowMs, steps) === code);
    if (code !== SANDBOX_SCA_LOGIN_CODE && !totpOk) return invalid('Incorrect code');
  }
  const trusted = action === 'TRUST';
  const { trustChallenge: _, ...rest } = record;
  const next: ScaRecord = { ...rest, ...(record.passkey !== undefined && passkeyCount !== undefined ? { passkey: { ...record.passkey, signCount: passkeyCount } } : {}) };
  const mark = decideSetTrusted(state, { externalAccountId, scope: 'customer', trusted, at: context.at });
  if (!mark.ok) return mark;
  return ok({ events: [change(trusted ? SCA_EVENTS.beneficiaryTrusted : SCA_EVENTS.beneficiaryUntrusted, next, context.at), ...mark.value], trusted });
}

/** True when the owner of `externalAccountId` is a customer in an SCA region (trust changes need SCA). */
export function trustNeedsSca(state: DomainState, externalAccountId: string, at: string): boolean {
  return ownerRecord(state, externalAccountId, at).ok;
}
