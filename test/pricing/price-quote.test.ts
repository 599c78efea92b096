/**
 * priceQuote: the worked examples of docs/config-and-rates.md (USD->MXN, USD->EUR, USD->BTC,
 * EUR->USD, USD->JPY, USD->USDC) as a table, the rounding direction of each step, the fee split,
 * rateDetails, and every way a price is refused.
 */
import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../src/core/currency.js';
import { RateDecimal } from '../../src/core/decimal.js';
import { type FeeSchedule, priceQuote, type PriceQuoteInput, QUOTE_AMOUNT_MAX_MINOR, ZERO_FEE } from '../../src/domains/pricing/index.js';

const DOLLAR_PLUS_HALF_PERCENT: FeeSchedule = { fixedMinor: 100n, variableBps: 50 };

function input(
  sendingCurrency: CurrencyCode,
  receivingCurrency: CurrencyCode,
  lockedSide: 'SENDING' | 'RECEIVING',
  lockedAmountMinor: bigint,
  rate: string,
  platformFee: FeeSchedule = ZERO_FEE,
  railFee?: FeeSchedule,
): PriceQuoteInput {
  return { sendingCurrency, receivingCurrency, lockedSide, lockedAmountMinor, rate: new RateDecimal(rate), platformFee, ...(railFee === undefined ? {} : { railFee }) };
}

describe('priceQuote: the worked examples of docs/config-and-rates.md', () => {
  // [name, input, totalSending, totalReceiving, fees]
  const rows: [string, PriceQuoteInput, bigint, bigint, bigint][] = [
    ['USD->MXN sending $100.00', input('USD', 'MXN', 'SENDING', 10_000n, '0.058', DOLLAR_PLUS_HALF_PERCENT), 10_000n, 169_827n, 150n],
    ['USD->MXN receiving MXN 2,000.00', input('USD', 'MXN', 'RECEIVING', 200_000n, '0.058', DOLLAR_PLUS_HALF_PERCENT), 11_759n, 200_000n, 159n],
    ['USD->EUR sending $500.00', input('USD', 'EUR', 'SENDING', 50_000n, '1.08', { fixedMinor: 0n, variableBps: 25 }), 50_000n, 46_180n, 125n],
    ['USD->EUR receiving EUR 461.80', input('USD', 'EUR', 'RECEIVING', 46_180n, '1.08', { fixedMinor: 0n, variableBps: 25 }), 50_000n, 46_180n, 125n],
    ['USD->BTC sending $100.00', input('USD', 'BTC', 'SENDING', 10_000n, '65000', DOLLAR_PLUS_HALF_PERCENT), 10_000n, 151_538n, 150n],
    ['USD->BTC receiving 0.001 BTC', input('USD', 'BTC', 'RECEIVING', 100_000n, '65000', DOLLAR_PLUS_HALF_PERCENT), 6_634n, 100_000n, 134n],
    ['EUR->USD sending EUR 100.00', input('EUR', 'USD', 'SENDING', 10_000n, '0.92'), 10_000n, 10_869n, 0n],
    ['EUR->USD receiving $100.00', input('EUR', 'USD', 'RECEIVING', 10_000n, '0.92'), 9_200n, 10_000n, 0n],
    ['USD->JPY sending $10.00', input('USD', 'JPY', 'SENDING', 1_000n, '0.0067'), 1_000n, 1_492n, 0n],
    ['USD->JPY receiving JPY 1493 (the service keeps the yen left over)', input('USD', 'JPY', 'RECEIVING', 1_493n, '0.0067'), 1_001n, 1_493n, 0n],
    ['USD->USDC sending $10.00 at par', input('USD', 'USDC', 'SENDING', 1_000n, '1'), 1_000n, 10_000_000n, 0n],
    ['USD->USD same currency with fees', input('USD', 'USD', 'SENDING', 10_000n, '1', DOLLAR_PLUS_HALF_PERCENT), 10_000n, 9_850n, 150n],
  ];

  it.each(rows)('%s', (_name, quote, totalSending, totalReceiving, fees) => {
    const priced = priceQuote(quote);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.value.totalSendingAmountMinor).toBe(totalSending);
    expect(priced.value.totalReceivingAmountMinor).toBe(totalReceiving);
    expect(priced.value.feesIncludedMinor).toBe(fees);
  });
});

describe('priceQuote: rounding', () => {
  it('rounds the received amount DOWN when the sending side is locked (169827.58 -> 169827)', () => {
    const priced = priceQuote(input('USD', 'MXN', 'SENDING', 10_000n, '0.058', DOLLAR_PLUS_HALF_PERCENT));
    expect(priced.ok && priced.value.totalReceivingAmountMinor).toBe(169_827n);
  });

  it('rounds a variable fee UP to a whole minor unit (0.5% of $117.59 is 58.795 cents -> 59)', () => {
    const priced = priceQuote(input('USD', 'MXN', 'SENDING', 11_759n, '0.058', { fixedMinor: 0n, variableBps: 50 }));
    expect(priced.ok && priced.value.feesIncludedMinor).toBe(59n);
  });

  it('chooses the least sending amount when the receiving side is locked: one cent less would deliver less', () => {
    const locked = priceQuote(input('USD', 'MXN', 'RECEIVING', 200_000n, '0.058', DOLLAR_PLUS_HALF_PERCENT));
    expect(locked.ok).toBe(true);
    if (!locked.ok) return;
    const oneCentLess = priceQuote(input('USD', 'MXN', 'SENDING', locked.value.totalSendingAmountMinor - 1n, '0.058', DOLLAR_PLUS_HALF_PERCENT));
    expect(oneCentLess.ok && oneCentLess.value.totalReceivingAmountMinor).toBe(199_982n);
  });

  it('delivers exactly the locked amount even when the sending amount converts to more', () => {
    const priced = priceQuote(input('USD', 'JPY', 'RECEIVING', 1_493n, '0.0067'));
    const sameSend = priceQuote(input('USD', 'JPY', 'SENDING', 1_001n, '0.0067'));
    expect(priced.ok && priced.value.totalReceivingAmountMinor).toBe(1_493n);
    expect(sameSend.ok && sameSend.value.totalReceivingAmountMinor).toBe(1_494n);
  });

  it('is exact for rates that are not finite binary fractions (1/3 of a unit is never rounded up)', () => {
    const priced = priceQuote(input('EUR', 'USD', 'SENDING', 100n, '3'));
    expect(priced.ok && priced.value.totalReceivingAmountMinor).toBe(33n);
  });
});

