/**
 * Properties of incoming payments and sweeps over generated sequences of sandbox deposits and
 * fundings (to customers' own accounts and to rule-based accounts with random bands and
 * destinations), UMA receives (every test sender, approval on and off), approvals, returns,
 * dishonors, contests, spending, clock advances and rejected requests:
 * - after every step the ledger's invariants hold and every currency nets to zero (no money is
 *   created or destroyed);
 * - rule-based accounts never hold a balance and have no rows;
 * - every ended payment left nothing in transit, and credited exactly what its status says: a
 *   COMPLETED payment its amount, a FAILED plain one nothing, a failed sweep its amount to the
 *   holder's own account (a payout that was made and refunded nets to zero);
 * - every INCOMING_PAYMENT status webhook carries the status it names;
 * - a rejected request writes nothing and changes nothing;
 * - replaying the log equals the live run, and so does a snapshot plus the rest.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../src/core/currency.js';
import { createEngine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';
import { type Harness, harness } from '../support/harness.js';
import { bankAccountInfo, publishRates, START, TERMS } from '../quotes/support.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);

type Customer = { customerId: string; accountId: string; platformCustomerId: string };
type Model = { customers: Customer[]; ruleBased: string[]; payments: string[]; deposits: string[] };
type Real = { h: Harness };

/** Sends a request; a refusal must write nothing and change nothing. */
function send(real: Real, method: string, path: string, body?: unknown): { status: number; body: any } {
  const before = stateText(real.h.engine);
  const response = real.h.call(method, path, body);
  if (response.status >= 300) {
    expect(response.events).toEqual([]);
    expect(stateText(real.h.engine)).toBe(before);
  }
  return response as { status: number; body: any };
}

/** The net of `accountId`'s rows that belong to `transactionId`. */
function netOf(real: Real, accountId: string, transactionId: string): bigint {
  const ledger = real.h.engine.state.ledger;
  const count = ledger.rowCount(accountId);
  if (count === 0) return 0n;
  return ledger.rows(accountId, 0, Math.min(count, 10_000)).filter((row) => row.transactionId === transactionId).reduce((sum, row) => sum + row.amountMinor, 0n);
}

/** Everything a step must leave true. */
function checkAll(real: Real): void {
  const state = real.h.engine.state;
  const ledger = state.ledger;
  expect(ledger.checkInvariants()).toEqual([]);
  const net = new Map<CurrencyCode, bigint>();
  for (const account of ledger.accounts()) net.set(account.currency, (net.get(account.currency) ?? 0n) + account.creditsPosted - account.debitsPosted);
  for (const [currency, total] of net) expect({ currency, total }).toEqual({ currency, total: 0n });
  for (const account of state.accounts.byId.values()) {
    if (account.type !== 'RULE_BASED') continue;
    expect({ account: account.id, rows: ledger.rowCount(account.id), balance: ledger.balance(account.id)?.totalMinor }).toEqual({ account: account.id, rows: 0, balance: 0n });
  }
  for (const record of state.incoming.byTransactionId.values()) {
    const tx = state.transactions.byId.get(record.transactionId)!;
    const amount = BigInt(record.amountMinor);
    const credited = netOf(real, record.creditAccountId, tx.id);
    const transit = netOf(real, `transit:${record.rail}:${record.sendCurrency}`, tx.id);
    const label = { tx: tx.id, kind: record.kind, status: tx.status, failureReason: tx.failureReason };
    if (tx.status === 'COMPLETED' || tx.status === 'FAILED') expect({ ...label, transit }).toEqual({ ...label, transit: 0n });
    if (record.ruleBasedAccountId === undefined) {
      if (tx.status === 'COMPLETED') expect({ ...label, credited }).toEqual({ ...label, credited: amount });
      if (tx.status === 'FAILED') expect({ ...label, credited }).toEqual({ ...label, credited: 0n });
      continue;
    }
    // A sweep: the deposit is credited to the holder's account; its payout takes it out again.
    const payout = record.sweep === undefined ? undefined : state.transactions.byId.get(record.sweep.payoutTransactionId);
    const paidOut = payout === undefined ? 0n : netOf(real, record.creditAccountId, payout.id);
    if (tx.status === 'COMPLETED') expect({ ...label, credited, paidOut }).toEqual({ ...label, credited: amount, paidOut: payout?.status === 'FAILED' ? 0n : -amount });
    if (tx.status === 'FAILED') expect({ ...label, held: credited + paidOut }).toEqual({ ...label, held: amount });
  }
  for (const event of real.h.log) {
    if (event.type !== 'WebhookQueued') continue;
    const hook = event.data as { type: string; data: { status?: string } };
    if (!hook.type.startsWith('INCOMING_PAYMENT.') || hook.type.includes('REFUND')) continue;
    expect(hook.type).toBe(`INCOMING_PAYMENT.${hook.data.status}`);
  }
}

function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

