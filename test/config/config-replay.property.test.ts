/**
 * Over random sequences of config patches and rate publications (valid and invalid): a rejected
 * request writes nothing and changes nothing, GET /config always shows what the last accepted
 * patch set, and replay and snapshot-plus-rest equal the live state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);

const fee = fc.record(
  {
    sourceCurrency: fc.constantFrom('USD', 'USD', 'USD', 'EUR'),
    receivingCurrency: fc.constantFrom('MXN', 'EUR', 'BTC', 'XYZ'),
    variableFeeBps: fc.integer({ min: -5, max: 10_005 }),
    fixedFee: fc.integer({ min: -5, max: 1_000 }),
  },
  { requiredKeys: ['sourceCurrency'] },
);
const patch = fc.record(
  {
    skipVerificationPaperwork: fc.boolean(),
    feeConfigs: fc.array(fee, { maxLength: 3 }),
    railFeeConfigs: fc.array(fc.record({ rail: fc.constantFrom('ACH', 'ACH_SAME_DAY', 'WIRE'), fixedFee: fc.integer({ min: 0, max: 500 }) }), { maxLength: 2 }),
    dailyVolumeLimits: fc.array(fc.record({ currency: fc.constantFrom('USD', 'EUR'), maxAmount: fc.integer({ min: 0, max: 1_000 }) }), { maxLength: 2 }),
    regulated: fc.boolean(),
  },
  { requiredKeys: [] },
);
const publication = fc.array(
  fc.record({
    sendingCurrency: fc.constantFrom('USD', 'EUR'),
    receivingCurrency: fc.constantFrom('MXN', 'USD', 'BTC'),
    exchangeRate: fc.constantFrom('0.058', '1.08', '0', '65000'),
    asOfAgoMs: fc.integer({ min: -1_000, max: 600_000 }),
  }),
  { minLength: 1, maxLength: 3 },
);
const action = fc.oneof(
  patch.map((body) => ({ kind: 'patch' as const, body })),
  publication.map((rates) => ({ kind: 'publish' as const, rates })),
);

describe('config and rates over random request sequences', () => {
  it('rejects without effect, shows the last accepted config, and replays to the same state', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 12 }), fc.nat(), (actions, cut) => {
        const h = harness();
        let clockMs = Date.parse('2026-01-05T16:00:00Z');
        let expected: unknown = h.ok('GET', '/config');
        for (const a of actions) {
          clockMs += 61_000;
          h.now = new Date(clockMs).toISOString();
          const before = stateText(h.engine);
          const response =
            a.kind === 'patch'
              ? h.call('PATCH', '/config', a.body)
              : h.call('POST', '/sandbox/exchange-rates', {
                  rates: a.rates.map(({ asOfAgoMs, ...r }) => ({ ...r, asOf: new Date(clockMs - asOfAgoMs).toISOString() })),
                });
          if (response.status >= 400) {
            expect(response.events).toEqual([]);
            expect(stateText(h.engine)).toBe(before);
          } else if (a.kind === 'patch') {
            expected = response.body;
          }
          expect(h.ok('GET', '/config')).toEqual(expected);
        }
        if (h.log.length === 0) return;
        const live = stateText(h.engine);
        expect(stateText(createEngine({ events: h.log }))).toBe(live);
        const prefix = h.log.slice(0, 1 + (cut % h.log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        expect(stateText(createEngine({ snapshot, events: h.log.slice(prefix.length) }))).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
