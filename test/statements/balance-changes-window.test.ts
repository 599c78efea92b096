/**
 * Window rules of GET /internal-accounts/{id}/balance-changes: startDate and endDate required with
 * a zone offset, startDate < endDate, endDate not in the future, limit 1..200, unknown account 404.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { balanceChangesPath, type BalanceChangesBody, platformAccount } from './support.js';

const NOW = '2026-05-01T00:00:00.000Z';

function setup() {
  const h = harness({}, '2026-02-15T00:00:00.000Z');
  const id = platformAccount(h);
  h.now = NOW;
  return { h, id };
}

type ErrorBody = { code: string; reason: string; details?: { errors: { field: string; message: string }[] } };

describe('balance-changes window rules', () => {
  const rejected: { name: string; query: Record<string, string | number | undefined>; fields: string[] }[] = [
    { name: 'both dates missing', query: {}, fields: ['endDate', 'startDate'] },
    { name: 'endDate missing', query: { startDate: '2026-03-01T00:00:00-06:00' }, fields: ['endDate'] },
    { name: 'startDate missing', query: { endDate: '2026-04-01T00:00:00-05:00' }, fields: ['startDate'] },
    { name: 'startDate without offset', query: { startDate: '2026-03-01T00:00:00', endDate: '2026-04-01T00:00:00-05:00' }, fields: ['startDate'] },
    { name: 'endDate without offset', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00' }, fields: ['endDate'] },
    { name: 'both without offset', query: { startDate: '2026-03-01', endDate: '2026-04-01' }, fields: ['endDate', 'startDate'] },
    { name: 'an impossible date', query: { startDate: '2026-02-30T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00' }, fields: ['startDate'] },
    { name: 'endDate in the future', query: { startDate: '2026-04-01T00:00:00-05:00', endDate: '2026-05-01T00:00:00.001Z' }, fields: ['endDate'] },
    { name: 'startDate equal to endDate', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-03-01T06:00:00Z' }, fields: ['startDate'] },
    { name: 'startDate after endDate', query: { startDate: '2026-04-01T00:00:00-05:00', endDate: '2026-03-01T00:00:00-06:00' }, fields: ['startDate'] },
    { name: 'limit 0', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00', limit: 0 }, fields: ['limit'] },
    { name: 'limit 201', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00', limit: 201 }, fields: ['limit'] },
    { name: 'limit not a number', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00', limit: 'ten' }, fields: ['limit'] },
    { name: 'limit negative', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00', limit: -1 }, fields: ['limit'] },
    { name: 'malformed cursor', query: { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00', cursor: 'not-a-cursor' }, fields: ['cursor'] },
    { name: 'every field wrong at once', query: { startDate: 'yesterday', endDate: '2026-06-01T00:00:00Z', limit: 500 }, fields: ['endDate', 'limit', 'startDate'] },
  ];

  it.each(rejected)('rejects $name with 400 INVALID_INPUT listing $fields', ({ query, fields }) => {
    const { h, id } = setup();
    const response = h.call('GET', balanceChangesPath(id, query));
    expect(response.status).toBe(400);
    const body = response.body as ErrorBody;
    expect(body.code).toBe('INVALID_INPUT');
    expect([...new Set(body.details?.errors.map((e) => e.field))]).toEqual(fields);
    expect(response.events).toEqual([]);
  });

  it.each([
    { name: 'limit 1', limit: 1 },
    { name: 'limit 200', limit: 200 },
    { name: 'no limit (default 100)', limit: undefined },
  ])('accepts $name', ({ limit }) => {
    const { h, id } = setup();
    const body = h.ok<BalanceChangesBody>(
      'GET',
      balanceChangesPath(id, { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00', limit }),
    );
    expect(body.hasMore).toBe(false);
    expect(body.countIsExact).toBe(true);
  });

  it('accepts endDate equal to now (the window is closed: endDate is exclusive)', () => {
    const { h, id } = setup();
    const response = h.call('GET', balanceChangesPath(id, { startDate: '2026-04-01T00:00:00-05:00', endDate: NOW }));
    expect(response.status).toBe(200);
  });

  it('rejects a date given twice', () => {
    const { h, id } = setup();
    const path = `${balanceChangesPath(id, { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00' })}&startDate=${encodeURIComponent('2026-03-02T00:00:00-06:00')}`;
    const response = h.call('GET', path);
    expect(response.status).toBe(400);
    expect((response.body as ErrorBody).details?.errors.map((e) => e.field)).toEqual(['startDate']);
  });

  it('reads a raw "+" in the query as a space, so a positive offset must be percent-encoded', () => {
    const { h, id } = setup();
    const raw = `/internal-accounts/${id}/balance-changes?startDate=2026-03-01T11:30:00+05:30&endDate=2026-04-01T00:00:00Z`;
    expect(h.call('GET', raw).status).toBe(400);
    const encoded = balanceChangesPath(id, { startDate: '2026-03-01T11:30:00+05:30', endDate: '2026-04-01T00:00:00Z' });
    expect(h.call('GET', encoded).status).toBe(200);
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account', () => {
    const { h } = setup();
    const response = h.call(
      'GET',
      balanceChangesPath('InternalAccount:00000000-0000-7000-8000-000000000000', {
        startDate: '2026-03-01T00:00:00-06:00',
        endDate: '2026-04-01T00:00:00-05:00',
      }),
    );
    expect(response.status).toBe(404);
    expect((response.body as ErrorBody).code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('reports field errors before an unknown account', () => {
    const { h } = setup();
    const response = h.call('GET', balanceChangesPath('InternalAccount:unknown', { startDate: '2026-03-01' }));
    expect(response.status).toBe(400);
  });

  it('needs platform credentials', () => {
    const { h, id } = setup();
    const response = h.call(
      'GET',
      balanceChangesPath(id, { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00' }),
      undefined,
      { authorization: 'Bearer nope' },
    );
    expect(response.status).toBe(401);
  });
});