class Deposit implements fc.Command<Model, Real> {
  constructor(readonly toRuleBased: boolean, readonly who: number, readonly amount: number, readonly rail: string, readonly viaFund: boolean) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const accountId = this.toRuleBased ? pick(model.ruleBased, this.who)! : pick(model.customers, this.who)!.accountId;
    if (this.viaFund) send(real, 'POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: this.amount });
    else {
      const response = send(real, 'POST', `/sandbox/internal-accounts/${accountId}/deposit`, { amount: this.amount, paymentRail: this.rail });
      expect(response.status).toBe(200);
      model.payments.push(response.body.id);
      if (!this.toRuleBased) model.deposits.push(response.body.id);
    }
    checkAll(real);
  }
  toString = () => `${this.viaFund ? 'fund' : 'deposit'}(${this.toRuleBased ? 'rb' : 'own'} ${this.who}, ${this.amount}, ${this.rail})`;
}

class UmaReceive implements fc.Command<Model, Real> {
  constructor(readonly sender: string, readonly who: number, readonly amount: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const to = pick(model.customers, this.who)!;
    const response = send(real, 'POST', '/sandbox/uma/receive', {
      senderUmaAddress: `$${this.sender}@sandbox.uma.example`,
      receiverUmaAddress: `$${to.platformCustomerId}@sandbox.uma.example`,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: this.amount,
    });
    if (response.status === 200) model.payments.push(response.body.id);
    else expect(response.body.code).toBe('QUOTE_RATE_UNAVAILABLE');
    checkAll(real);
  }
  toString = () => `uma(${this.sender}, ${this.who}, ${this.amount})`;
}

class SetApproval implements fc.Command<Model, Real> {
  constructor(readonly required: boolean) {}
  check = () => true;
  run(_model: Model, real: Real): void {
    expect(send(real, 'PUT', '/sandbox/incoming-payments/approval', { required: this.required }).status).toBe(200);
    checkAll(real);
  }
  toString = () => `approval(${this.required})`;
}

class Decide implements fc.Command<Model, Real> {
  constructor(readonly which: number, readonly approve: boolean) {}
  check = (model: Readonly<Model>) => model.payments.length > 0;
  run(model: Model, real: Real): void {
    const id = pick(model.payments, this.which)!;
    send(real, 'POST', `/transactions/${id}/${this.approve ? 'approve' : 'reject'}`, {});
    checkAll(real);
  }
  toString = () => `${this.approve ? 'approve' : 'reject'}(${this.which})`;
}

class ReturnMove implements fc.Command<Model, Real> {
  constructor(readonly which: number, readonly path: 'return' | 'return-dishonored' | 'return-contested') {}
  check = (model: Readonly<Model>) => model.payments.length > 0;
  run(model: Model, real: Real): void {
    // Mostly the customers' own deposits (the ones a return can take back), sometimes any payment.
    const id = this.which % 4 !== 0 && model.deposits.length > 0 ? pick(model.deposits, this.which) : pick(model.payments, this.which);
    const response = send(real, 'POST', `/sandbox/transactions/${id}/${this.path}`);
    if (response.status !== 200) expect(response.body.code).toBe('INVALID_STATE_TRANSITION');
    checkAll(real);
  }
  toString = () => `${this.path}(${this.which})`;
}

class Spend implements fc.Command<Model, Real> {
  constructor(readonly who: number, readonly amount: number) {}
  check = (model: Readonly<Model>) => model.customers.length > 1;
  run(model: Model, real: Real): void {
    const from = pick(model.customers, this.who)!;
    const to = pick(model.customers, this.who + 1)!;
    const response = send(real, 'POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: from.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: to.accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: this.amount,
      immediatelyExecute: true,
    });
    if (response.status !== 200) expect(response.body.code).toBe('INSUFFICIENT_FUNDS');
    checkAll(real);
  }
  toString = () => `spend(${this.who}, ${this.amount})`;
}

class Advance implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(_model: Model, real: Real): void {
    real.h.now = new Date(Date.parse(real.h.now) + this.ms).toISOString();
    real.h.log.push(...real.h.engine.advance(real.h.now));
    checkAll(real);
  }
  toString = () => `advance(${this.ms})`;
}

class Rejected implements fc.Command<Model, Real> {
  constructor(readonly kind: number) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const requests: [string, string, unknown][] = [
      ['POST', '/sandbox/internal-accounts/InternalAccount:00000000-0000-7000-8000-000000000000/deposit', { amount: 5 }],
      ['POST', `/sandbox/internal-accounts/${model.customers[0]!.accountId}/deposit`, { amount: 0 }],
      ['POST', '/sandbox/transactions/Transaction:00000000-0000-7000-8000-000000000000/return', undefined],
      ['POST', '/sandbox/uma/receive', { senderUmaAddress: 'nope', receiverUmaAddress: '$x@y.z', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1 }],
      ['POST', '/sandbox/uma/receive', { senderUmaAddress: '$a@b.c', receiverUmaAddress: '$nobody@y.z', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1 }],
      ['POST', '/internal-accounts', { type: 'RULE_BASED', customerId: model.customers[0]!.customerId, currency: 'USD', sweepRule: { destination: { accountId: model.ruleBased[0] }, minimumAmount: 0 } }],
    ];
    const [method, path, body] = requests[this.kind % requests.length]!;
    expect(send(real, method, path, body).status).toBeGreaterThanOrEqual(400);
    checkAll(real);
  }
  toString = () => `rejected(${this.kind})`;
}

