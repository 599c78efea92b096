/**
 * The simulator's strong-customer-authentication operations (issue 14), for customers in an SCA
 * region (Germany), kept apart from the money operations' US customers: logins with each enrolled
 * factor (a wrong proof now and then, recorded toward the lock: the fifth is 423), security events,
 * TOTP and passkey enrollment (409 SCA_SESSION_REQUIRED without a login session) and deletion,
 * liveness-gated factor resets, trusting and untrusting beneficiaries, and payout quotes that
 * need SCA unless the beneficiary is trusted, authorized by code or passkey (with a resend and a
 * wrong code now and then) and executed. The model predicts every status and body it checks.
 */
import { base32nopad } from '@scure/base';
import type { HttpResponse } from '../api/http.js';
import { SANDBOX_SCA_LOGIN_CODE, SCA_FAILED_ATTEMPTS_MAX, SCA_LIVENESS_DELAY_MS, SCA_LOCK_MS, SCA_RESET_TTL_MS, SCA_RP_ID, SCA_SESSION_MS, totpCode } from '../domains/sca/decide.js';
import { SANDBOX_SCA_CODE } from '../domains/quotes/sca.js';
import type { ModelCustomer } from './model.js';
import { available, createExternal, executedEffect, fundAccount, NOTHING, payAmount, remember, TERMS } from './money.js';
import { must, pick, serial } from './requests.js';
import type { OperationCall, OperationContext, OperationDefinition } from './session.js';
import { type AssertionChallenge, assertionJson, newAuthenticator, registration } from './wallet-client.js';
import type { ModelScaCustomer, ModelScaReset } from './wallet-model.js';
import { expectStatus } from './wallet-operations.js';

type Calls<T> = Generator<OperationCall, T, HttpResponse>;

/** Most SCA customers a session creates. */
export const SESSION_SCA_CUSTOMERS_MAX = 4;
const BENEFICIARIES_MAX = 3;
const RESETS_MAX = 6;
/** The origin of SCA passkeys (the sandbox relying party's). */
const SCA_ORIGIN = `https://${SCA_RP_ID}`;
const IP = { endUserIpAddress: '203.0.113.7' };

function query(c: ModelScaCustomer): string {
  return `?customerId=${encodeURIComponent(c.id)}`;
}

function locked(c: ModelScaCustomer, nowMs: number): boolean {
  return c.lockedUntilMs !== undefined && c.lockedUntilMs > nowMs;
}

function hasSession(c: ModelScaCustomer, nowMs: number): boolean {
  return c.sessionExpiresAtMs !== undefined && c.sessionExpiresAtMs > nowMs;
}

/** The factors a customer can use now: SMS always, TOTP and PASSKEY once enrolled. */
function factorsOf(c: ModelScaCustomer): string[] {
  return ['SMS_OTP', ...(c.totpSecret === undefined ? [] : ['TOTP']), ...(c.authenticator === undefined ? [] : ['PASSKEY'])];
}

/** The current TOTP code of the customer's authenticator app. */
function totpNow(c: ModelScaCustomer, nowMs: number): string {
  return totpCode(base32nopad.decode(c.totpSecret ?? ''), nowMs);
}

/** A six-digit code that is neither the sandbox code nor a TOTP code of the window around `nowMs`. */
function wrongCode(c: ModelScaCustomer, nowMs: number, n: number): string {
  const taken = new Set([SANDBOX_SCA_LOGIN_CODE, SANDBOX_SCA_CODE, ...(c.totpSecret === undefined ? [] : [-1, 0, 1].map((steps) => totpCode(base32nopad.decode(c.totpSecret ?? ''), nowMs, steps)))]);
  for (let k = n % 900_000; ; k += 1) {
    const code = String(100_000 + (k % 900_000));
    if (!taken.has(code)) return code;
  }
}

/** An existing SCA customer picked by `n`, or a new one (Berlin address, terms accepted). */
function* scaCustomer(context: OperationContext, n: number): Calls<ModelScaCustomer> {
  const { model } = context;
  const existing = pick(model.scaCustomers, n);
  if (existing !== undefined && (model.scaCustomers.length >= SESSION_SCA_CUSTOMERS_MAX || n % 4 !== 0)) return existing;
  const number = serial(model);
  const created = yield* must(context, 'POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `sim-sca-${number}`,
    fullName: 'Lena Schmidt',
    address: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
    agreementConsents: TERMS,
  });
  const accounts = yield* must(context, 'GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.id)}`);
  const made: ModelScaCustomer = { id: created.id, accountId: accounts.data[0].id, beneficiaries: [], sessionExpiresAtMs: undefined, totpSecret: undefined, mobile: undefined, authenticator: undefined, failedAttempts: 0, lockedUntilMs: undefined, resets: [] };
  model.scaCustomers.push(made);
  model.accountIds.push(made.accountId);
  return made;
}

