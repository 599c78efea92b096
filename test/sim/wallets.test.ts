/**
 * The simulator's embedded-wallet and SCA operations (issue 14: "the simulator and fuzzer of the
 * reliability issue cover the new routes"): a wallet/SCA-only session passes every check (the
 * model predicts every status, refusals write nothing but the two recorded ones, the five engines
 * answer every wallet and SCA read byte for byte), reaches the main states (a session from every
 * credential kind, a signed action executed, an SCA login completed, a beneficiary trusted, a
 * quote authorized by passkey), and a client that lies about its signature is caught.
 */
import { describe, expect, it } from 'vitest';
import {
  checkEngineSession,
  kindsOf,
  OPERATIONS,
  type OperationDefinition,
  readRequests,
  SANDBOX_AUTHORIZATION,
  SIMULATION_START_MS,
  simulate,
} from '../../src/testing/index.js';

describe('the simulator: embedded wallets and SCA', () => {
  const report = simulate({ seed: 5, steps: 240, kinds: kindsOf(['wallets', 'sca', 'time']), rebuildEvery: 80 });
  const nowMs = SIMULATION_START_MS + report.simulatedMs;
  const events = (type: string) => report.log.filter((e) => e.type === type).map((e) => e.data as Record<string, any>);

  it('runs a session of every wallet and SCA operation with all checks holding', () => {
    expect(report.steps).toBe(240);
    for (const kind of kindsOf(['wallets', 'sca'])) expect(report.counts[kind], kind).toBeGreaterThanOrEqual(5);
    // The refusals are the ones the operations provoke on purpose (broken signatures, wrong codes).
    expect(report.refused).toBeGreaterThan(10);
    expect(report.refused).toBeLessThan(report.requests / 10);
  });

  it('reaches the main states: a verified session of every credential kind, signed actions, SCA logins, trust, passkey quotes', () => {
    const sessionKinds = new Set(events('AuthSessionCreated').map((d) => d.session.type));
    expect([...sessionKinds].sort()).toEqual(['EMAIL_OTP', 'OAUTH', 'PASSKEY', 'SMS_OTP']);
    expect(report.model.wallets.some((w) => w.sessions.some((s) => !s.revoked && s.expiresAtMs > nowMs - 86_400_000))).toBe(true);
    // A quote from an embedded wallet executed on a real stamp, and a delegated key made ACTIVE.
    const walletAccounts = new Set(report.model.wallets.map((w) => w.accountId));
    const quotes = new Map(events('QuoteCreated').map((d) => [d.quote?.id, d.quote?.source?.accountId]));
    const executedFromWallets = events('QuoteExecuted').filter((d) => walletAccounts.has(quotes.get(d.quoteId))).length;
    expect(executedFromWallets).toBeGreaterThan(5);
    expect(events('SignedRequestConsumed').length).toBeGreaterThan(20);
    expect(report.model.wallets.some((w) => w.delegatedKeys.length > 0)).toBe(true);
    expect(walletAccounts.size).toBeGreaterThan(1);
    // SCA: logins completed and failed (recorded), factors enrolled, a beneficiary trusted, resets completed.
    expect(events('ScaLoginCompleted').length).toBeGreaterThan(0);
    expect(events('ScaLoginFailed').length).toBeGreaterThan(0);
    expect(events('ScaFactorEnrolled').length).toBeGreaterThan(0);
    expect(events('BeneficiaryTrusted').length).toBeGreaterThan(0);
    expect(events('ScaFactorResetCompleted').length).toBeGreaterThan(0);
    expect(events('QuoteAuthorized').length).toBeGreaterThan(0);
  });

  it('compares the rebuilds on every wallet and SCA read', () => {
    const paths = readRequests(report.model, SANDBOX_AUTHORIZATION, nowMs).map((r) => r.path);
    for (const prefix of ['/auth/credentials?accountId=', '/auth/sessions?accountId=', '/auth/delegated-keys?accountId=', '/auth/delegated-keys/', '/sca/factors?customerId=', '/sca/factors/reset/']) {
      expect(paths.some((path) => path.startsWith(prefix)), prefix).toBe(true);
    }
  });

  it('catches a client whose signature is not by an active session of the wallet (the engine answers 401, the model expected 200)', () => {
    // A wallet.execute that signs with a key no session holds but still expects the quote to execute.
    const honest = OPERATIONS['wallet.execute'] as OperationDefinition;
    const liar: OperationDefinition = {
      resource: 'wallets',
      *run(context) {
        const generator = honest.run(context);
        let next = generator.next();
        while (next.done !== true) {
          const call = next.value;
          const signature = call.kind === 'request' ? call.request.headers?.['Svc-Wallet-Signature'] : undefined;
          const forged = call.kind === 'request' && typeof signature === 'string' && signature !== 'sandbox-valid-signature'
            ? { kind: 'request' as const, request: { ...call.request, headers: { ...call.request.headers, 'Svc-Wallet-Signature': 'sandbox-invalid' } } }
            : call;
          next = generator.next(yield forged);
        }
        return next.value;
      },
    };
    const operation = { kind: 'wallet.execute', a: 0, b: 7, c: 2, waitMs: 1_000 };
    expect(() => checkEngineSession([operation], { definitions: { ...OPERATIONS, 'wallet.execute': liar } })).toThrow(/step 0 .*wallet\.execute.*expected 200, got 401 .*WALLET_SIGNATURE_MALFORMED/);
    expect(checkEngineSession([operation]).counts['wallet.execute']).toBe(1);
  });
});
