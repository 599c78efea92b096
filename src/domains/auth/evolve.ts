/** Applies embedded-wallet auth events. Asserts what the deciders checked. */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import {
  AUTH_EVENTS,
  type AuthCredentialAdded,
  type AuthCredentialRevoked,
  type AuthCredentialsContactUpdated,
  type AuthOtpConsumed,
  type AuthOtpIssued,
  type AuthSessionCreated,
  type AuthSessionRevoked,
  type DelegatedKeyRecorded,
  type EmbeddedWalletProvisioned,
  type PasskeyCounterAdvanced,
  type SignedRequestConsumed,
  type SignedRequestIssued,
  type WalletPrivacyUpdated,
} from './events.js';

/** Evolvers for auth events. */
export const authEvolvers: EvolverTable = {
  [AUTH_EVENTS.walletProvisioned]: (state, event) => {
    const { wallet } = event.data as EmbeddedWalletProvisioned;
    assert(!state.auth.wallets.has(wallet.accountId), `wallet ${wallet.accountId} provisioned twice`);
    state.auth.wallets.set(wallet.accountId, freeze(structuredClone(wallet), true));
  },
  [AUTH_EVENTS.credentialAdded]: (state, event) => {
    const { credential } = event.data as AuthCredentialAdded;
    assert(!state.auth.credentials.has(credential.id), `credential ${credential.id} added twice`);
    state.auth.credentials.set(credential.id, freeze(structuredClone(credential), true));
  },
  [AUTH_EVENTS.otpIssued]: (state, event) => {
    const data = event.data as AuthOtpIssued;
    const credential = state.auth.credentials.get(data.credentialId);
    assert(credential !== undefined, `OTP issued for unknown credential ${data.credentialId}`);
    state.auth.credentials.set(credential.id, freeze({ ...credential, otp: structuredClone(data.otp), updatedAt: event.at }, true));
  },
  [AUTH_EVENTS.otpConsumed]: (state, event) => {
    const data = event.data as AuthOtpConsumed;
    const credential = state.auth.credentials.get(data.credentialId);
    assert(credential?.otp?.issueId === data.issueId && credential.otp.consumedAt === undefined, `OTP issue ${data.issueId} of ${data.credentialId} is not the current unused one`);
    state.auth.credentials.set(credential.id, freeze({ ...credential, otp: { ...credential.otp, consumedAt: event.at }, updatedAt: event.at }, true));
  },
  [AUTH_EVENTS.requestIssued]: (state, event) => {
    const { request } = event.data as SignedRequestIssued;
    assert(!state.auth.pending.has(request.requestId), `request ${request.requestId} issued twice`);
    state.auth.pending.set(request.requestId, freeze(structuredClone(request), true));
  },
  [AUTH_EVENTS.requestConsumed]: (state, event) => {
    const { requestId } = event.data as SignedRequestConsumed;
    const request = state.auth.pending.get(requestId);
    assert(request !== undefined && request.consumedAt === undefined, `request ${requestId} consumed twice`);
    state.auth.pending.set(requestId, freeze({ ...request, consumedAt: event.at }, true));
  },
  [AUTH_EVENTS.sessionCreated]: (state, event) => {
    const { session } = event.data as AuthSessionCreated;
    assert(!state.auth.sessions.has(session.id), `session ${session.id} created twice`);
    state.auth.sessions.set(session.id, freeze(structuredClone(session), true));
  },
  [AUTH_EVENTS.sessionRevoked]: (state, event) => {
    const { sessionId } = event.data as AuthSessionRevoked;
    const session = state.auth.sessions.get(sessionId);
    assert(session !== undefined, `unknown session ${sessionId} revoked`);
    state.auth.sessions.set(sessionId, freeze({ ...session, revokedAt: event.at, updatedAt: event.at }, true));
  },
  [AUTH_EVENTS.credentialRevoked]: (state, event) => {
    const { credentialId } = event.data as AuthCredentialRevoked;
    assert(state.auth.credentials.delete(credentialId), `unknown credential ${credentialId} revoked`);
    for (const session of [...state.auth.sessions.values()]) {
      if (session.credentialId === credentialId && session.revokedAt === undefined) {
        state.auth.sessions.set(session.id, freeze({ ...session, revokedAt: event.at, updatedAt: event.at }, true));
      }
    }
  },
  [AUTH_EVENTS.passkeyCounterAdvanced]: (state, event) => {
    const data = event.data as PasskeyCounterAdvanced;
    const credential = state.auth.credentials.get(data.credentialId);
    assert(credential?.passkey !== undefined, `counter of a credential without passkey ${data.credentialId}`);
    state.auth.credentials.set(credential.id, freeze({ ...credential, passkey: { ...credential.passkey, signCount: data.signCount }, updatedAt: event.at }, true));
  },
  [AUTH_EVENTS.walletPrivacyUpdated]: (state, event) => {
    const data = event.data as WalletPrivacyUpdated;
    const wallet = state.auth.wallets.get(data.accountId);
    assert(wallet !== undefined, `privacy of unknown wallet ${data.accountId}`);
    state.auth.wallets.set(wallet.accountId, freeze({ ...wallet, privateEnabled: data.privateEnabled, updatedAt: event.at }, true));
  },
  [AUTH_EVENTS.credentialsContactUpdated]: (state, event) => {
    const data = event.data as AuthCredentialsContactUpdated;
    const contact = data.email ?? data.phoneNumber;
    assert(contact !== undefined && (data.email === undefined) !== (data.phoneNumber === undefined), 'a contact update sets exactly one of email and phoneNumber');
    const type = data.email === undefined ? 'SMS_OTP' : 'EMAIL_OTP';
    for (const credentialId of data.credentialIds) {
      const credential = state.auth.credentials.get(credentialId);
      assert(credential?.type === type, `contact update of ${credentialId}, not a live ${type} credential`);
      state.auth.credentials.set(credentialId, freeze({ ...credential, nickname: contact, updatedAt: event.at }, true));
      const wallet = state.auth.wallets.get(credential.accountId);
      assert(wallet !== undefined, `credential ${credentialId} of unknown wallet ${credential.accountId}`);
      const changed = type === 'EMAIL_OTP' ? { email: contact } : { phoneNumber: contact };
      state.auth.wallets.set(wallet.accountId, freeze({ ...wallet, ...changed, updatedAt: event.at }, true));
    }
  },
  [AUTH_EVENTS.delegatedKeyRecorded]: (state, event) => {
    const { key } = event.data as DelegatedKeyRecorded;
    state.auth.delegatedKeys.set(key.id, freeze(structuredClone(key), true));
  },
};
