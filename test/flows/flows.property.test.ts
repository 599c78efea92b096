/**
 * Properties of the money flows over generated sequences of fund / quote / execute / send /
 * advance / rejected requests (random currency pairs with rates, locked sides, fees, payouts to
 * external accounts with random sandbox suffixes, book transfers, UMA addresses, pulls and
 * real-time funding):
 * - the ledger's invariants hold after every step, and every currency nets to zero across world,
 *   liquidity, fees, transit and customer accounts (no flow creates or destroys money, FX included);
 * - a completed flow's world legs equal what its quote said; a refund returns exactly what was
 *   taken; no settled transaction leaves money in transit;
 * - every transaction webhook's data equals the transaction at that point of the log;
 * - replaying the log (timer events included) equals the live run, and so does a snapshot plus the rest;
 * - a rejected request writes nothing and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../src/core/currency.js';
import { createEngine } from '../../src/engine/engine.js';
import { evolve } from '../../src/engine/evolve.js';
import { RECHECKED } from '../../src/domains/evolver.js';
import { resolveOptions } from '../../src/engine/options.js';
import { emptyState } from '../../src/engine/state.js';
import { transactionView } from '../../src/domains/transactions/view.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { type Harness, harness } from '../support/harness.js';
import { bankAccountInfo, publishRates, START, TERMS, call } from '../quotes/support.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);

const RATES = [
  { sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.0837' },
  { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.0581' },
  { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.9231' },
  { sendingCurrency: 'BTC', receivingCurrency: 'USD', exchangeRate: '0.00001053' },
];

type Model = { customers: { customerId: string; accountId: string }[]; externals: Map<string, string>; quotes: string[]; rtf: string[] };
type Real = { h: Harness };

function external(model: Model, real: Real, customer: number, currency: 'USD' | 'EUR' | 'MXN', suffix: string): string {
  const owner = model.customers[customer % model.customers.length]!;
  const key = `${owner.customerId}|${currency}|${suffix}`;
  const known = model.externals.get(key);
  if (known !== undefined) return known;
  const id = real.h.ok('POST', '/customers/external-accounts', { customerId: owner.customerId, currency, accountInfo: bankAccountInfo(currency, suffix) }).id as string;
  model.externals.set(key, id);
  return id;
}

/** Everything a step must leave true. */
function checkAll(real: Real): void {
  const state = real.h.engine.state;
  const ledger = state.ledger;
  expect(ledger.checkInvariants()).toEqual([]);
  const net = new Map<CurrencyCode, bigint>();
  for (const account of ledger.accounts()) net.set(account.currency, (net.get(account.currency) ?? 0n) + account.creditsPosted - account.debitsPosted);
  for (const [currency, total] of net) expect({ currency, total }).toEqual({ currency, total: 0n });
  const netOf = (accountId: string, transactionId: string): bigint => {
    const rows = ledger.rows(accountId, 0, Math.min(ledger.rowCount(accountId), 10_000));
    return rows.filter((row) => row.transactionId === transactionId).reduce((sum, row) => sum + row.amountMinor, 0n);
  };
  for (const quote of state.quotes.byId.values()) {
    if (quote.transactionId === undefined) continue;
    const tx = state.transactions.byId.get(quote.transactionId);
    if (tx === undefined) continue;
    const send = BigInt(quote.totalSendingAmountMinor);
    const receive = BigInt(quote.totalReceivingAmountMinor);
    const transit = `transit:${quote.rail}:${quote.kind === 'PAYOUT' ? quote.receivingCurrency : quote.sendingCurrency}`;
    const refund = tx.refund?.status;
    const settled = tx.status === 'COMPLETED' || tx.status === 'EXPIRED' || (tx.status === 'FAILED' && (refund === undefined || refund === 'COMPLETED'));
    if (settled) expect({ tx: tx.id, inTransit: netOf(transit, tx.id) }).toEqual({ tx: tx.id, inTransit: 0n });
    if (quote.kind === 'PAYOUT' && quote.source.sourceType === 'ACCOUNT') {
      const internalDestination = quote.destination.destinationType === 'ACCOUNT' && quote.destination.accountKind === 'INTERNAL';
      const world = netOf(`world:${quote.receivingCurrency}`, tx.id);
      const source = netOf(quote.source.accountId, tx.id);
      if (tx.status === 'COMPLETED') {
        expect(world).toBe(internalDestination ? 0n : receive);
        expect(source).toBe(-send);
        if (internalDestination && quote.destination.destinationType === 'ACCOUNT') expect(netOf(quote.destination.accountId, tx.id)).toBe(receive);
      }
      // A refund returns exactly what was taken, fees included.
      if (tx.status === 'FAILED' && refund === 'COMPLETED') expect([world, source]).toEqual([0n, 0n]);
      if (tx.status === 'PROCESSING' || (tx.status === 'FAILED' && refund !== 'COMPLETED')) expect(source).toBe(tx.status === 'FAILED' && refund === undefined ? 0n : -send);
    } else if (quote.destination.destinationType === 'ACCOUNT') {
      const world = netOf(`world:${quote.sendingCurrency}`, tx.id);
      const destination = netOf(quote.destination.accountId, tx.id);
      if (tx.status === 'COMPLETED') expect([world, destination]).toEqual([-send, receive]);
      if (tx.status === 'FAILED') expect([world, destination]).toEqual([0n, 0n]);
    }
  }
}

