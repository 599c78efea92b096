/**
 * Model-based property test of card money: generated sequences of authorizations (debit, credit,
 * financial), clearings (partial, full, over), advices (up, down, reversal), expiries (the clock
 * moves and `advance` fires), returns and return reversals, spending everything, against a naive model of balances and
 * statuses. After every step: the ledger invariants hold, available and total balances equal the
 * model, every card transaction's status equals the model's, the ledger's open holds are exactly
 * those of open card transactions (none left on VOIDED, SETTLED, DECLINED or EXCEPTION), and a
 * rejected request wrote nothing. At the end, replay (and a snapshot plus the rest) equals live.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { advance, cardHarness, fundedCard, simulate } from '../cards/support.js';
import type { Harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);
const EXPIRY_MS = 7 * 86_400_000;

type ModelTx = {
  id: string;
  direction: 'DEBIT' | 'CREDIT';
  status: string;
  amount: number;
  settled: number;
  refunded: number;
  originalId?: string;
  expiresAtMs?: number;
};
type Model = { posted: number; txs: ModelTx[]; nowMs: number };
type Real = { h: Harness; cardId: string; accountId: string };

const isOpen = (tx: ModelTx) => tx.status === 'AUTHORIZED' || tx.status === 'PARTIALLY_SETTLED';
const held = (tx: ModelTx) => (isOpen(tx) ? tx.amount - tx.settled : 0);
function available(m: Model): number {
  return m.posted - m.txs.filter((t) => t.direction === 'DEBIT').reduce((s, t) => s + held(t), 0);
}
function total(m: Model): number {
  return m.posted + m.txs.filter((t) => t.direction === 'CREDIT').reduce((s, t) => s + held(t), 0);
}
const sign = (tx: ModelTx) => (tx.direction === 'DEBIT' ? -1 : 1);

/** Moves the clock a minute so every request has its own instant. */
function tick(m: Model, r: Real): void {
  m.nowMs += 60_000;
  r.h.now = new Date(m.nowMs).toISOString();
}

function check(m: Model, r: Real): void {
  const ledger = r.h.engine.state.ledger;
  expect(ledger.checkInvariants()).toEqual([]);
  const balance = ledger.balance(r.accountId)!;
  expect([Number(balance.availableMinor), Number(balance.totalMinor)]).toEqual([available(m), total(m)]);
  const store = r.h.engine.state.cardTransactions;
  expect(m.txs.map((t) => store.byId.get(t.id)?.status)).toEqual(m.txs.map((t) => t.status));
  const holds = [...ledger.pendingTransfers()].map((p) => p.id).sort();
  const expected = [...store.byId.values()].filter((t) => t.holdTransferId !== undefined).map((t) => t.holdTransferId!).sort();
  expect(holds).toEqual(expected);
  for (const t of store.byId.values()) {
    if (!['AUTHORIZED', 'PARTIALLY_SETTLED'].includes(t.status)) expect(t.holdTransferId).toBeUndefined();
  }
}

/** Sends a request; a rejection must write nothing. */
function send(r: Real, id: string, name: string, body: unknown): { status: number; body: any } {
  const response = simulate(r.h, id, name, body);
  if (response.status >= 400) expect(response.events).toEqual([]);
  return response as { status: number; body: any };
}

class Authorize implements fc.Command<Model, Real> {
  constructor(readonly amount: number, readonly direction: 'DEBIT' | 'CREDIT', readonly financial: boolean) {}
  check = () => true;
  run(m: Model, r: Real): void {
    tick(m, r);
    const name = `${this.financial ? 'financial_' : ''}${this.direction === 'CREDIT' ? 'credit_' : ''}authorization`;
    const res = send(r, r.cardId, name, { amount: this.amount, currency: 'USD', merchant: { descriptor: 'SHOP' } });
    // DECISIONS.md: a declined authorization answers 200; the reference's 202 otherwise.
    expect(res.status).toBe(res.body.status === 'DECLINED' ? 200 : 202);
    const tx: ModelTx = { id: res.body.id, direction: this.direction, status: 'AUTHORIZED', amount: this.amount, settled: 0, refunded: 0, expiresAtMs: m.nowMs + EXPIRY_MS };
    if (this.direction === 'DEBIT' && available(m) < this.amount) tx.status = 'DECLINED';
    else if (this.financial) {
      tx.status = 'SETTLED';
      tx.settled = this.amount;
      m.posted += sign(tx) * this.amount;
    }
    m.txs.push(tx);
    check(m, r);
  }
  toString = () => `authorize(${this.direction}, ${this.amount}, financial=${this.financial})`;
}