/** A beneficiary (USD external account completing at once) of `c` picked by `n`, made when missing. */
function* beneficiary(context: OperationContext, c: ModelScaCustomer, n: number): Calls<{ id: string; trusted: boolean }> {
  const existing = pick(c.beneficiaries, n);
  if (existing !== undefined && (c.beneficiaries.length >= BENEFICIARIES_MAX || n % 3 !== 0)) return existing;
  const owner: ModelCustomer = { id: c.id, platformCustomerId: c.id, accountId: c.accountId, business: false };
  const account = yield* createExternal(context, owner, 0, 'USD');
  const made = { id: account.id, trusted: false };
  c.beneficiaries.push(made);
  return made;
}

/** Clears a lock the way the platform does after a password reset (`RESET_PASSWORD_COMPLETED`). */
function* unlock(context: OperationContext, c: ModelScaCustomer): Calls<void> {
  const answer = yield* expectStatus(context, 200, undefined, 'POST', `/sca/record-event${query(c)}`, { eventType: 'RESET_PASSWORD_COMPLETED' });
  if (answer.failedAttempts !== 0 || answer.suspended !== false || answer.lockedUntil !== null) throw new Error(`RESET_PASSWORD_COMPLETED answered ${JSON.stringify(answer)}`);
  c.failedAttempts = 0;
  c.lockedUntilMs = undefined;
}

/** Counts one failed attempt in the model (afresh once a lock has expired); returns whether it locked the login. */
function failed(c: ModelScaCustomer, nowMs: number): boolean {
  if (c.lockedUntilMs !== undefined && c.lockedUntilMs <= nowMs) {
    c.failedAttempts = 0;
    c.lockedUntilMs = undefined;
  }
  c.failedAttempts += 1;
  if (c.failedAttempts < SCA_FAILED_ATTEMPTS_MAX) return false;
  c.lockedUntilMs = nowMs + SCA_LOCK_MS;
  return true;
}

/**
 * A login with `factor`, the proof wrong when `wrong`: started then completed. While locked the
 * start is 423; a wrong proof is 400 (423 when it locks), recorded; a right one opens the 180-day session.
 */
function* login(context: OperationContext, c: ModelScaCustomer, factor: string, wrong: boolean, n: number): Calls<void> {
  const q = query(c);
  if (locked(c, context.nowMs)) {
    const refused = yield* expectStatus(context, 423, 'ACCOUNT_LOCKED', 'POST', `/sca/login/start${q}`, { factor });
    if (refused.details?.lockedUntil !== new Date(c.lockedUntilMs ?? 0).toISOString()) throw new Error(`a locked login answered ${JSON.stringify(refused)}`);
    return;
  }
  const started = yield* expectStatus(context, 200, undefined, 'POST', `/sca/login/start${q}`, { factor });
  let body: Record<string, unknown>;
  if (factor === 'SMS_OTP') body = { factor, challengeId: started.challengeId, code: wrong ? wrongCode(c, context.nowMs, n) : SANDBOX_SCA_LOGIN_CODE, ...IP };
  else if (factor === 'TOTP') body = { factor, code: wrong ? wrongCode(c, context.nowMs, n) : totpNow(c, context.nowMs), ...IP };
  else {
    const challenge: AssertionChallenge = { encoded: started.passkeyOptions.challenge };
    body = { factor, passkeyAssertion: assertionJson(c.authenticator!, challenge, wrong ? 'https://phish.sim.example' : SCA_ORIGIN), origin: wrong ? 'https://phish.sim.example' : SCA_ORIGIN, ...IP };
  }
  const path = `/sca/login/complete${q}`;
  if (wrong) {
    const locks = failed(c, context.nowMs);
    yield* expectStatus(context, locks ? 423 : 400, locks ? 'ACCOUNT_LOCKED' : 'INVALID_INPUT', 'POST', path, body);
    return;
  }
  const done = yield* expectStatus(context, 200, undefined, 'POST', path, body);
  const expiresAtMs = context.nowMs + SCA_SESSION_MS;
  if (done.status !== 'ACTIVE' || done.sessionExpiresAt !== new Date(expiresAtMs).toISOString()) throw new Error(`a login answered ${JSON.stringify(done)}`);
  c.sessionExpiresAtMs = expiresAtMs;
  c.failedAttempts = 0;
  c.lockedUntilMs = undefined;
}