class Fund implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly amount: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const { accountId } = model.customers[this.pick % model.customers.length]!;
    real.h.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: this.amount });
    checkAll(real);
  }
  toString = () => `fund(${this.pick}, ${this.amount})`;
}

type QuoteSpec = {
  readonly kind: 'external' | 'internal' | 'uma' | 'pull' | 'rtf';
  readonly payer: number;
  readonly payee: number;
  readonly currency: 'USD' | 'EUR' | 'MXN';
  readonly suffix: string;
  readonly side: 'SENDING' | 'RECEIVING';
  readonly amount: number;
  readonly immediately: boolean;
};

class Quote implements fc.Command<Model, Real> {
  constructor(readonly spec: QuoteSpec) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const s = this.spec;
    const payer = model.customers[s.payer % model.customers.length]!;
    const payee = model.customers[s.payee % model.customers.length]!;
    let source: Record<string, unknown> = { sourceType: 'ACCOUNT', accountId: payer.accountId };
    let destination: Record<string, unknown>;
    switch (s.kind) {
      case 'external':
        destination = { destinationType: 'ACCOUNT', accountId: external(model, real, s.payer, s.currency, s.suffix) };
        break;
      case 'internal':
        destination = { destinationType: 'ACCOUNT', accountId: payee.accountId === payer.accountId ? model.customers[(s.payer + 1) % model.customers.length]!.accountId : payee.accountId };
        break;
      case 'uma':
        destination = { destinationType: 'UMA_ADDRESS', umaAddress: `$${['success', 'fail.compliance', 'pending.long'][Number(s.suffix) % 3]}.usd@sandbox.svc.uma.money`, currency: s.currency };
        break;
      case 'pull':
        source = { sourceType: 'ACCOUNT', accountId: external(model, real, s.payer, s.currency === 'MXN' ? 'USD' : s.currency, s.suffix) };
        destination = { destinationType: 'ACCOUNT', accountId: payer.accountId };
        break;
      case 'rtf':
        source = { sourceType: 'REALTIME_FUNDING', currency: s.currency === 'EUR' ? 'BTC' : 'USD' };
        destination = { destinationType: 'ACCOUNT', accountId: payer.accountId };
        break;
    }
    const body = { source, destination, lockedCurrencySide: s.side, lockedCurrencyAmount: s.amount, ...(s.kind === 'rtf' ? {} : { immediatelyExecute: s.immediately }) };
    const before = stateText(real.h.engine);
    const response = call(real.h, 'POST', '/quotes', body);
    if (response.status >= 300) {
      // Refusals here are the spec's (not enough funds, amounts that fees swallow); they change nothing.
      expect(['INSUFFICIENT_FUNDS', 'AMOUNT_OUT_OF_RANGE', 'INVALID_AMOUNT']).toContain(response.body.code);
      expect(response.events).toEqual([]);
      expect(stateText(real.h.engine)).toBe(before);
    } else {
      model.quotes.push(response.body.id);
      if (s.kind === 'rtf') model.rtf.push(response.body.id);
    }
    checkAll(real);
  }
  toString = () => `quote(${JSON.stringify(this.spec)})`;
}