/** A purchase of everything available, so later reversals and over-clearings find the money gone. */
class SpendAll implements fc.Command<Model, Real> {
  check = (m: Model) => available(m) > 0;
  run(m: Model, r: Real): void {
    new Authorize(available(m), 'DEBIT', true).run(m, r);
  }
  toString = () => 'spendAll()';
}

/**
 * Picks one of the model's transactions (refund rows only when `refunds`): three times in four
 * one that `preferred` accepts, when there is one, so the interesting paths (clearing an open
 * authorization, returning a settled purchase) come up often; otherwise any, so the refusals do too.
 */
function pick(m: Model, n: number, preferred: (tx: ModelTx) => boolean, refunds = false): ModelTx | undefined {
  const list = m.txs.filter((t) => (t.originalId !== undefined) === refunds);
  const liked = list.filter(preferred);
  const from = n % 4 !== 0 && liked.length > 0 ? liked : list;
  return from.length === 0 ? undefined : from[Math.floor(n / 4) % from.length];
}
const purchaseSettled = (tx: ModelTx) => tx.direction === 'DEBIT' && tx.status === 'SETTLED';
const refundSettled = (tx: ModelTx) => tx.status === 'SETTLED';

class Clear implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly delta: number) {}
  check = (m: Model) => pick(m, this.pick, isOpen) !== undefined;
  run(m: Model, r: Real): void {
    tick(m, r);
    const tx = pick(m, this.pick, isOpen)!;
    const h = held(tx);
    const amount = Math.max(1, h + this.delta);
    const res = send(r, r.cardId, 'clearing', { cardTransactionId: tx.id, amount });
    const expired = isOpen(tx) && m.nowMs >= tx.expiresAtMs!;
    if (expired && tx.status === 'AUTHORIZED') tx.status = 'EXCEPTION';
    else if (!expired && tx.status === 'VOIDED') tx.status = 'EXCEPTION';
    else if (!expired && isOpen(tx)) {
      if (amount < h) {
        tx.status = 'PARTIALLY_SETTLED';
        tx.settled += amount;
        m.posted += sign(tx) * amount;
      } else if (amount === h || tx.direction === 'CREDIT' || available(m) >= amount - h) {
        m.posted += sign(tx) * amount;
        tx.settled += amount;
        tx.status = 'SETTLED';
      } else {
        m.posted += sign(tx) * h;
        tx.settled += h;
        tx.status = 'EXCEPTION';
      }
    } else expect(res.status).toBe(409);
    check(m, r);
  }
  toString = () => `clear(${this.pick}, held${this.delta >= 0 ? '+' : ''}${this.delta})`;
}

class Advice implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly target: number) {}
  check = (m: Model) => pick(m, this.pick, isOpen) !== undefined;
  run(m: Model, r: Real): void {
    tick(m, r);
    const tx = pick(m, this.pick, isOpen)!;
    // target 0: a full reversal (down to what was cleared); else settled + target.
    const amount = tx.settled + this.target;
    const name = tx.direction === 'DEBIT' ? 'authorization_advice' : 'credit_authorization_advice';
    const res = send(r, r.cardId, name, { cardTransactionId: tx.id, amount });
    if (!isOpen(tx) || m.nowMs >= tx.expiresAtMs!) expect(res.status).toBe(409);
    else if (amount === tx.amount) expect(res.status).toBe(202);
    else if (amount === tx.settled) {
      tx.status = tx.status === 'AUTHORIZED' ? 'VOIDED' : 'SETTLED';
      tx.amount = amount;
    } else if (tx.direction === 'DEBIT' && available(m) + held(tx) < amount - tx.settled) {
      expect(res.status).toBe(400);
    } else tx.amount = amount;
    check(m, r);
  }
  toString = () => `advice(${this.pick}, settled+${this.target})`;
}

