/**
 * POST /internal-accounts/{id}/confirm-statement: a delivery receipt for an account-month. The
 * first receipt's time is kept and repeats write nothing; periodStart must be the first instant
 * of an ended America/Chicago month; accounts without statements of their own answer 400.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { balanceChangesPath, fund, platformAccount, withCustomerAccount } from './support.js';

const MARCH_START = '2026-03-01T00:00:00-06:00';
const NOW = '2026-04-10T15:00:00.000Z';

type ErrorBody = { code: string; reason: string; details?: { errors: { field: string; message: string }[] } };

function customer() {
  const { h, accountId } = withCustomerAccount('2026-02-15T00:00:00.000Z');
  fund(h, accountId, 1_234, '2026-03-05T00:00:00.000Z');
  h.now = NOW;
  return { h, accountId };
}

describe('confirm-statement', () => {
  it('the first receipt writes StatementDeliveryConfirmed and answers the receipt', () => {
    const { h, accountId } = customer();
    const response = h.call('POST', `/internal-accounts/${accountId}/confirm-statement`, {
      periodStart: MARCH_START,
      statementDeliveredAt: '2026-04-02T09:30:00-05:00',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      internalAccountId: accountId,
      periodStart: MARCH_START,
      fetchedAt: null,
      statementDeliveredAt: '2026-04-02T14:30:00.000Z',
    });
    expect(response.events.map((e) => ({ type: e.type, version: e.version, data: e.data }))).toEqual([
      {
        type: 'StatementDeliveryConfirmed',
        version: 1,
        data: { internalAccountId: accountId, periodStart: MARCH_START, statementDeliveredAt: '2026-04-02T14:30:00.000Z', confirmedAt: NOW },
      },
    ]);
  });

  it('statementDeliveredAt defaults to the time of the first receipt', () => {
    const { h, accountId } = customer();
    const receipt = h.ok('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: MARCH_START });
    expect(receipt.statementDeliveredAt).toBe(NOW);
  });

  it('repeating is harmless: the first receipt is kept and nothing is written again', () => {
    const { h, accountId } = customer();
    const first = h.ok('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: MARCH_START });
    h.now = '2026-04-20T00:00:00.000Z';
    const again = h.call('POST', `/internal-accounts/${accountId}/confirm-statement`, {
      periodStart: '2026-03-01T06:00:00Z',
      statementDeliveredAt: '2026-04-19T00:00:00Z',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(again.events).toEqual([]);
  });

  it('reports fetchedAt of the first exact-month fetch', () => {
    const { h, accountId } = customer();
    h.now = '2026-04-05T00:00:00.000Z';
    h.ok('GET', balanceChangesPath(accountId, { startDate: MARCH_START, endDate: '2026-04-01T00:00:00-05:00' }));
    h.now = NOW;
    const receipt = h.ok('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: MARCH_START });
    expect(receipt.fetchedAt).toBe('2026-04-05T00:00:00.000Z');
  });

  it('answers 400 INVALID_INPUT for the platform-owned account listed by GET /platform/internal-accounts', () => {
    const h = harness({}, '2026-02-15T00:00:00.000Z');
    const id = platformAccount(h);
    h.now = NOW;
    const response = h.call('POST', `/internal-accounts/${id}/confirm-statement`, { periodStart: MARCH_START });
    expect(response.status).toBe(400);
    expect((response.body as ErrorBody).code).toBe('INVALID_INPUT');
    expect((response.body as ErrorBody).reason).toContain('platform-owned');
    expect(response.events).toEqual([]);
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account', () => {
    const { h } = customer();
    const response = h.call('POST', '/internal-accounts/InternalAccount:unknown/confirm-statement', { periodStart: MARCH_START });
    expect(response.status).toBe(404);
    expect((response.body as ErrorBody).code).toBe('ACCOUNT_NOT_FOUND');
  });

  it.each([
    { name: 'periodStart missing', body: {}, fields: ['periodStart'] },
    { name: 'periodStart not a string', body: { periodStart: 20260301 }, fields: ['periodStart'] },
    { name: 'periodStart without offset', body: { periodStart: '2026-03-01T00:00:00' }, fields: ['periodStart'] },
    { name: 'periodStart a UTC midnight, not the Chicago month start', body: { periodStart: '2026-03-01T00:00:00Z' }, fields: ['periodStart'] },
    { name: 'periodStart in the middle of a month', body: { periodStart: '2026-03-15T00:00:00-05:00' }, fields: ['periodStart'] },
    { name: 'periodStart of a month that has not ended', body: { periodStart: '2026-04-01T00:00:00-05:00' }, fields: ['periodStart'] },
    { name: 'statementDeliveredAt without offset', body: { periodStart: MARCH_START, statementDeliveredAt: '2026-04-02T00:00:00' }, fields: ['statementDeliveredAt'] },
    { name: 'statementDeliveredAt in the future', body: { periodStart: MARCH_START, statementDeliveredAt: '2026-04-10T15:00:00.001Z' }, fields: ['statementDeliveredAt'] },
    { name: 'statementDeliveredAt before the month ended', body: { periodStart: MARCH_START, statementDeliveredAt: '2026-03-31T23:00:00-05:00' }, fields: ['statementDeliveredAt'] },
    { name: 'an unknown field', body: { periodStart: MARCH_START, month: '2026-03' }, fields: ['month'] },
  ])('rejects $name with 400 INVALID_INPUT listing $fields', ({ body, fields }) => {
    const { h, accountId } = customer();
    const response = h.call('POST', `/internal-accounts/${accountId}/confirm-statement`, body);
    expect(response.status).toBe(400);
    expect((response.body as ErrorBody).code).toBe('INVALID_INPUT');
    expect((response.body as ErrorBody).details?.errors.map((e) => e.field)).toEqual(fields);
    expect(response.events).toEqual([]);
  });

  it.each([
    { name: 'accepts it the instant the month ends', now: '2026-12-01T06:00:00.000Z', status: 200 },
    { name: 'rejects it one millisecond before', now: '2026-12-01T05:59:59.999Z', status: 400 },
  ])('November 2026 starts at -05:00 and ends at -06:00: $name', ({ now, status }) => {
    const { h, accountId } = withCustomerAccount(now);
    const response = h.call('POST', `/internal-accounts/${accountId}/confirm-statement`, { periodStart: '2026-11-01T00:00:00-05:00' });
    expect(response.status).toBe(status);
    if (status === 200) expect((response.body as { periodStart: string }).periodStart).toBe('2026-11-01T00:00:00-05:00');
  });
});