class Execute implements fc.Command<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.quotes.length > 0;
  run(model: Model, real: Real): void {
    const quoteId = model.quotes[this.pick % model.quotes.length]!;
    const before = stateText(real.h.engine);
    const response = call(real.h, 'POST', `/quotes/${quoteId}/execute`);
    if (response.status >= 300) {
      expect(response.events).toEqual([]);
      expect(stateText(real.h.engine)).toBe(before);
    }
    checkAll(real);
  }
  toString = () => `execute(${this.pick})`;
}

class Send implements fc.Command<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.rtf.length > 0;
  run(model: Model, real: Real): void {
    const quoteId = model.rtf[this.pick % model.rtf.length]!;
    const quote = real.h.engine.state.quotes.byId.get(quoteId)!;
    const before = stateText(real.h.engine);
    const response = call(real.h, 'POST', '/sandbox/send', { quoteId, currencyCode: quote.sendingCurrency });
    if (response.status >= 300) {
      expect(response.events).toEqual([]);
      expect(stateText(real.h.engine)).toBe(before);
    }
    checkAll(real);
  }
  toString = () => `send(${this.pick})`;
}

class Advance implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(_model: Model, real: Real): void {
    real.h.now = new Date(Date.parse(real.h.now) + this.ms).toISOString();
    real.h.log.push(...real.h.engine.advance(real.h.now));
    checkAll(real);
    publishRates(real.h, RATES);
  }
  toString = () => `advance(${this.ms})`;
}

class Rejected implements fc.Command<Model, Real> {
  constructor(readonly kind: number, readonly pick: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const customer = model.customers[this.pick % model.customers.length]!;
    const quoteId = model.quotes.length === 0 ? 'Quote:none' : model.quotes[this.pick % model.quotes.length]!;
    const requests: [string, string, unknown][] = [
      ['POST', '/quotes/Quote:00000000-0000-7000-8000-000000000000/execute', undefined],
      ['POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: customer.accountId }, destination: { destinationType: 'ACCOUNT', accountId: customer.accountId }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1 }],
      ['POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: customer.accountId }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$x@y.example', currency: 'ZZZ' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1 }],
      ['POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: customer.accountId }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.svc.uma.money', currency: 'USD' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000_000_000_000, immediatelyExecute: true }],
      ['POST', '/sandbox/send', { quoteId, currencyCode: 'JPY' }],
      ['POST', '/quotes', { lockedCurrencySide: 'SIDEWAYS' }],
    ];
    const [method, path, body] = requests[this.kind % requests.length]!;
    const before = stateText(real.h.engine);
    const response = call(real.h, method, path, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.events).toEqual([]);
    expect(stateText(real.h.engine)).toBe(before);
  }
  toString = () => `rejected(${this.kind}, ${this.pick})`;
}

const suffix = fc.constantFrom('002', '003', '004', '005', '006', '007', '008', '009', '112', '115', '118', '789');
const quoteSpec = fc.record({
  kind: fc.constantFrom('external', 'external', 'internal', 'uma', 'pull', 'rtf'),
  payer: fc.nat(5),
  payee: fc.nat(5),
  currency: fc.constantFrom('USD', 'EUR', 'MXN'),
  suffix,
  side: fc.constantFrom('SENDING', 'RECEIVING'),
  amount: fc.integer({ min: 1, max: 2_000_000 }),
  immediately: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
}) as fc.Arbitrary<QuoteSpec>;