/** An SCA login session, logging in by SMS (after clearing a lock) when there is none. */
function* scaSession(context: OperationContext, c: ModelScaCustomer, n: number): Calls<void> {
  if (hasSession(c, context.nowMs)) return;
  if (locked(c, context.nowMs)) yield* unlock(context, c);
  yield* login(context, c, 'SMS_OTP', false, n);
}

/** The factors listed must be the model's (SMS named by the number a reset set). */
function* checkFactors(context: OperationContext, c: ModelScaCustomer): Calls<void> {
  const listed = (yield* must(context, 'GET', `/sca/factors${query(c)}`)).factors as { factor: string; name: string; credentialId?: string }[];
  const modelled = [
    { factor: 'SMS_OTP', name: c.mobile ?? 'Phone on file' },
    ...(c.totpSecret === undefined ? [] : [{ factor: 'TOTP', name: 'Authenticator app' }]),
    ...(c.authenticator === undefined ? [] : [{ factor: 'PASSKEY', credentialId: c.authenticator.credentialId, name: 'Passkey' }]),
  ];
  if (JSON.stringify(listed) !== JSON.stringify(modelled)) throw new Error(`customer ${c.id} lists factors ${JSON.stringify(listed)}, the model has ${JSON.stringify(modelled)}`);
}

/** A reset's status at `nowMs` as the sandbox gives it (liveness passes ten seconds after the start). */
function resetStatus(reset: ModelScaReset, nowMs: number): string {
  if (reset.completed) return 'COMPLETED';
  if (reset.createdAtMs + SCA_RESET_TTL_MS <= nowMs) return 'EXPIRED';
  return nowMs >= reset.createdAtMs + SCA_LIVENESS_DELAY_MS ? 'LIVENESS_PASSED' : 'INITIATED';
}

/** A proof for an SCA challenge with `factors` (`passkeyChallenge` when it offers the passkey), chosen by `n`. */
function proof(context: OperationContext, c: ModelScaCustomer, passkeyChallenge: string | undefined, n: number): Record<string, unknown> {
  if (c.authenticator !== undefined && passkeyChallenge !== undefined && n % 3 === 1) return { passkeyAssertion: assertionJson(c.authenticator, { encoded: passkeyChallenge }), origin: SCA_ORIGIN };
  if (c.totpSecret !== undefined && n % 3 === 2) return { code: totpNow(c, context.nowMs) };
  return { code: SANDBOX_SCA_LOGIN_CODE };
}

