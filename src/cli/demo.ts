/**
 * The built-in demo: a small month of business run end to end through `handle`, as a request
 * script, so that the demo exercises exactly what a server would.
 */
import type { ScriptRequest } from './script.js';

const FORM_BOUNDARY = 'demo-form-boundary';
const part = (name: string, value: string): string => `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
/** Ada's passport upload as multipart text (a tiny PDF is ASCII, so the body can be a string). */
const DEMO_PASSPORT_FORM = [
  part('documentHolder', '{{1.body.id}}'),
  part('documentType', 'PASSPORT'),
  part('country', 'GB'),
  part('documentNumber', '533380006'),
  `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`,
  `--${FORM_BOUNDARY}--\r\n`,
].join('');

/** The demo's requests; `{{N.body...}}` refers to the N-th response. */
export const DEMO_SCRIPT: readonly ScriptRequest[] = [
  {
    at: '2026-01-02T15:00:00Z',
    method: 'POST',
    path: '/customers',
    body: {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'demo-ada',
      fullName: 'Ada Lovelace',
      birthDate: '1990-12-10',
      nationality: 'GB',
      address: { line1: '12 St James Square', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
    },
  },
  {
    at: '2026-01-02T15:05:00Z',
    method: 'POST',
    path: '/customers',
    body: {
      customerType: 'BUSINESS',
      platformCustomerId: 'demo-acme',
      businessInfo: { legalName: 'Acme Widgets LLC', registrationNumber: 'REG-123456' },
      address: { line1: '1 Main St', city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' },
    },
  },
  { at: '2026-01-02T15:06:00Z', method: 'GET', path: '/customers/internal-accounts', query: { customerId: '{{1.body.id}}' } },
  { at: '2026-01-02T15:06:30Z', method: 'GET', path: '/customers/internal-accounts', query: { customerId: '{{2.body.id}}' } },
  { at: '2026-01-03T10:00:00Z', method: 'POST', path: '/sandbox/internal-accounts/{{3.body.data.0.id}}/fund', body: { amount: 250_000 } },
  { at: '2026-01-15T18:30:00Z', method: 'POST', path: '/sandbox/internal-accounts/{{3.body.data.0.id}}/fund', body: { amount: 12_550 } },
  // 2026-02-01T05:30Z is still January 31 in Chicago: it belongs on January's statement.
  { at: '2026-02-01T05:30:00Z', method: 'POST', path: '/sandbox/internal-accounts/{{3.body.data.0.id}}/fund', body: { amount: 999 } },
  { at: '2026-02-01T06:30:00Z', method: 'POST', path: '/sandbox/internal-accounts/{{3.body.data.0.id}}/fund', body: { amount: 40_000 } },
  { at: '2026-02-02T09:00:00Z', method: 'POST', path: '/sandbox/internal-accounts/{{4.body.data.0.id}}/fund', body: { amount: 5_000_000 } },
  // A retry with the same Idempotency-Key answers the first response and moves no money.
  { at: '2026-02-02T09:00:05Z', method: 'POST', path: '/sandbox/internal-accounts/{{4.body.data.0.id}}/fund', headers: { 'Idempotency-Key': 'acme-topup-1' }, body: { amount: 75_000 } },
  { at: '2026-02-02T09:00:09Z', method: 'POST', path: '/sandbox/internal-accounts/{{4.body.data.0.id}}/fund', headers: { 'Idempotency-Key': 'acme-topup-1' }, body: { amount: 75_000 } },
  // Rejected: an amount of zero writes nothing.
  { at: '2026-02-02T09:01:00Z', method: 'POST', path: '/sandbox/internal-accounts/{{4.body.data.0.id}}/fund', body: { amount: 0 } },
  { at: '2026-02-03T12:00:00Z', method: 'GET', path: '/internal-accounts/{{3.body.data.0.id}}/balance-changes', query: { startDate: '2026-01-01T00:00:00-06:00', endDate: '2026-02-01T00:00:00-06:00' } },
  { at: '2026-02-03T12:05:00Z', method: 'POST', path: '/internal-accounts/{{3.body.data.0.id}}/confirm-statement', body: { periodStart: '2026-01-01T00:00:00-06:00' } },
  // A cross-currency payout: Acme accepts the end-user terms, adds a supplier's EUR account, and
  // pays it 500.00 USD worth over SEPA at a published rate; the payout settles on the next advance.
  { at: '2026-02-03T12:10:00Z', method: 'POST', path: '/sandbox/exchange-rates', body: { rates: [{ sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08', asOf: '2026-02-03T12:10:00Z' }] } },
  {
    at: '2026-02-03T12:10:10Z',
    method: 'PATCH',
    path: '/customers/{{2.body.id}}',
    body: { agreementConsents: [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-02-03T12:00:00Z', termsVersion: '2025-10-13' }] },
  },
  {
    at: '2026-02-03T12:10:20Z',
    method: 'POST',
    path: '/customers/external-accounts',
    body: {
      customerId: '{{2.body.id}}',
      currency: 'EUR',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Zulieferer GmbH' } },
    },
  },
  {
    at: '2026-02-03T12:10:30Z',
    method: 'POST',
    path: '/quotes',
    body: {
      source: { sourceType: 'ACCOUNT', accountId: '{{4.body.data.0.id}}' },
      destination: { destinationType: 'ACCOUNT', accountId: '{{17.body.id}}', paymentRail: 'SEPA' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 50_000,
      description: 'Invoice 2026-017',
    },
  },
  { at: '2026-02-03T12:10:40Z', method: 'POST', path: '/quotes/{{18.body.id}}/execute', headers: { 'Idempotency-Key': 'acme-invoice-2026-017' } },
  { at: '2026-02-03T12:20:00Z', advance: true },
  { at: '2026-02-03T12:20:05Z', method: 'GET', path: '/transactions/{{19.body.transactionId}}' },
  // Identity: on this unregulated platform Ada is UNVERIFIED until a complete verification, so no
  // card yet. She adds her passport number and uploads the passport (multipart; a PDF recognised
  // by its bytes), is APPROVED by POST /verifications, and is issued a virtual card.
  { at: '2026-02-04T09:00:00Z', method: 'PATCH', path: '/customers/{{1.body.id}}', body: { idType: 'PASSPORT', identifier: '533380006' } },
  { at: '2026-02-04T09:01:00Z', method: 'POST', path: '/documents', headers: { 'Content-Type': `multipart/form-data; boundary=${FORM_BOUNDARY}` }, body: DEMO_PASSPORT_FORM },
  { at: '2026-02-04T09:02:00Z', method: 'POST', path: '/verifications', body: { customerId: '{{1.body.id}}' } },
  { at: '2026-02-04T09:03:00Z', method: 'POST', path: '/cards', body: { customerId: '{{1.body.id}}', fundingSource: '{{3.body.data.0.id}}', form: 'VIRTUAL' } },
];

/** The account and month the demo prints a statement for: Ada's January 2026. */
export const DEMO_STATEMENT = { accountRef: { step: 3, path: ['body', 'data', 0, 'id'] as const }, month: '2026-01' } as const;