const commands = [
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 5_000_000 })).map(([pick, amount]) => new Fund(pick, amount)),
  quoteSpec.map((spec) => new Quote(spec)),
  quoteSpec.map((spec) => new Quote(spec)),
  quoteSpec.map((spec) => new Quote(spec)),
  fc.nat().map((pick) => new Execute(pick)),
  fc.nat().map((pick) => new Send(pick)),
  fc.nat().map((pick) => new Send(pick)),
  fc.constantFrom(0, 1_000, 5_000, 30_000, 60_000, 6 * 60_000).map((ms) => new Advance(ms)),
  fc.tuple(fc.nat(), fc.nat()).map(([kind, pick]) => new Rejected(kind, pick)),
];

const fees = fc.record({ bps: fc.integer({ min: 0, max: 300 }), fixed: fc.integer({ min: 0, max: 200 }), rail: fc.integer({ min: 0, max: 100 }) });

function started(fee: { bps: number; fixed: number; rail: number }): { model: Model; real: Real } {
  const h = harness({}, START);
  publishRates(h, RATES);
  h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', variableFeeBps: fee.bps, fixedFee: fee.fixed }], railFeeConfigs: [{ rail: 'ACH', fixedFee: fee.rail }] });
  const customers = [0, 1, 2].map((n) => {
    const customerId = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `prop-${n}`, fullName: 'Pat Doe', agreementConsents: TERMS }).id as string;
    const accountId = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`).data[0].id as string;
    h.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 3_000_000 });
    return { customerId, accountId };
  });
  return { model: { customers, externals: new Map(), quotes: [], rtf: [] }, real: { h } };
}

/** Replays `log` event by event and checks each transaction webhook against the transaction at that point. */
function webhooksMatchResources(log: readonly EventEnvelope[]): number {
  const state = emptyState(resolveOptions({}));
  let checked = 0;
  for (const event of log) {
    evolve(state, event, RECHECKED);
    if (event.type !== 'WebhookQueued') continue;
    const data = (event.data as { data: { id?: string } }).data;
    if (typeof data.id !== 'string' || !data.id.startsWith('Transaction:')) continue;
    expect(data).toEqual(transactionView(state.transactions.byId.get(data.id)!));
    checked += 1;
  }
  return checked;
}

describe('money flow properties over generated sequences', () => {
  it('keeps the ledger sound and balanced, refunds exactly, leaves nothing in transit, and rejects without effect', () => {
    fc.assert(
      fc.property(fees, fc.commands(commands, { maxCommands: 40, size: '+1' }), (fee, cmds) => {
        const { model, real } = started(fee);
        fc.modelRun(() => ({ model, real }), cmds);
        // Let every flow run to its end, then check again.
        real.h.now = new Date(Date.parse(real.h.now) + 2 * 60 * 60_000).toISOString();
        real.h.log.push(...real.h.engine.advance(real.h.now));
        checkAll(real);
      }),
      { numRuns: RUNS },
    );
  });

  it('queues webhooks equal to the transaction at that point, and replays (and resumes from a snapshot) to the live state', () => {
    let webhooks = 0;
    fc.assert(
      fc.property(fees, fc.commands(commands, { maxCommands: 30, size: '+1' }), fc.nat(), (fee, cmds, cut) => {
        const { model, real } = started(fee);
        fc.modelRun(() => ({ model, real }), cmds);
        const live = stateText(real.h.engine);
        const log = real.h.log;
        expect(stateText(createEngine({ events: log }))).toBe(live);
        const prefix = log.slice(0, 1 + (cut % log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        expect(stateText(createEngine({ snapshot, events: log.slice(prefix.length) }))).toBe(live);
        webhooks += webhooksMatchResources(log);
      }),
      { numRuns: RUNS },
    );
    // The generated runs did reach transactions (the property is not vacuous).
    expect(webhooks).toBeGreaterThan(0);
  });
});