describe('priceQuote: fees', () => {
  it('splits fees into the platform cut and the rail fee; feesIncluded is their sum', () => {
    const priced = priceQuote(input('USD', 'MXN', 'SENDING', 100_000n, '0.058', DOLLAR_PLUS_HALF_PERCENT, { fixedMinor: 300n, variableBps: 10 }));
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.value.platformFeesIncludedMinor).toBe(100n + 500n);
    expect(priced.value.railFeesIncludedMinor).toBe(300n + 100n);
    expect(priced.value.feesIncludedMinor).toBe(1_000n);
  });

  it('gives the platform its own rounded-up cut and the rail the rest of one combined ceiling', () => {
    // 3 bps + 3 bps of 5000 = 1.5 + 1.5: combined ceil(3) = 3; platform ceil(1.5) = 2; rail 1.
    const priced = priceQuote(input('USD', 'USD', 'SENDING', 5_000n, '1', { fixedMinor: 0n, variableBps: 3 }, { fixedMinor: 0n, variableBps: 3 }));
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect([priced.value.platformFeesIncludedMinor, priced.value.railFeesIncludedMinor, priced.value.feesIncludedMinor]).toEqual([2n, 1n, 3n]);
  });

  it('reports the exchange rate as given and rateDetails as exact decimal strings', () => {
    const priced = priceQuote(input('USD', 'MXN', 'SENDING', 10_000n, '0.0580', ZERO_FEE, { fixedMinor: 25n, variableBps: 25 }));
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.value.exchangeRate).toBe('0.058');
    expect(priced.value.rateDetails).toEqual({
      counterpartyMultiplier: '1',
      counterpartyFixedFee: '0',
      svcApiMultiplier: '17.241379310344827586',
      svcApiFixedFee: '25',
      svcApiVariableFeeRate: '0.0025',
      svcApiVariableFeeAmount: '25',
    });
  });
});

describe('priceQuote: refusals', () => {
  it.each([
    ['a zero locked amount', 'INVALID_AMOUNT', input('USD', 'MXN', 'SENDING', 0n, '0.058')],
    ['a negative locked amount', 'INVALID_AMOUNT', input('USD', 'MXN', 'RECEIVING', -5n, '0.058')],
    ['fees equal to the amount', 'AMOUNT_OUT_OF_RANGE', input('USD', 'MXN', 'SENDING', 100n, '0.058', { fixedMinor: 100n, variableBps: 0 })],
    ['fees above the amount', 'AMOUNT_OUT_OF_RANGE', input('USD', 'MXN', 'SENDING', 99n, '0.058', DOLLAR_PLUS_HALF_PERCENT)],
    ['variable fees of 100%', 'AMOUNT_OUT_OF_RANGE', input('USD', 'MXN', 'SENDING', 10_000n, '0.058', { fixedMinor: 0n, variableBps: 10_000 })],
    ['a receiving lock whose variable fees reach 100%', 'AMOUNT_OUT_OF_RANGE', input('USD', 'MXN', 'RECEIVING', 10_000n, '0.058', { fixedMinor: 0n, variableBps: 6_000 }, { fixedMinor: 0n, variableBps: 4_000 })],
    ['a net that converts to less than one minor unit (1 yen at 200 yen per dollar)', 'AMOUNT_OUT_OF_RANGE', input('JPY', 'USD', 'SENDING', 1n, '200')],
    ['a locked amount above 2^53-1', 'AMOUNT_OUT_OF_RANGE', input('USD', 'MXN', 'SENDING', QUOTE_AMOUNT_MAX_MINOR + 1n, '0.058')],
    ['a receiving amount above 2^53-1', 'AMOUNT_OUT_OF_RANGE', input('BTC', 'JPY', 'SENDING', 9_000_000_000_000_000n, '0.000000001')],
    ['a sending amount above 2^53-1', 'AMOUNT_OUT_OF_RANGE', input('USD', 'JPY', 'RECEIVING', 9_000_000_000_000_000n, '100')],
  ] as const)('refuses %s with 400 %s', (_name, code, quote) => {
    const priced = priceQuote(quote);
    expect(priced.ok).toBe(false);
    if (priced.ok) return;
    expect(priced.error.code).toBe(code);
    expect(priced.error.status).toBe(400);
  });

  it('treats a same-currency quote at a rate other than 1 as a bug', () => {
    expect(() => priceQuote(input('USD', 'USD', 'SENDING', 100n, '1.1'))).toThrow(/same-currency/);
  });
});
