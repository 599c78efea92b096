/**
 * Engine-level properties over generated request sequences: the ledger invariants hold after
 * every step, a rejected request changes nothing, replay equals the live run, a snapshot plus the
 * rest of the log equals the full replay, and balances match a naive model (fc.commands).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { AUTH } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 40);

/** A new engine after its first call, which applies genesis (stored with the first write). */
function started(): Real {
  const real: Real = { engine: createEngine(), log: [], clockMs: START_MS };
  send(real, 'GET', '/platform/internal-accounts');
  return real;
}
const START_MS = Date.parse('2026-01-01T00:00:00Z');

type Model = { customers: number; balances: Map<string, bigint>; accounts: string[] };
type Real = { engine: Engine; log: EventEnvelope[]; clockMs: number };

function send(real: Real, method: string, path: string, body?: unknown): { status: number; body: any; events: readonly EventEnvelope[] } {
  real.clockMs += 60_000;
  const { response, events } = real.engine.handle(
    { method, path, headers: { authorization: AUTH }, ...(body === undefined ? {} : { body }) },
    { now: real.clockMs },
  );
  real.log.push(...events);
  return { status: response.status, body: response.body, events };
}

function assertSound(real: Real): void {
  expect(real.engine.state.ledger.checkInvariants()).toEqual([]);
}

class CreateCustomer implements fc.Command<Model, Real> {
  constructor(readonly name: string) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const r = send(real, 'POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `p-${model.customers}`, fullName: this.name });
    expect(r.status).toBe(201);
    model.customers += 1;
    const accounts = send(real, 'GET', `/customers/internal-accounts?customerId=${encodeURIComponent(r.body.id)}`);
    expect(accounts.body.data).toHaveLength(1);
    model.accounts.push(accounts.body.data[0].id);
    model.balances.set(accounts.body.data[0].id, 0n);
    assertSound(real);
  }
  toString(): string {
    return `createCustomer(${this.name})`;
  }
}

class Fund implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly amount: number) {}
  check(model: Model): boolean {
    return model.accounts.length > 0;
  }
  run(model: Model, real: Real): void {
    const id = model.accounts[this.pick % model.accounts.length] as string;
    const r = send(real, 'POST', `/sandbox/internal-accounts/${id}/fund`, { amount: this.amount });
    expect(r.status).toBe(200);
    model.balances.set(id, (model.balances.get(id) ?? 0n) + BigInt(this.amount));
    expect(r.body.balance.amount).toBe(Number(model.balances.get(id)));
    assertSound(real);
  }
  toString(): string {
    return `fund(${this.pick}, ${this.amount})`;
  }
}

/** A request the engine must reject; it must write nothing and change nothing. */
class Rejected implements fc.Command<Model, Real> {
  constructor(readonly kind: number, readonly pick: number) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const before = stateText(real.engine);
    const id = model.accounts.length === 0 ? 'InternalAccount:none' : (model.accounts[this.pick % model.accounts.length] as string);
    const requests: [string, string, unknown][] = [
      ['POST', `/sandbox/internal-accounts/${id}/fund`, { amount: 0 }],
      ['POST', `/sandbox/internal-accounts/${id}/fund`, '{"amount": '],
      ['POST', '/sandbox/internal-accounts/InternalAccount:missing/fund', { amount: 5 }],
      ['POST', '/customers', { customerType: 'INDIVIDUAL' }],
      model.customers > 0
        ? ['POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'p-0', fullName: 'Dup' }]
        : ['POST', '/customers', { customerType: 'NOBODY' }],
      ['PATCH', '/customers/Customer:missing', { fullName: 'X' }],
      ['GET', `/internal-accounts/${id}/balance-changes?startDate=2026-01-01T00:00:00&endDate=2026-02-01T00:00:00Z`, undefined],
    ];
    const [method, path, body] = requests[this.kind % requests.length] as [string, string, unknown];
    const r = send(real, method, path, body);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.events).toEqual([]);
    expect(stateText(real.engine)).toBe(before);
  }
  toString(): string {
    return `rejected(${this.kind}, ${this.pick})`;
  }
}

const commands = [
  fc.stringMatching(/^[A-Z][a-z]{2,8} [A-Z][a-z]{2,8}$/).map((n) => new CreateCustomer(n)),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 100_000_000_000 })).map(([p, a]) => new Fund(p, a)),
  fc.tuple(fc.nat(), fc.nat()).map(([k, p]) => new Rejected(k, p)),
];

describe('engine properties over generated request sequences', () => {
  it('keeps the ledger invariants, rejects without effect, and matches a naive model', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
        const real = started();
        fc.modelRun(() => ({ model: { customers: 0, balances: new Map(), accounts: [] }, real }), cmds);
      }),
      { numRuns: RUNS },
    );
  });

  it('replays a log to the same state as the live run, and a snapshot plus the rest equals it too', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 30 }), fc.nat(), (cmds, cut) => {
        const real = started();
        fc.modelRun(() => ({ model: { customers: 0, balances: new Map(), accounts: [] }, real }), cmds);
        if (real.log.length === 0) return;
        const live = stateText(real.engine);
        expect(stateText(createEngine({ events: real.log }))).toBe(live);
        const prefix = real.log.slice(0, 1 + (cut % real.log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        const resumed = createEngine({ snapshot, events: real.log.slice(prefix.length) });
        expect(stateText(resumed)).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
