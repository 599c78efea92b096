/** GET /config: defaults, `regulated` from the engine options, platform credentials, nothing written. */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

describe('GET /config', () => {
  it('shows a new platform: unregulated, paperwork not skipped, no fees, no limits', () => {
    const h = harness();
    const response = h.call('GET', '/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      regulated: false,
      skipVerificationPaperwork: false,
      feeConfigs: [],
      railFeeConfigs: [],
      transactionLimits: [],
      dailyVolumeLimits: [],
      // Every registered currency until the platform sets its own list (test/config/reference-fields.test.ts).
      supportedCurrencies: expect.any(Array),
    });
    expect(response.events).toEqual([]);
  });

  it('shows regulated as the engine options set it', () => {
    const h = harness({ regulated: true });
    expect(h.ok('GET', '/config').regulated).toBe(true);
  });

  it('rejects a caller without platform credentials with 401 UNAUTHORIZED', () => {
    const h = harness();
    const response = h.call('GET', '/config', undefined, { authorization: 'Basic bm9ib2R5Om5vcGU=' });
    expect(response.status).toBe(401);
    expect(response.events).toEqual([]);
  });
});