class Return implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly amount: number) {}
  check = (m: Model) => pick(m, this.pick, purchaseSettled) !== undefined;
  run(m: Model, r: Real): void {
    tick(m, r);
    const tx = pick(m, this.pick, purchaseSettled)!;
    const res = send(r, r.cardId, 'return', { cardTransactionId: tx.id, amount: this.amount });
    if (tx.direction !== 'DEBIT') expect(res.status).toBe(400);
    else if (tx.status !== 'SETTLED') expect(res.status).toBe(409);
    else if (this.amount > tx.settled - tx.refunded) expect(res.status).toBe(400);
    else {
      expect(res.status).toBe(202);
      tx.refunded += this.amount;
      m.posted += this.amount;
      m.txs.push({ id: res.body.id, direction: 'CREDIT', status: 'SETTLED', amount: this.amount, settled: this.amount, refunded: 0, originalId: tx.id });
    }
    check(m, r);
  }
  toString = () => `return(${this.pick}, ${this.amount})`;
}

class ReturnReversal implements fc.Command<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Model) => pick(m, this.pick, refundSettled, true) !== undefined;
  run(m: Model, r: Real): void {
    tick(m, r);
    const refund = pick(m, this.pick, refundSettled, true)!;
    const res = send(r, refund.id, 'return_reversal', {});
    if (refund.status !== 'SETTLED') expect(res.status).toBe(409);
    else if (available(m) < refund.settled) refund.status = 'EXCEPTION';
    else {
      refund.status = 'VOIDED';
      m.posted -= refund.settled;
      m.txs.find((t) => t.id === refund.originalId)!.refunded -= refund.settled;
    }
    check(m, r);
  }
  toString = () => `returnReversal(${this.pick})`;
}

class Advance implements fc.Command<Model, Real> {
  constructor(readonly hours: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    m.nowMs += this.hours * 3_600_000;
    r.h.now = new Date(m.nowMs).toISOString();
    advance(r.h);
    for (const tx of m.txs) {
      if (isOpen(tx) && tx.expiresAtMs! <= m.nowMs) tx.status = tx.status === 'AUTHORIZED' ? 'VOIDED' : 'SETTLED';
    }
    check(m, r);
  }
  toString = () => `advance(${this.hours}h)`;
}

class Fund implements fc.Command<Model, Real> {
  constructor(readonly amount: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    tick(m, r);
    r.h.ok('POST', `/sandbox/internal-accounts/${r.accountId}/fund`, { amount: this.amount });
    m.posted += this.amount;
    check(m, r);
  }
  toString = () => `fund(${this.amount})`;
}

const amount = fc.integer({ min: 1, max: 1_500 });
const commands = [
  fc.tuple(amount, fc.constantFrom('DEBIT' as const, 'CREDIT' as const), fc.boolean()).map(([a, d, f]) => new Authorize(a, d, f)),
  fc.tuple(fc.nat(), fc.integer({ min: -1_500, max: 1_500 })).map(([p, d]) => new Clear(p, d)),
  fc.tuple(fc.nat(), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 }))).map(([p, t]) => new Advice(p, t)),
  fc.tuple(fc.nat(), amount).map(([p, a]) => new Return(p, a)),
  fc.nat().map((p) => new ReturnReversal(p)),
  fc.constantFrom(1, 24, 100, 170).map((hours) => new Advance(hours)),
  fc.integer({ min: 1, max: 1_000 }).map((a) => new Fund(a)),
  fc.constant(new SpendAll()),
];

describe('card money against a naive model', () => {
  it('keeps balances, statuses and holds equal to the model; replay and snapshot resume equal the live run', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40, size: 'max' }), fc.nat(), (cmds, cut) => {
        const h = cardHarness('2026-03-02T00:00:00.000Z');
        const { card, accountId } = fundedCard(h, 1_000);
        const real: Real = { h, cardId: card.id, accountId };
        const model: Model = { posted: 1_000, txs: [], nowMs: Date.parse(h.now) };
        fc.modelRun(() => ({ model, real }), cmds);
        const live = stateText(h.engine);
        expect(stateText(createEngine({ events: h.log, regulated: true }))).toBe(live);
        const prefix = h.log.slice(0, 1 + (cut % h.log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix, regulated: true }).snapshot()));
        expect(stateText(createEngine({ snapshot, events: h.log.slice(prefix.length), regulated: true }))).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
