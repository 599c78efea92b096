/**
 * Grid enablement through the API: the spec's table for the platform's request, and every
 * (status x requested status) pair of the sandbox operator endpoint. Rejections write no event.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { call, driveTo, link, register } from './support.js';

const STATUSES = ['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED'] as const;

function coinIn(status: string) {
  const h = harness();
  link(h);
  const id = register(h);
  driveTo(h, id, status);
  return { h, id };
}

describe('POST /stablecoins/{id}/request-grid-enablement (spec table)', () => {
  // [from, answer status, status after, events written, error code]
  const rows: [string, number, string, number, string | undefined][] = [
    ['NOT_ENABLED', 200, 'PENDING_APPROVAL', 1, undefined],
    ['PENDING_APPROVAL', 200, 'PENDING_APPROVAL', 0, undefined],
    ['ENABLING', 409, 'ENABLING', 0, 'STABLECOIN_GRID_ENABLEMENT_NOT_REQUESTABLE'],
    ['ENABLED', 409, 'ENABLED', 0, 'STABLECOIN_GRID_ENABLEMENT_NOT_REQUESTABLE'],
    ['DISABLED', 409, 'DISABLED', 0, 'STABLECOIN_GRID_ENABLEMENT_NOT_REQUESTABLE'],
  ];

  it.each(rows)('from %s answers %i and leaves %s', (from, status, after, eventCount, code) => {
    const { h, id } = coinIn(from);
    const r = call(h, 'POST', `/stablecoins/${id}/request-grid-enablement`);
    expect(r.status).toBe(status);
    expect(r.events).toHaveLength(eventCount);
    if (code !== undefined) expect(r.body).toMatchObject({ code, details: { gridOperationsStatus: from } });
    else expect(r.body).toMatchObject({ id, gridOperationsStatus: after });
    expect(h.ok('GET', `/stablecoins/${id}`).gridOperationsStatus).toBe(after);
  });

  it('writes StablecoinGridStatusChanged with the trigger on a real move', () => {
    const { h, id } = coinIn('NOT_ENABLED');
    const r = call(h, 'POST', `/stablecoins/${id}/request-grid-enablement`, {});
    expect(r.events.map((e) => [e.type, e.data])).toEqual([
      ['StablecoinGridStatusChanged', { stablecoinId: id, trigger: 'REQUEST_ENABLEMENT', previousStatus: 'NOT_ENABLED', status: 'PENDING_APPROVAL' }],
    ]);
  });

  it('rejects an unknown coin with 404 STABLECOIN_NOT_FOUND and a body field with 400, writing nothing', () => {
    const { h, id } = coinIn('NOT_ENABLED');
    const missing = call(h, 'POST', '/stablecoins/Stablecoin:missing/request-grid-enablement');
    expect([missing.status, missing.body.code, missing.events]).toEqual([404, 'STABLECOIN_NOT_FOUND', []]);
    const extra = call(h, 'POST', `/stablecoins/${id}/request-grid-enablement`, { status: 'ENABLED' });
    expect([extra.status, extra.body.code, extra.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(extra.body.details.errors).toEqual([{ field: 'status', message: 'Unknown field' }]);
  });
});

describe('POST /sandbox/stablecoins/{id}/grid-operations-status (operator moves)', () => {
  const LEGAL: Record<string, string> = {
    'PENDING_APPROVAL>ENABLING': 'ENABLING',
    'ENABLING>ENABLED': 'ENABLED',
    'ENABLED>DISABLED': 'DISABLED',
    'DISABLED>ENABLED': 'ENABLED',
  };
  const cases = STATUSES.flatMap((from) => (['ENABLING', 'ENABLED', 'DISABLED'] as const).map((to) => [from, to] as const));

  it.each(cases)('from %s to %s: legal moves answer 200, the rest 409 INVALID_STATE_TRANSITION', (from, to) => {
    const { h, id } = coinIn(from);
    const r = call(h, 'POST', `/sandbox/stablecoins/${id}/grid-operations-status`, { status: to });
    const legal = LEGAL[`${from}>${to}`];
    if (legal !== undefined) {
      expect(r.status).toBe(200);
      expect(r.body.gridOperationsStatus).toBe(legal);
      expect(r.events.map((e) => e.type)).toEqual(['StablecoinGridStatusChanged']);
    } else {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { gridOperationsStatus: from, requestedStatus: to } });
      expect(r.events).toEqual([]);
      expect(h.ok('GET', `/stablecoins/${id}`).gridOperationsStatus).toBe(from);
    }
  });

  it.each(['NOT_ENABLED', 'PENDING_APPROVAL', 'enabled', undefined])('rejects status %s with 400 INVALID_INPUT: the operator cannot set it', (status) => {
    const { h, id } = coinIn('PENDING_APPROVAL');
    const r = call(h, 'POST', `/sandbox/stablecoins/${id}/grid-operations-status`, status === undefined ? {} : { status });
    expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(r.body.details.errors[0].field).toBe('status');
  });

  it('rejects an unknown coin with 404 STABLECOIN_NOT_FOUND', () => {
    const { h } = coinIn('NOT_ENABLED');
    const r = call(h, 'POST', '/sandbox/stablecoins/Stablecoin:missing/grid-operations-status', { status: 'ENABLING' });
    expect([r.status, r.body.code, r.events]).toEqual([404, 'STABLECOIN_NOT_FOUND', []]);
  });
});
