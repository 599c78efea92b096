/**
 * The simulator's embedded-wallet operations (issue 14), played as a real wallet app plays them
 * (wallet-client.ts: API-key stamps, HPKE-sealed OTP codes, WebAuthn assertions, OIDC tokens):
 * provisioning, credentials of every kind, logins (with wrong codes and bindings now and then),
 * OTP challenges, sessions (list, refresh, delete), delegated keys of a wallet's card, signed
 * wallet actions (privacy, export) and quotes executed from a wallet with a real signature, each
 * signed retry sometimes broken first in one of the ways the spec gives its own 401 code. The
 * model (wallet-model.ts) predicts every status; the wallets' reads join the rebuild equivalence.
 */
import type { HttpResponse } from '../api/http.js';
import { SESSION_TTL_MS } from '../domains/auth/credentials.js';
import { OTP_TTL_MS } from '../domains/auth/otp.js';
import { available, createCustomer, executedEffect, externalOf, fundAccount, NOTHING, payAmount, remember } from './money.js';
import { type Answer, must, pick, send, serial } from './requests.js';
import type { OperationCall, OperationContext, OperationDefinition } from './session.js';
import { assertion, type ClientKey, clientKey, keyOfPrivate, newAuthenticator, oidcNonce, oidcToken, openSealed, registration, sealOtpCode, stamp } from './wallet-client.js';
import { type ModelWallet, type ModelWalletCredential, type ModelWalletSession, sessionActive, type WalletCredentialType } from './wallet-model.js';

type Calls<T> = Generator<OperationCall, T, HttpResponse>;

/** Most wallets a session provisions, and most live credentials a wallet keeps. */
export const SESSION_WALLETS_MAX = 4;
const CREDENTIALS_MAX = 6;
/** The OIDC identity of the simulator's OAUTH credentials (a supported issuer). */
const OIDC = { iss: 'https://accounts.google.com', aud: 'sim-wallet.apps.googleusercontent.com' } as const;
/** The origin of the wallet app's passkeys (RP id = its host). */
const WALLET_ORIGIN = 'https://wallet.sim.example';

