/**
 * Rates given as engine options: written into the genesis event so the log alone replays them;
 * invalid options are the host's bug and throw before the engine takes a request; without
 * rates the genesis event has no `exchangeRates` field at all.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { createEngine } from '../../src/engine/engine.js';
import { harness } from '../support/harness.js';

const OPTION_RATES = [
  { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.0580', asOf: '2026-01-05T15:59:00Z' },
  { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.92', asOf: '2026-01-05T09:59:00-06:00' },
];

describe('exchangeRates engine option', () => {
  it('travels in the genesis event, canonical', () => {
    const h = harness({ exchangeRates: OPTION_RATES });
    h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
    const genesis = h.log[0]!;
    expect(genesis.type).toBe('PlatformInitialized');
    expect((genesis.data as { exchangeRates: unknown }).exchangeRates).toEqual([
      { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058', asOf: '2026-01-05T15:59:00.000Z' },
      { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.92', asOf: '2026-01-05T15:59:00.000Z' },
    ]);
  });

  it('is served by GET /exchange-rates and replays from the log alone', () => {
    const h = harness({ exchangeRates: OPTION_RATES });
    h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
    const live = h.ok('GET', '/exchange-rates');
    expect(live.totalCount).toBe(2);
    const replayed = createEngine({ events: h.log });
    expect([...replayed.state.rates.byCorridor.values()]).toEqual([...h.engine.state.rates.byCorridor.values()]);
  });

  it('leaves the genesis event without an exchangeRates field when none are given', () => {
    const h = harness();
    h.ok('PATCH', '/config', { skipVerificationPaperwork: true });
    expect(h.log[0]!.data).not.toHaveProperty('exchangeRates');
  });

  it.each([
    ['an unknown currency', [{ ...OPTION_RATES[0]!, sendingCurrency: 'XYZ' }]],
    ['a zero rate', [{ ...OPTION_RATES[0]!, exchangeRate: '0' }]],
    ['a same-currency corridor', [{ ...OPTION_RATES[0]!, receivingCurrency: 'USD' }]],
    ['a malformed asOf', [{ ...OPTION_RATES[0]!, asOf: 'yesterday' }]],
    ['a corridor twice', [OPTION_RATES[0]!, OPTION_RATES[0]!]],
  ])('throws InvariantError at createEngine for %s', (_name, exchangeRates) => {
    expect(() => createEngine({ exchangeRates })).toThrow(InvariantError);
  });
});
