/**
 * The built-in demo: a small month of business run end to end through `handle`, as a request
 * script, so that the demo exercises exactly what a server would.
 */
import type { ScriptRequest } from './script.js';

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
];

/** The account and month the demo prints a statement for: Ada's January 2026. */
export const DEMO_STATEMENT = { accountRef: { step: 3, path: ['body', 'data', 0, 'id'] as const }, month: '2026-01' } as const;
