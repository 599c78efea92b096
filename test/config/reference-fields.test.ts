/**
 * GET / PATCH /config with the reference's PlatformConfig fields `supportedCurrencies` and
 * `embeddedWalletConfig` (issue 12): accepted with the reference's bounds, stored in the one
 * `PlatformConfigUpdated` as optional fields (old logs replay unchanged), and answered.
 */
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../../src/core/currency.js';
import { createEngine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';
import { harness } from '../support/harness.js';

const USD_ENTRY = {
  currencyCode: 'USD',
  minAmount: 100,
  maxAmount: 1_000_000,
  enabledTransactionTypes: ['OUTGOING', 'INCOMING'],
  requiredCounterpartyFields: [
    { name: 'FULL_NAME', mandatory: true },
    { name: 'BIRTH_DATE', mandatory: false },
  ],
};

const WALLET = {
  appName: 'Acme Wallet',
  sendFromEmailAddress: 'noreply@acme.com',
  sendFromEmailSenderName: 'Acme Notifications',
  replyToEmailAddress: 'support@acme.com',
  logoUrl: 'https://acme.com/logo.png',
};

function fieldsOf(response: { body: unknown }): string[] {
  return (response.body as { details: { errors: { field: string }[] } }).details.errors.map((error) => error.field);
}

describe('supportedCurrencies (reference PlatformCurrencyConfig)', () => {
  it('answers every registered currency, any amount, both directions, until the platform sets a list', () => {
    const config = harness().ok('GET', '/config');
    expect(config.supportedCurrencies.map((entry: { currencyCode: string }) => entry.currencyCode)).toEqual(CURRENCY_CODES);
    expect(config.supportedCurrencies[0]).toEqual({
      currencyCode: 'USD',
      minAmount: 0,
      maxAmount: Number.MAX_SAFE_INTEGER,
      requiredCounterpartyFields: [],
      enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
    });
  });

  it('stores a list whole, answers it as given, and [] answers none', () => {
    const h = harness();
    const response = h.call('PATCH', '/config', { supportedCurrencies: [USD_ENTRY] });
    expect(response.status).toBe(200);
    expect((response.body as { supportedCurrencies: unknown }).supportedCurrencies).toEqual([USD_ENTRY]);
    const [update] = response.events.filter((event) => event.type === 'PlatformConfigUpdated');
    expect((update!.data as { config: unknown }).config).toMatchObject({
      supportedCurrencies: [{ currencyCode: 'USD', minAmountMinor: '100', maxAmountMinor: '1000000' }],
    });
    expect(h.ok('PATCH', '/config', { supportedCurrencies: [] }).supportedCurrencies).toEqual([]);
  });

  it.each([
    ['an unregistered currency', [{ ...USD_ENTRY, currencyCode: 'XYZ' }], ['supportedCurrencies[0].currencyCode']],
    ['a minimum above the maximum', [{ ...USD_ENTRY, minAmount: 2_000_000 }], ['supportedCurrencies[0].minAmount']],
    ['two entries of one currency', [USD_ENTRY, USD_ENTRY], ['supportedCurrencies[1].currencyCode']],
    ['a required field twice', [{ ...USD_ENTRY, requiredCounterpartyFields: [{ name: 'EMAIL', mandatory: true }, { name: 'EMAIL', mandatory: false }] }], ['supportedCurrencies[0].requiredCounterpartyFields']],
    ['an unknown field name', [{ ...USD_ENTRY, requiredCounterpartyFields: [{ name: 'SHOE_SIZE', mandatory: true }] }], ['supportedCurrencies[0].requiredCounterpartyFields[0].name']],
    ['a transaction type twice', [{ ...USD_ENTRY, enabledTransactionTypes: ['INCOMING', 'INCOMING'] }], ['supportedCurrencies[0].enabledTransactionTypes']],
    ['a missing required field (the reference requires all five)', [{ currencyCode: 'USD', minAmount: 1, maxAmount: 2, requiredCounterpartyFields: [] }], ['supportedCurrencies[0].enabledTransactionTypes']],
    ['a read-only provider field', [{ ...USD_ENTRY, providerRequiredCustomerFields: ['NATIONALITY'] }], ['supportedCurrencies[0].providerRequiredCustomerFields']],
  ])('refuses %s with 400 INVALID_INPUT naming the field, writing nothing', (_name, supportedCurrencies, fields) => {
    const response = harness().call('PATCH', '/config', { supportedCurrencies });
    expect(response.status).toBe(400);
    expect(response.events).toEqual([]);
    expect(fieldsOf(response)).toEqual(fields);
  });
});

describe('embeddedWalletConfig (reference EmbeddedWalletConfig)', () => {
  it('is omitted until set, then answered; a later PATCH leaves the fields it omits unchanged', () => {
    const h = harness();
    expect(h.ok('GET', '/config')).not.toHaveProperty('embeddedWalletConfig');
    expect(h.ok('PATCH', '/config', { embeddedWalletConfig: WALLET }).embeddedWalletConfig).toEqual(WALLET);
    const after = h.ok('PATCH', '/config', { embeddedWalletConfig: { otpLength: 8, appName: 'Acme' } });
    expect(after.embeddedWalletConfig).toEqual({ ...WALLET, appName: 'Acme', otpLength: 8 });
    expect(h.call('PATCH', '/config', { embeddedWalletConfig: { otpLength: 8 } }).events).toEqual([]);
  });

  it.each([
    ['an OTP of 3 characters', { otpLength: 3 }, ['embeddedWalletConfig.otpLength']],
    ['an OTP of 13 characters', { otpLength: 13 }, ['embeddedWalletConfig.otpLength']],
    ['an expiry of a day and a second', { expirationSeconds: 86_401 }, ['embeddedWalletConfig.expirationSeconds']],
    ['a sender that is not an email address', { sendFromEmailAddress: 'acme' }, ['embeddedWalletConfig.sendFromEmailAddress']],
    ['a logo that is not a URL', { logoUrl: 'logo.png' }, ['embeddedWalletConfig.logoUrl']],
    ['an app name of 256 characters', { appName: 'a'.repeat(256) }, ['embeddedWalletConfig.appName']],
    ['an unknown field', { theme: 'dark' }, ['embeddedWalletConfig.theme']],
  ])('refuses %s with 400 INVALID_INPUT naming the field', (_name, embeddedWalletConfig, fields) => {
    const response = harness().call('PATCH', '/config', { embeddedWalletConfig });
    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(fields);
  });
});

describe('the stored configuration replays', () => {
  it('rebuilds both fields from the log and from a snapshot; a log written before them replays without them', () => {
    const h = harness();
    h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
    h.ok('PATCH', '/config', { supportedCurrencies: [USD_ENTRY], embeddedWalletConfig: WALLET });
    const text = (engine: ReturnType<typeof createEngine>) => JSON.stringify(snapshotOf(engine.state, engine.head()));
    expect(text(createEngine({ events: h.log }))).toBe(text(h.engine));
    const older = createEngine({ events: h.log.slice(0, 2) });
    expect(older.state.config.current).not.toHaveProperty('supportedCurrencies');
    const snapshot = JSON.parse(JSON.stringify(older.snapshot()));
    expect(text(createEngine({ snapshot, events: h.log.slice(2) }))).toBe(text(h.engine));
  });
});