/** The SCA operation kinds (resource `sca`). */
export const SCA_OPERATIONS: Readonly<Record<string, OperationDefinition>> = {
  'sca.login': {
    resource: 'sca',
    *run(context) {
      const { operation } = context;
      const c = yield* scaCustomer(context, operation.a);
      yield* login(context, c, pick(factorsOf(c), operation.b) as string, operation.c % 3 === 0, operation.c);
      yield* checkFactors(context, c);
      return NOTHING;
    },
  },
  'sca.recordEvent': {
    resource: 'sca',
    *run(context) {
      const { operation, nowMs } = context;
      const c = yield* scaCustomer(context, operation.a);
      if (operation.b % 3 === 0) {
        yield* unlock(context, c);
        return NOTHING;
      }
      const path = `/sca/record-event${query(c)}`;
      if (locked(c, nowMs)) {
        yield* expectStatus(context, 423, 'ACCOUNT_LOCKED', 'POST', path, { eventType: 'FAILED_LOGIN_ATTEMPT' });
        return NOTHING;
      }
      const locks = failed(c, nowMs);
      const answer = yield* expectStatus(context, 200, undefined, 'POST', path, { eventType: 'FAILED_LOGIN_ATTEMPT' });
      const expected = { eventType: 'FAILED_LOGIN_ATTEMPT', suspended: locks, lockedUntil: locks ? new Date(c.lockedUntilMs ?? 0).toISOString() : null, failedAttempts: c.failedAttempts };
      if (JSON.stringify(answer) !== JSON.stringify(expected)) throw new Error(`FAILED_LOGIN_ATTEMPT answered ${JSON.stringify(answer)}, the model expects ${JSON.stringify(expected)}`);
      return NOTHING;
    },
  },
  'sca.factor': {
    resource: 'sca',
    *run(context) {
      const { operation, nowMs } = context;
      const c = yield* scaCustomer(context, operation.a);
      const q = query(c);
      const action = operation.b % 4;
      if (action !== 3) {
        // Changing factors needs an SCA login session (spec: 409 SCA_SESSION_REQUIRED otherwise).
        if (!hasSession(c, nowMs) && operation.c % 2 === 0) yield* expectStatus(context, 409, 'SCA_SESSION_REQUIRED', 'POST', `/sca/factors${q}`, { type: 'TOTP' });
        yield* scaSession(context, c, operation.c);
      }
      if (action === 0) {
        const started = yield* expectStatus(context, 200, undefined, 'POST', `/sca/factors${q}`, { type: 'TOTP' });
        if (operation.c % 3 === 0) yield* expectStatus(context, 400, 'INVALID_INPUT', 'POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: started.secret, code: wrongCode({ ...c, totpSecret: started.secretBase32Encoded }, nowMs, operation.c) });
        const code = totpCode(base32nopad.decode(started.secretBase32Encoded), nowMs);
        const confirmed = yield* expectStatus(context, 200, undefined, 'POST', `/sca/factors/confirm${q}`, { type: 'TOTP', secret: started.secret, code });
        if (!Array.isArray(confirmed.recoveryCodes) || confirmed.recoveryCodes.length !== 8) throw new Error(`a TOTP confirmation answered ${JSON.stringify(confirmed)}`);
        c.totpSecret = started.secretBase32Encoded;
      } else if (action === 1 && c.authenticator !== undefined) {
        yield* expectStatus(context, 409, 'PASSKEY_ALREADY_ENROLLED', 'POST', `/sca/factors${q}`, { type: 'PASSKEY' });
      } else if (action === 1) {
        const started = yield* expectStatus(context, 200, undefined, 'POST', `/sca/factors${q}`, { type: 'PASSKEY' });
        const authenticator = newAuthenticator(`sca|${serial(context.model)}`, SCA_ORIGIN);
        const r = registration(authenticator, started.options.challenge);
        const credential = { id: r.credentialId, rawId: r.credentialId, type: 'public-key', response: { clientDataJSON: r.clientDataJson, attestationObject: r.attestationObject } };
        yield* expectStatus(context, 200, undefined, 'POST', `/sca/factors/confirm${q}`, { type: 'PASSKEY', origin: SCA_ORIGIN, credential });
        c.authenticator = authenticator;
      } else if (action === 2) {
        const id = c.authenticator?.credentialId;
        if (id === undefined) yield* expectStatus(context, 404, 'NOT_FOUND', 'DELETE', `/sca/factors/sim-unknown${q}`);
        else {
          yield* expectStatus(context, 204, undefined, 'DELETE', `/sca/factors/${id}${q}`);
          c.authenticator = undefined;
        }
      }
      yield* checkFactors(context, c);
      return NOTHING;
    },
  },
  'sca.reset': {
    resource: 'sca',
    *run(context) {
      const { operation, nowMs } = context;
      const c = yield* scaCustomer(context, operation.a);
      const q = query(c);
      // Mostly a reset still within its 24 hours; now and then one that expired (400, EXPIRED).
      const open = c.resets.filter((r) => !r.completed);
      const live = open.filter((r) => resetStatus(r, nowMs) !== 'EXPIRED');
      const reset = operation.b % 2 === 0 || c.resets.length >= RESETS_MAX ? pick(live, operation.c) : operation.b % 5 === 1 ? pick(open, operation.c) : undefined;
      if (reset !== undefined) {
        const status = resetStatus(reset, nowMs);
        const read = yield* must(context, 'GET', `/sca/factors/reset/${reset.id}${q}`);
        if (read.status !== status || read.factor !== reset.factor) throw new Error(`reset ${reset.id} reads ${JSON.stringify(read)}, the model expects ${status}`);
        const mobile = { countryCode: '+49', number: `1511${String(serial(context.model) % 1_000_000).padStart(6, '0')}` };
        const body = reset.factor === 'SMS_OTP' ? { mobile } : {};
        if (status !== 'LIVENESS_PASSED') {
          yield* expectStatus(context, 400, 'INVALID_INPUT', 'POST', `/sca/factors/reset/${reset.id}/complete${q}`, body);
          return NOTHING;
        }
        yield* expectStatus(context, 204, undefined, 'POST', `/sca/factors/reset/${reset.id}/complete${q}`, body);
        reset.completed = true;
        if (reset.factor === 'TOTP') c.totpSecret = undefined;
        else if (reset.factor === 'PASSKEY') c.authenticator = undefined;
        else c.mobile = `${mobile.countryCode}${mobile.number}`;
        yield* checkFactors(context, c);
        return NOTHING;
      }
      if (c.resets.length >= RESETS_MAX) return NOTHING;
      const factor = pick(factorsOf(c), operation.c) as string;
      const started = yield* expectStatus(context, 201, undefined, 'POST', `/sca/factors/reset${q}`, { factor });
      if (started.expiresAt !== new Date(nowMs + SCA_RESET_TTL_MS).toISOString()) throw new Error(`a reset started ${JSON.stringify(started)}`);
      c.resets.push({ id: started.resetId, factor, createdAtMs: nowMs, completed: false });
      const read = yield* must(context, 'GET', `/sca/factors/reset/${started.resetId}${q}`);
      if (read.status !== 'INITIATED') throw new Error(`a new reset reads ${JSON.stringify(read)}`);
      return NOTHING;
    },
  },
  'sca.trust': {
    resource: 'sca',
    *run(context) {
      const { operation } = context;
      const c = yield* scaCustomer(context, operation.a);
      const b = yield* beneficiary(context, c, operation.b);
      const base = `/customers/external-accounts/${b.id}`;
      const verb = b.trusted ? 'untrust' : 'trust';
      if (b.trusted && operation.c % 5 === 0) yield* expectStatus(context, 400, 'INVALID_INPUT', 'POST', `${base}/trust`);
      const started = (yield* expectStatus(context, 200, undefined, 'POST', `${base}/${verb}`)).scaChallenge;
      const purpose = b.trusted ? 'UNTRUST_BENEFICIARY' : 'TRUST_BENEFICIARY';
      if (started?.purpose !== purpose || JSON.stringify(started.availableFactors) !== JSON.stringify(factorsOf(c))) throw new Error(`${verb} answered ${JSON.stringify(started)}; expected ${purpose} with factors ${factorsOf(c).join(', ')}`);
      if (operation.c % 3 === 0) yield* expectStatus(context, 400, 'INVALID_INPUT', 'POST', `${base}/${verb}/confirm`, { challengeId: started.id, code: wrongCode(c, context.nowMs, operation.c) });
      const confirmed = yield* expectStatus(context, 200, undefined, 'POST', `${base}/${verb}/confirm`, { challengeId: started.id, ...proof(context, c, started.passkeyAssertionOptions?.challenge, operation.b) });
      if (confirmed.trusted !== !b.trusted) throw new Error(`${verb}/confirm answered ${JSON.stringify(confirmed)}`);
      b.trusted = !b.trusted;
      const read = yield* must(context, 'GET', base);
      if (read.isTrusted !== b.trusted) throw new Error(`${b.id} reads isTrusted ${read.isTrusted}, the model has ${b.trusted}`);
      return NOTHING;
    },
  },
  'sca.quote': {
    resource: 'sca',
    *run(context) {
      const { model, operation } = context;
      const c = yield* scaCustomer(context, operation.a);
      if (available(model, c.accountId) < 2_000) yield* fundAccount(context, c.accountId, 20_000);
      const b = yield* beneficiary(context, c, operation.c);
      // A payout needs SCA (202 with scaChallenge) unless its beneficiary is trusted (200).
      const quote = yield* expectStatus(context, b.trusted ? 200 : 202, undefined, 'POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: c.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: b.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: payAmount(model, c.accountId, operation.b),
      });
      remember(model.quoteIds, quote.id);
      if ((quote.scaChallenge !== undefined) === b.trusted) throw new Error(`a quote to a ${b.trusted ? '' : 'un'}trusted beneficiary answered scaChallenge ${JSON.stringify(quote.scaChallenge)}`);
      if (!b.trusted) {
        const path = `/quotes/${quote.id}/authorize`;
        if (operation.b % 4 === 0) yield* expectStatus(context, 204, undefined, 'POST', `${path}/resend`);
        if (operation.c % 4 === 0) yield* expectStatus(context, 400, 'INVALID_INPUT', 'POST', path, { code: wrongCode(c, context.nowMs, operation.c) });
        const passkey = quote.scaChallenge.passkeyAssertionOptions?.challenge as string | undefined;
        const by = c.authenticator !== undefined && passkey !== undefined && operation.b % 2 === 1 ? { passkeyAssertion: assertionJson(c.authenticator, { encoded: passkey }), origin: SCA_ORIGIN } : { code: SANDBOX_SCA_CODE };
        yield* expectStatus(context, 200, undefined, 'POST', path, by);
      }
      const executed = yield* must(context, 'POST', `/quotes/${quote.id}/execute`);
      const transactionId = (executed.transactionId ?? executed.id) as string;
      remember(model.transactionIds, transactionId);
      return yield* executedEffect(context, c.accountId, transactionId, quote.totalSendingAmount as number);
    },
  },
};