/** Sends and requires `status` (and `code` when given); returns the body. */
export function* expectStatus(context: OperationContext, status: number, code: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Calls<any> {
  const answer: Answer = yield* send(context, method, path, body, headers);
  if (answer.status !== status || (code !== undefined && answer.body?.code !== code)) {
    throw new Error(`${method} ${path} ${JSON.stringify(body ?? null).slice(0, 300)}: expected ${status}${code === undefined ? '' : ` ${code}`}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** The headers of a signed retry. */
function retry(signature: string, requestId: string): Record<string, string> {
  return { 'Svc-Wallet-Signature': signature, 'Request-Id': requestId };
}

/** A unique label for derived client keys. */
function label(context: OperationContext, what: string): string {
  return `${what}|${serial(context.model)}`;
}

/**
 * The broken retries of a pending challenge, each with the 401 code the spec gives it (Authentication
 * rule 2); `otherBody` is a body other than the challenged one.
 */
const RETRY_FAULTS = ['WALLET_SIGNATURE_MISSING', 'REQUEST_ID_MISSING', 'WALLET_SIGNATURE_MALFORMED', 'UNAUTHORIZED', 'WALLET_SIGNATURE_BODY_MISMATCH', 'WALLET_SIGNATURE_INVALID', 'WALLET_SIGNATURE_INVALID'] as const;

function* brokenRetry(context: OperationContext, n: number, method: string, path: string, body: unknown, otherBody: unknown, first: { payloadToSign: string; requestId: string }, key: ClientKey): Calls<void> {
  const code = RETRY_FAULTS[n % RETRY_FAULTS.length] as string;
  const good = stamp(key, first.payloadToSign);
  const headers: Record<string, Record<string, string>> = {
    WALLET_SIGNATURE_MISSING: { 'Request-Id': first.requestId },
    REQUEST_ID_MISSING: { 'Svc-Wallet-Signature': good },
    WALLET_SIGNATURE_MALFORMED: retry(n % 2 === 0 ? 'not-a-stamp' : good.slice(0, 20), first.requestId),
    UNAUTHORIZED: retry(good, 'Request:00000000-0000-0000-0000-000000000000'),
    WALLET_SIGNATURE_BODY_MISMATCH: retry(good, first.requestId),
    WALLET_SIGNATURE_INVALID: retry(n % 2 === 0 ? stamp(clientKey(label(context, 'stranger')), first.payloadToSign) : stamp(key, `${first.payloadToSign} `), first.requestId),
  };
  const sent = code === 'WALLET_SIGNATURE_BODY_MISMATCH' ? otherBody : body;
  if (sent === undefined && code === 'WALLET_SIGNATURE_BODY_MISMATCH') return;
  yield* expectStatus(context, 401, code, method, path, sent, headers[code]);
}

/**
 * A signed action: the first call answers 202 with the payload; when `fault` is a number a broken
 * retry comes first (401, nothing written, the challenge still pending); then the stamped retry.
 */
function* signed(context: OperationContext, method: string, path: string, body: unknown, key: ClientKey, doneStatus: number, fault?: { n: number; otherBody: unknown }): Calls<any> {
  const first = yield* expectStatus(context, 202, undefined, method, path, body);
  if (typeof first.payloadToSign !== 'string' || typeof first.requestId !== 'string') throw new Error(`${method} ${path}: a 202 without payloadToSign and requestId: ${JSON.stringify(first)}`);
  if (fault !== undefined) yield* brokenRetry(context, fault.n, method, path, body, fault.otherBody, first, key);
  return yield* expectStatus(context, doneStatus, undefined, method, path, body, retry(stamp(key, first.payloadToSign), first.requestId));
}

// ---------------------------------------------------------------- wallets and logins

/** An existing wallet picked by `n`, or a new one (for an individual, who may hold cards). */
function* wallet(context: OperationContext, n: number): Calls<ModelWallet> {
  const { model } = context;
  const existing = pick(model.wallets, n);
  if (existing !== undefined && (model.wallets.length >= SESSION_WALLETS_MAX || n % 3 !== 0)) return existing;
  const individual = pick(model.customers.filter((c) => !c.business), n);
  const owner = individual !== undefined ? individual : yield* createCustomer(context, 0);
  const number = serial(model);
  const hasPhone = n % 3 !== 1;
  const body = { customerId: owner.id, email: `wallet-${number}@example.com`, ...(hasPhone ? { phoneNumber: `+1415555${String(number % 10_000).padStart(4, '0')}` } : {}) };
  const made = yield* expectStatus(context, 201, undefined, 'POST', '/sandbox/embedded-wallets', body);
  if (made.internalAccount?.type !== 'EMBEDDED_WALLET' || made.credential?.type !== 'EMAIL_OTP') throw new Error(`provisioning answered ${JSON.stringify(made)}`);
  const created: ModelWallet = {
    accountId: made.internalAccount.id,
    customerId: owner.id,
    enclavePublicKey: made.enclavePublicKey,
    hasPhone,
    credentials: [{ id: made.credential.id, type: 'EMAIL_OTP', bundle: made.credential.otpEncryptionTargetBundle, otpExpiresAtMs: context.nowMs + OTP_TTL_MS }],
    sessions: [],
    cardId: undefined,
    delegatedKeys: [],
    exportedSecret: undefined,
  };
  model.wallets.push(created);
  model.accountIds.push(created.accountId);
  return created;
}

/** A new OTP challenge: a fresh target bundle (the previous one no longer opens). */
function* otpChallenge(context: OperationContext, credential: ModelWalletCredential): Calls<void> {
  const answer = yield* expectStatus(context, 200, undefined, 'POST', `/auth/credentials/${credential.id}/challenge`, {});
  if (typeof answer.otpEncryptionTargetBundle !== 'string' || answer.otpEncryptionTargetBundle === credential.bundle) throw new Error(`an OTP challenge answered no new bundle: ${JSON.stringify(answer)}`);
  credential.bundle = answer.otpEncryptionTargetBundle;
  credential.otpExpiresAtMs = context.nowMs + OTP_TTL_MS;
  credential.otpUsed = false;
}

/** Fresh OIDC claims (issued now, valid an hour) for `subject`, with the nonce binding a session key. */
function oidcClaims(context: OperationContext, subject: string, nonce?: string): Record<string, unknown> {
  const nowS = Math.floor(context.nowMs / 1000);
  return { ...OIDC, sub: subject, iat: nowS, exp: nowS + 3600, ...(nonce === undefined ? {} : { nonce }) };
}

/**
 * Logs in with `credential` as a real client does; `n` chooses the variant (a wrong code, nonce
 * or origin first, answered 401 and writing nothing; OAUTH's legacy uncompressed key). Returns the session.
 */
function* login(context: OperationContext, w: ModelWallet, credential: ModelWalletCredential, n: number): Calls<ModelWalletSession> {
  const path = `/auth/credentials/${credential.id}/verify`;
  const key = clientKey(label(context, 'session'));
  let signingKey = key;
  let answer: any;
  if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') {
    if ((credential.otpExpiresAtMs ?? 0) <= context.nowMs || credential.otpUsed === true) {
      // Past its ten minutes, or once a verify accepted its code (single-use), the bundle is
      // refused (400), and a new challenge gives a fresh one.
      const late = { type: credential.type, encryptedOtpBundle: sealOtpCode(credential.bundle ?? '', w.enclavePublicKey, '000000', key, label(context, 'otp')) };
      yield* expectStatus(context, 400, 'AUTH_CREDENTIAL_VERIFICATION_EXPIRED', 'POST', path, late);
      yield* otpChallenge(context, credential);
    }
    const seal = (code: string) => ({ type: credential.type, encryptedOtpBundle: sealOtpCode(credential.bundle ?? '', w.enclavePublicKey, code, key, label(context, 'otp')) });
    if (n % 5 === 0) {
      const wrong = yield* expectStatus(context, 401, 'UNAUTHORIZED', 'POST', path, seal(String(100_000 + (n % 900_000))));
      if (wrong.reason !== 'Invalid OTP code') throw new Error(`a wrong OTP code answered ${JSON.stringify(wrong)}`);
    }
    answer = yield* signed(context, 'POST', path, seal('000000'), key, 200);
    credential.otpUsed = true;
  } else if (credential.type === 'OAUTH') {
    const legacy = n % 4 === 1;
    const clientPublicKey = legacy ? key.publicKeyUncompressed : key.publicKey;
    if (n % 5 === 0) yield* expectStatus(context, 401, undefined, 'POST', path, { type: 'OAUTH', oidcToken: oidcToken(oidcClaims(context, credential.oauthSubject ?? '', oidcNonce(clientKey(label(context, 'other')).publicKey))), clientPublicKey });
    answer = yield* expectStatus(context, 200, undefined, 'POST', path, { type: 'OAUTH', oidcToken: oidcToken(oidcClaims(context, credential.oauthSubject ?? '', oidcNonce(clientPublicKey))), clientPublicKey });
    if (legacy) {
      // The deprecated flow: the engine made the session key and sealed it to the client's key.
      const opened = typeof answer.encryptedSessionSigningKey === 'string' ? openSealed(key, answer.encryptedSessionSigningKey) : undefined;
      if (opened === undefined || !/^[0-9a-f]{64}$/.test(opened)) throw new Error(`the legacy OAUTH session key does not open: ${JSON.stringify(answer)}`);
      signingKey = keyOfPrivate(opened);
    } else if (answer.encryptedSessionSigningKey !== undefined) throw new Error('a compressed clientPublicKey got a sealed session key');
  } else {
    const authenticator = credential.authenticator;
    if (authenticator === undefined) throw new Error('a PASSKEY credential without its authenticator');
    const issued = yield* expectStatus(context, 200, undefined, 'POST', `/auth/credentials/${credential.id}/challenge`, { clientPublicKey: key.publicKey });
    if (!/^[0-9a-f]{64}$/.test(issued.challenge ?? '')) throw new Error(`a passkey challenge answered ${JSON.stringify(issued)}`);
    if (n % 5 === 0) yield* expectStatus(context, 401, undefined, 'POST', path, { type: 'PASSKEY', assertion: assertion(authenticator, { text: issued.challenge }, 'https://phish.sim.example') }, { 'Request-Id': issued.requestId });
    answer = yield* expectStatus(context, 200, undefined, 'POST', path, { type: 'PASSKEY', assertion: assertion(authenticator, { text: issued.challenge }) }, { 'Request-Id': issued.requestId });
  }
  const expiresAtMs = context.nowMs + SESSION_TTL_MS;
  if (answer.accountId !== w.accountId || answer.type !== credential.type || answer.expiresAt !== new Date(expiresAtMs).toISOString()) {
    throw new Error(`a ${credential.type} login answered ${JSON.stringify(answer)}; expected a session of ${w.accountId} until ${new Date(expiresAtMs).toISOString()}`);
  }
  const session: ModelWalletSession = { id: answer.id, credentialId: credential.id, key: signingKey, expiresAtMs, revoked: false };
  w.sessions.push(session);
  return session;
}

/** An active session of `w` picked by `n` (not of credential `except`), logging in when there is none. */
function* activeSession(context: OperationContext, w: ModelWallet, n: number, except?: string): Calls<ModelWalletSession> {
  const live = w.sessions.filter((s) => sessionActive(s, context.nowMs) && s.credentialId !== except);
  const existing = pick(live, n);
  if (existing !== undefined) return existing;
  const credential = pick(w.credentials.filter((c) => c.id !== except), n) as ModelWalletCredential;
  return yield* login(context, w, credential, n + 1);
}

/** The wallet's credentials and active sessions as listed must be the model's, in order. */
function* checkLists(context: OperationContext, w: ModelWallet): Calls<void> {
  const credentials = yield* must(context, 'GET', `/auth/credentials?accountId=${w.accountId}`);
  const sessions = yield* must(context, 'GET', `/auth/sessions?accountId=${w.accountId}`);
  const listed = [credentials.data.map((c: { id: string }) => c.id), sessions.data.map((s: { id: string }) => s.id)];
  const modelled = [w.credentials.map((c) => c.id), w.sessions.filter((s) => sessionActive(s, context.nowMs)).map((s) => s.id)];
  if (JSON.stringify(listed) !== JSON.stringify(modelled)) throw new Error(`wallet ${w.accountId} lists credentials and sessions ${JSON.stringify(listed)}, the model has ${JSON.stringify(modelled)}`);
}

// ---------------------------------------------------------------- credentials

/** The refusal the first leg of adding `type` must meet, if any (one EMAIL_OTP and one SMS_OTP per wallet; SMS needs a phone). */
function addRefusal(w: ModelWallet, type: WalletCredentialType): string | undefined {
  if (type === 'EMAIL_OTP' && w.credentials.some((c) => c.type === 'EMAIL_OTP')) return 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS';
  if (type === 'SMS_OTP' && w.credentials.some((c) => c.type === 'SMS_OTP')) return 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS';
  if (type === 'SMS_OTP' && !w.hasPhone) return 'INVALID_INPUT';
  return undefined;
}

/** Adds a credential of `type` by signed retry (or meets the refusal the model predicts); returns it when added. */
function* addCredential(context: OperationContext, w: ModelWallet, type: WalletCredentialType, n: number): Calls<ModelWalletCredential | undefined> {
  const base = { type, accountId: w.accountId };
  const refusal = addRefusal(w, type);
  if (refusal !== undefined) {
    yield* expectStatus(context, 400, refusal, 'POST', '/auth/credentials', base);
    return undefined;
  }
  const session = yield* activeSession(context, w, n);
  const id = label(context, 'credential');
  const authenticator = type === 'PASSKEY' ? newAuthenticator(id, WALLET_ORIGIN) : undefined;
  const clientChallenge = `sim-registration-${id}`;
  const subject = `sim|${id}`;
  let body: Record<string, unknown> = base;
  if (type === 'OAUTH') body = { ...base, oidcToken: oidcToken(oidcClaims(context, subject)) };
  if (authenticator !== undefined) body = { ...base, nickname: `Passkey ${id}`, challenge: clientChallenge, attestation: { ...registration(authenticator, clientChallenge), transports: ['internal'] } };
  const fault = n % 6 === 0 ? { n: Math.floor(n / 6), otherBody: type === 'PASSKEY' ? { ...body, nickname: 'other' } : undefined } : undefined;
  const done = yield* signed(context, 'POST', '/auth/credentials', body, session.key, 201, fault);
  if (done.type !== type || done.accountId !== w.accountId) throw new Error(`adding ${type} answered ${JSON.stringify(done)}`);
  const otp = type === 'EMAIL_OTP' || type === 'SMS_OTP';
  if (otp && typeof done.otpEncryptionTargetBundle !== 'string') throw new Error(`an added ${type} has no target bundle: ${JSON.stringify(done)}`);
  const credential: ModelWalletCredential = {
    id: done.id,
    type,
    ...(otp ? { bundle: done.otpEncryptionTargetBundle, otpExpiresAtMs: context.nowMs + OTP_TTL_MS } : {}),
    ...(authenticator === undefined ? {} : { authenticator }),
    ...(type === 'OAUTH' ? { oauthSubject: subject } : {}),
  };
  w.credentials.push(credential);
  return credential;
}

// ---------------------------------------------------------------- operations

/** The embedded-wallet operation kinds (resource `wallets`). */
export const WALLET_OPERATIONS: Readonly<Record<string, OperationDefinition>> = {
  'wallet.provision': {
    resource: 'wallets',
    *run(context) {
      const w = yield* wallet(context, context.operation.a * 3);
      yield* checkLists(context, w);
      return NOTHING;
    },
  },
  'wallet.login': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      yield* login(context, w, pick(w.credentials, operation.b) as ModelWalletCredential, operation.c);
      yield* checkLists(context, w);
      return NOTHING;
    },
  },
  'wallet.challenge': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      const credential = pick(w.credentials.filter((c) => c.bundle !== undefined), operation.b);
      if (credential === undefined) return NOTHING;
      const old = credential.bundle ?? '';
      const wasLive = (credential.otpExpiresAtMs ?? 0) > context.nowMs;
      yield* otpChallenge(context, credential);
      if (operation.c % 2 === 0 && wasLive) {
        // A bundle sealed to the superseded target no longer opens: 401 Invalid OTP code.
        const stale = { type: credential.type, encryptedOtpBundle: sealOtpCode(old, w.enclavePublicKey, '000000', clientKey(label(context, 'stale')), label(context, 'otp')) };
        yield* expectStatus(context, 401, 'UNAUTHORIZED', 'POST', `/auth/credentials/${credential.id}/verify`, stale);
      }
      return NOTHING;
    },
  },
  'wallet.credential': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      if (w.credentials.length >= CREDENTIALS_MAX) return NOTHING;
      // Half the time a kind the wallet lacks (so every kind is reached), else any (refusals included).
      const types: WalletCredentialType[] = ['SMS_OTP', 'OAUTH', 'PASSKEY', 'EMAIL_OTP'];
      const lacking = types.filter((type) => addRefusal(w, type) === undefined && !w.credentials.some((c) => c.type === type));
      const type = (operation.b % 2 === 0 ? pick(lacking, operation.b >> 1) : undefined) ?? (types[operation.b % types.length] as WalletCredentialType);
      const added = yield* addCredential(context, w, type, operation.c);
      // Half the new credentials are verified at once, as an app does right after adding one.
      if (added !== undefined && operation.c % 2 === 0) yield* login(context, w, added, operation.c >> 1);
      yield* checkLists(context, w);
      return NOTHING;
    },
  },
  'wallet.revoke': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      const target = pick(w.credentials, operation.b) as ModelWalletCredential;
      const path = `/auth/credentials/${target.id}`;
      if (w.credentials.length <= 1) {
        // The last credential cannot be revoked (400), whoever signs.
        yield* expectStatus(context, 400, 'INVALID_INPUT', 'DELETE', path);
        return NOTHING;
      }
      const own = w.sessions.find((s) => s.credentialId === target.id && sessionActive(s, context.nowMs));
      if (own !== undefined && operation.c % 3 === 0) {
        // A session of the credential being revoked may not sign its revocation.
        const first = yield* expectStatus(context, 202, undefined, 'DELETE', path);
        yield* expectStatus(context, 401, 'WALLET_SIGNATURE_INVALID', 'DELETE', path, undefined, retry(stamp(own.key, first.payloadToSign), first.requestId));
      }
      const signer = yield* activeSession(context, w, operation.c, target.id);
      yield* signed(context, 'DELETE', path, undefined, signer.key, 204);
      w.credentials.splice(w.credentials.indexOf(target), 1);
      for (const s of w.sessions) if (s.credentialId === target.id) s.revoked = true;
      yield* checkLists(context, w);
      return NOTHING;
    },
  },
  'wallet.sessions': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      yield* checkLists(context, w);
      if (operation.b % 3 === 0) {
        // Refresh, signed by the session refreshed, binds a new key: a new session (201).
        const current = yield* activeSession(context, w, operation.c);
        const next = clientKey(label(context, 'refresh'));
        const done = yield* signed(context, 'POST', `/auth/sessions/${current.id}/refresh`, { clientPublicKey: next.publicKey }, current.key, 201, operation.c % 4 === 0 ? { n: operation.c, otherBody: { clientPublicKey: clientKey(label(context, 'other')).publicKey } } : undefined);
        const credential = w.credentials.find((c) => c.id === current.credentialId) as ModelWalletCredential;
        if (done.id === current.id || done.type !== credential.type || done.expiresAt !== new Date(context.nowMs + SESSION_TTL_MS).toISOString()) throw new Error(`a refresh answered ${JSON.stringify(done)}`);
        w.sessions.push({ id: done.id, credentialId: current.credentialId, key: next, expiresAtMs: context.nowMs + SESSION_TTL_MS, revoked: false });
      } else if (operation.b % 3 === 1) {
        // Logout: signed by any active session of the wallet, the target itself included.
        const target = yield* activeSession(context, w, operation.c);
        const signer = pick(w.sessions.filter((s) => sessionActive(s, context.nowMs)), operation.b) as ModelWalletSession;
        yield* signed(context, 'DELETE', `/auth/sessions/${target.id}`, undefined, signer.key, 204);
        target.revoked = true;
        yield* expectStatus(context, 404, 'SESSION_NOT_FOUND', 'DELETE', `/auth/sessions/${target.id}`);
      }
      yield* checkLists(context, w);
      return NOTHING;
    },
  },
  'wallet.action': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      const session = yield* activeSession(context, w, operation.c);
      const fault = operation.c % 3 === 0 ? { n: Math.floor(operation.c / 3) } : undefined;
      if (operation.b % 2 === 0) {
        const privateEnabled = operation.c % 2 === 0;
        const done = yield* signed(context, 'PATCH', `/internal-accounts/${w.accountId}`, { privateEnabled }, session.key, 200, fault && { ...fault, otherBody: { privateEnabled: !privateEnabled } });
        if (done.id !== w.accountId || done.privateEnabled !== privateEnabled) throw new Error(`a privacy update answered ${JSON.stringify(done)}`);
        return NOTHING;
      }
      // Export: the wallet secret sealed to the request's key; every export opens the same secret.
      const target = clientKey(label(context, 'export'));
      const done = yield* signed(context, 'POST', `/internal-accounts/${w.accountId}/export`, { clientPublicKey: target.publicKeyUncompressed }, session.key, 200, fault && { ...fault, otherBody: { clientPublicKey: clientKey(label(context, 'other')).publicKeyUncompressed } });
      const secret = typeof done.encryptedWalletCredentials === 'string' ? openSealed(target, done.encryptedWalletCredentials) : undefined;
      if (secret === undefined || !/^[0-9a-f]{64}$/.test(secret)) throw new Error(`an export does not open for its key: ${JSON.stringify(done)}`);
      if (w.exportedSecret !== undefined && w.exportedSecret !== secret) throw new Error(`wallet ${w.accountId} exported two different secrets`);
      w.exportedSecret = secret;
      return NOTHING;
    },
  },
  'wallet.execute': {
    resource: 'wallets',
    *run(context) {
      const { model, operation } = context;
      const w = yield* wallet(context, operation.a);
      const session = yield* activeSession(context, w, operation.c);
      if (available(model, w.accountId) < 2_000) yield* fundAccount(context, w.accountId, 20_000);
      const owner = model.customers.find((c) => c.id === w.customerId);
      if (owner === undefined) throw new Error(`the owner of wallet ${w.accountId} is not a session customer`);
      const destination = yield* externalOf(context, owner, operation.c, 'USD');
      const quote = yield* must(context, 'POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: w.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: destination.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: payAmount(model, w.accountId, operation.b),
      });
      remember(model.quoteIds, quote.id);
      const info = quote.paymentInstructions?.[0]?.accountOrWalletInfo;
      if (info?.accountType !== 'EMBEDDED_WALLET' || typeof info.payloadToSign !== 'string') throw new Error(`a wallet quote has no payloadToSign: ${JSON.stringify(quote)}`);
      const path = `/quotes/${quote.id}/execute`;
      if (operation.c % 3 === 0) {
        // Each broken signature is its own 401 and moves nothing.
        const faults: [string, Record<string, string>][] = [
          ['WALLET_SIGNATURE_MISSING', {}],
          ['WALLET_SIGNATURE_MALFORMED', { 'Svc-Wallet-Signature': 'garbage' }],
          ['WALLET_SIGNATURE_INVALID', { 'Svc-Wallet-Signature': stamp(clientKey(label(context, 'stranger')), info.payloadToSign) }],
          ['WALLET_SIGNATURE_INVALID', { 'Svc-Wallet-Signature': stamp(session.key, `${info.payloadToSign}x`) }],
        ];
        const [code, headers] = faults[Math.floor(operation.c / 3) % faults.length] as [string, Record<string, string>];
        yield* expectStatus(context, 401, code, 'POST', path, undefined, headers);
      }
      const signature = operation.c % 11 === 1 ? 'sandbox-valid-signature' : stamp(session.key, info.payloadToSign);
      const executed = yield* expectStatus(context, 200, undefined, 'POST', path, undefined, { 'Svc-Wallet-Signature': signature });
      const transactionId = (executed.transactionId ?? executed.id) as string;
      remember(model.transactionIds, transactionId);
      return yield* executedEffect(context, w.accountId, transactionId, quote.totalSendingAmount as number);
    },
  },
  'wallet.delegatedKey': {
    resource: 'wallets',
    *run(context) {
      const { operation } = context;
      const w = yield* wallet(context, operation.a);
      if (w.cardId === undefined) w.cardId = (yield* must(context, 'POST', '/cards', { customerId: w.customerId, fundingSource: w.accountId, form: 'VIRTUAL' })).id as string;
      const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: `Card key ${w.delegatedKeys.length + 1}` };
      const active = w.delegatedKeys.find((k) => k.status === 'ACTIVE');
      if (active !== undefined) {
        if (operation.b % 2 === 0) {
          yield* expectStatus(context, 409, 'CONFLICT', 'POST', '/auth/delegated-keys', body);
          return NOTHING;
        }
        yield* expectStatus(context, 204, undefined, 'DELETE', `/auth/delegated-keys/${active.id}`);
        active.status = 'REVOKED';
        yield* expectStatus(context, 409, 'INVALID_STATE_TRANSITION', 'DELETE', `/auth/delegated-keys/${active.id}`);
      } else {
        // Three legs: 202 (user activity), signed -> PENDING and 202 (policy), signed -> ACTIVE (201).
        const session = yield* activeSession(context, w, operation.c);
        const first = yield* expectStatus(context, 202, undefined, 'POST', '/auth/delegated-keys', body);
        const second = yield* expectStatus(context, 202, undefined, 'POST', '/auth/delegated-keys', body, retry(stamp(session.key, first.payloadToSign), first.requestId));
        const pending = (yield* must(context, 'GET', `/auth/delegated-keys?accountId=${w.accountId}`)).data.filter((k: { status: string }) => k.status === 'PENDING');
        if (pending.length !== 1) throw new Error(`after the second leg ${pending.length} PENDING keys are listed`);
        const done = yield* expectStatus(context, 201, undefined, 'POST', '/auth/delegated-keys', body, retry(stamp(session.key, second.payloadToSign), second.requestId));
        if (done.status !== 'ACTIVE' || done.id !== pending[0].id || done.cardId !== w.cardId) throw new Error(`the third leg answered ${JSON.stringify(done)}`);
        w.delegatedKeys.push({ id: done.id, status: 'ACTIVE' });
      }
      const listed = (yield* must(context, 'GET', `/auth/delegated-keys?accountId=${w.accountId}`)).data.map((k: { id: string; status: string }) => `${k.id} ${k.status}`);
      const modelled = w.delegatedKeys.map((k) => `${k.id} ${k.status}`);
      if (JSON.stringify(listed) !== JSON.stringify(modelled)) throw new Error(`delegated keys listed ${JSON.stringify(listed)}, the model has ${JSON.stringify(modelled)}`);
      return NOTHING;
    },
  },
};