type Band = { min: number; max: number | null; destination: 'USD-789' | 'USD-004' | 'EUR-789' | 'internal' };

/** Two customers with terms accepted, external accounts, and a rule-based account per band. */
function world(bands: readonly Band[]): { model: Model; real: Real } {
  const h = harness({}, START);
  publishRates(h);
  const customers: Customer[] = [];
  for (const n of [1, 2]) {
    const platformCustomerId = `prop-${n}`;
    const customerId = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId, fullName: 'Pat Doe', agreementConsents: TERMS }).id as string;
    const accountId = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`).data[0].id as string;
    customers.push({ customerId, accountId, platformCustomerId });
  }
  const externals = new Map<string, string>();
  const external = (customerId: string, currency: 'USD' | 'EUR', suffix: string): string => {
    const key = `${customerId}|${currency}|${suffix}`;
    const known = externals.get(key) ?? (h.ok('POST', '/customers/external-accounts', { customerId, currency, accountInfo: bankAccountInfo(currency, suffix) }).id as string);
    externals.set(key, known);
    return known;
  };
  const ruleBased = bands.map((band, index) => {
    const owner = customers[index % customers.length]!;
    const [currency, suffix] = band.destination.split('-') as ['USD' | 'EUR', string];
    const destination = band.destination === 'internal' ? customers[(index + 1) % customers.length]!.accountId : external(owner.customerId, currency, suffix);
    const max = band.max === null ? null : Math.max(band.min, band.max);
    return h.ok('POST', '/internal-accounts', {
      type: 'RULE_BASED',
      customerId: owner.customerId,
      currency: 'USD',
      sweepRule: { destination: { accountId: destination }, minimumAmount: band.min, maximumAmount: max },
    }).id as string;
  });
  return { model: { customers, ruleBased, payments: [], deposits: [] }, real: { h } };
}

const bandArb: fc.Arbitrary<Band> = fc.record({
  min: fc.constantFrom(0, 500, 2_000),
  max: fc.option(fc.constantFrom(1_000, 5_000), { nil: null }),
  destination: fc.constantFrom('USD-789', 'USD-004', 'EUR-789', 'internal'),
});

const amountArb = fc.integer({ min: 1, max: 8_000 });

const depositArb = fc
  .tuple(fc.boolean(), fc.nat(5), amountArb, fc.constantFrom('ACH', 'ACH', 'WIRE', 'RTP'), fc.boolean())
  .map(([rb, who, amount, rail, viaFund]) => new Deposit(rb, who, amount, rail, viaFund));
const returnArb = fc
  .tuple(fc.nat(20), fc.constantFrom('return', 'return', 'return-dishonored', 'return-contested') as fc.Arbitrary<'return' | 'return-dishonored' | 'return-contested'>)
  .map(([which, path]) => new ReturnMove(which, path));
const advanceArb = fc.constantFrom(0, 1_000, 5_000, 5_000, 30_000, 6 * 60_000, 60 * 60_000).map((ms) => new Advance(ms));

// Deposits, returns and advances are listed twice: they are what the properties are about.
const commands = [
  depositArb,
  depositArb,
  returnArb,
  returnArb,
  advanceArb,
  advanceArb,
  fc.tuple(fc.constantFrom('success.usd', 'success.eur', 'pending.long.usd', 'fail.compliance.usd', 'someone'), fc.nat(3), amountArb).map(([sender, who, amount]) => new UmaReceive(sender, who, amount)),
  fc.boolean().map((required) => new SetApproval(required)),
  fc.tuple(fc.nat(20), fc.boolean()).map(([which, approve]) => new Decide(which, approve)),
  fc.tuple(fc.nat(3), amountArb).map(([who, amount]) => new Spend(who, amount)),
  fc.nat(10).map((kind) => new Rejected(kind)),
];

describe('incoming payments and sweeps over generated runs', () => {
  it('keep the ledger sound, money conserved, rule-based accounts empty, failed sweeps in the holder’s account; replay equals live', () => {
    fc.assert(
      fc.property(fc.array(bandArb, { minLength: 1, maxLength: 3 }), fc.commands(commands, { maxCommands: 40, size: 'max' }), (bands, run) => {
        const { model, real } = world(bands);
        fc.modelRun(() => ({ model, real }), run);
        // Let everything pending finish, then check once more.
        new Advance(2 * 60 * 60_000).run(model, real);
        const log = real.h.log;
        const replayed = createEngine({ events: log });
        expect(stateText(replayed)).toBe(stateText(real.h.engine));
        const cut = Math.floor(log.length / 2);
        const prefix = createEngine({ events: log.slice(0, cut) });
        const resumed = createEngine({ snapshot: snapshotOf(prefix.state, prefix.head()), events: log.slice(cut) });
        expect(stateText(resumed)).toBe(stateText(real.h.engine));
      }),
      { numRuns: RUNS },
    );
  });
});
