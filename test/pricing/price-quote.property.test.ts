/**
 * priceQuote properties over random amounts, rates, fee schedules and currency decimals (JPY 0,
 * USD 2, USDC 6, BTC 8), checked with exact rational arithmetic:
 * - SENDING locked: fees + received valued back at the rate <= send (never deliver more than
 *   collected), and received is the largest whole amount that holds for (rounded down once).
 * - RECEIVING locked: exactly the locked amount arrives, and the send is minimal: one minor
 *   unit less, SENDING-locked, delivers less.
 * - Locking the receiving side is never cheaper: its send equals the cheapest SENDING-locked
 *   send that delivers the same amount (never below it, and never above any that does).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CurrencyCode, currencyOf } from '../../src/core/currency.js';
import { RateDecimal } from '../../src/core/decimal.js';
import { type FeeSchedule, priceQuote, type PriceQuoteInput, type QuotePrice } from '../../src/domains/pricing/index.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);

const CURRENCIES: readonly CurrencyCode[] = ['JPY', 'USD', 'USDC', 'BTC', 'EUR', 'MXN'];

type Case = {
  sendingCurrency: CurrencyCode;
  receivingCurrency: CurrencyCode;
  rateText: string;
  platformFee: FeeSchedule;
  railFee: FeeSchedule | undefined;
};

const fee = (maxFixed: number, maxBps: number): fc.Arbitrary<FeeSchedule> =>
  fc.record({ fixedMinor: fc.integer({ min: 0, max: maxFixed }).map(BigInt), variableBps: fc.integer({ min: 0, max: maxBps }) });

/** A positive rate with up to 12 significant digits and up to 12 decimals. */
const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 12 }))
  .map(([mantissa, scale]) => new RateDecimal(mantissa.toString()).div(new RateDecimal(10).pow(scale)).toFixed());

const cases: fc.Arbitrary<Case> = fc
  .record({
    sendingCurrency: fc.constantFrom(...CURRENCIES),
    receivingCurrency: fc.constantFrom(...CURRENCIES),
    rateText,
    platformFee: fee(10_000, 3_000),
    railFee: fc.option(fee(5_000, 2_000), { nil: undefined }),
  })
  .map((c) => (c.sendingCurrency === c.receivingCurrency ? { ...c, rateText: '1' } : c));

const amount = fc.bigInt({ min: 1n, max: 10n ** 13n });

function quote(c: Case, lockedSide: 'SENDING' | 'RECEIVING', lockedAmountMinor: bigint): PriceQuoteInput {
  return {
    sendingCurrency: c.sendingCurrency,
    receivingCurrency: c.receivingCurrency,
    lockedSide,
    lockedAmountMinor,
    rate: new RateDecimal(c.rateText),
    platformFee: c.platformFee,
    railFee: c.railFee,
  };
}

/** Exact: receivingMinor valued in sending minor units is receivingMinor * num / den. */
function backConversion(c: Case): { num: bigint; den: bigint } {
  const [whole = '0', fraction = ''] = new RateDecimal(c.rateText).toFixed().split('.');
  const p = BigInt(whole + fraction);
  const q = 10n ** BigInt(fraction.length);
  const sendingScale = 10n ** BigInt(currencyOf(c.sendingCurrency).decimals);
  const receivingScale = 10n ** BigInt(currencyOf(c.receivingCurrency).decimals);
  return { num: p * sendingScale, den: q * receivingScale };
}

function sendingLocked(c: Case, sendMinor: bigint): QuotePrice | undefined {
  const priced = priceQuote(quote(c, 'SENDING', sendMinor));
  return priced.ok ? priced.value : undefined;
}

/** An independent oracle of the fee rule: fixed parts plus one ceiling over the combined bps. */
function feesOracle(c: Case, sendMinor: bigint): bigint {
  const rail = c.railFee ?? { fixedMinor: 0n, variableBps: 0 };
  const bps = BigInt(c.platformFee.variableBps + rail.variableBps);
  return c.platformFee.fixedMinor + rail.fixedMinor + (sendMinor * bps + 9_999n) / 10_000n;
}

/** What a send converts to after fees, rounded down, with no upper bound (0 when fees take it all). */
function deliveredOracle(c: Case, sendMinor: bigint): bigint {
  const net = sendMinor - feesOracle(c, sendMinor);
  if (net <= 0n) return 0n;
  const { num, den } = backConversion(c);
  return (net * den) / num;
}

describe('priceQuote properties', () => {
  it('SENDING locked never delivers more than it collected, and rounds down only once', () => {
    fc.assert(
      fc.property(cases, amount, (c, send) => {
        const priced = sendingLocked(c, send);
        if (priced === undefined) return;
        const { num, den } = backConversion(c);
        const net = send - priced.feesIncludedMinor;
        expect(priced.totalSendingAmountMinor).toBe(send);
        expect(priced.feesIncludedMinor).toBe(feesOracle(c, send));
        expect(priced.feesIncludedMinor).toBe(priced.platformFeesIncludedMinor + priced.railFeesIncludedMinor);
        // fees + received * num/den <= send   <=>   received * num <= net * den
        expect(priced.totalReceivingAmountMinor * num <= net * den).toBe(true);
        expect((priced.totalReceivingAmountMinor + 1n) * num > net * den).toBe(true);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('RECEIVING locked delivers exactly the locked amount, and one minor unit less would deliver less', () => {
    fc.assert(
      fc.property(cases, amount, (c, receive) => {
        const priced = priceQuote(quote(c, 'RECEIVING', receive));
        if (!priced.ok) return;
        const send = priced.value.totalSendingAmountMinor;
        expect(priced.value.totalReceivingAmountMinor).toBe(receive);
        expect(priced.value.feesIncludedMinor).toBe(feesOracle(c, send));
        expect(deliveredOracle(c, send) >= receive).toBe(true);
        if (send > 1n) expect(deliveredOracle(c, send - 1n) < receive).toBe(true);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('locking the receiving side is never cheaper than the cheapest SENDING-locked send delivering the same amount', () => {
    fc.assert(
      fc.property(cases, amount, (c, send) => {
        const bySending = sendingLocked(c, send);
        if (bySending === undefined) return;
        const delivered = bySending.totalReceivingAmountMinor;
        const byReceiving = priceQuote(quote(c, 'RECEIVING', delivered));
        expect(byReceiving.ok).toBe(true);
        if (!byReceiving.ok) return;
        const receivingSend = byReceiving.value.totalSendingAmountMinor;
        // Never above a send that already delivers the amount...
        expect(receivingSend <= send).toBe(true);
        // ...and never below the cheapest one: every smaller SENDING-locked send delivers less.
        if (receivingSend > 1n) {
          const below = sendingLocked(c, receivingSend - 1n);
          expect(below === undefined || below.totalReceivingAmountMinor < delivered).toBe(true);
        }
        // For the same send, the SENDING lock delivers at least what the RECEIVING lock does.
        expect(sendingLocked(c, receivingSend)!.totalReceivingAmountMinor >= delivered).toBe(true);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});
