/**
 * 409 NOT_YET_AVAILABLE: once the platform's settlement cut-off is set (engine.closeSettlement),
 * a window that ends after it could still change and is refused with a reason naming what is
 * outstanding. Without a cut-off nothing is gated.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { balanceChangesPath, fund, platformAccount } from './support.js';

const MARCH = { startDate: '2026-03-01T00:00:00-06:00', endDate: '2026-04-01T00:00:00-05:00' };

function setup() {
  const h = harness({}, '2026-02-15T00:00:00.000Z');
  const id = platformAccount(h);
  fund(h, id, 100, '2026-03-10T00:00:00.000Z');
  h.now = '2026-04-10T00:00:00.000Z';
  return { h, id };
}

describe('NOT_YET_AVAILABLE', () => {
  it('without a settlement cut-off no window is gated', () => {
    const { h, id } = setup();
    expect(h.engine.state.platform.settlementCutoffMs).toBeUndefined();
    expect(h.call('GET', balanceChangesPath(id, MARCH)).status).toBe(200);
  });

  it('answers 409 when the window ends after the settlement cut-off, saying what is outstanding', () => {
    const { h, id } = setup();
    expect(h.engine.closeSettlement('2026-03-31T00:00:00-05:00', { now: h.now }).ok).toBe(true);
    const response = h.call('GET', balanceChangesPath(id, MARCH));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'NOT_YET_AVAILABLE',
      details: { periodEnd: '2026-04-01T05:00:00.000Z', settledThrough: '2026-03-31T05:00:00.000Z' },
    });
    expect((response.body as { reason: string }).reason).toContain('settlement through 2026-04-01T05:00:00.000Z has not closed');
  });

  it.each([
    { name: 'exactly at the window end', through: '2026-04-01T00:00:00-05:00' },
    { name: 'after the window end', through: '2026-04-05T00:00:00-05:00' },
  ])('answers 200 once settlement has closed $name', ({ through }) => {
    const { h, id } = setup();
    expect(h.engine.closeSettlement(through, { now: h.now }).ok).toBe(true);
    expect(h.call('GET', balanceChangesPath(id, MARCH)).status).toBe(200);
  });

  it('a retry after settlement closes succeeds', () => {
    const { h, id } = setup();
    h.engine.closeSettlement('2026-03-20T00:00:00Z', { now: h.now });
    expect(h.call('GET', balanceChangesPath(id, MARCH)).status).toBe(409);
    h.engine.closeSettlement('2026-04-02T00:00:00Z', { now: h.now });
    expect(h.call('GET', balanceChangesPath(id, MARCH)).status).toBe(200);
  });

  it('field errors come before NOT_YET_AVAILABLE', () => {
    const { h, id } = setup();
    h.engine.closeSettlement('2026-03-20T00:00:00Z', { now: h.now });
    expect(h.call('GET', balanceChangesPath(id, { startDate: MARCH.startDate })).status).toBe(400);
  });
});
