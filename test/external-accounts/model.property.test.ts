/**
 * Properties over generated external account sequences (create, trust, untrust, delete, verify,
 * and requests that must be refused): the engine agrees with a naive model (statuses, trust,
 * duplicates, 105 refusals, deletions); every refused request writes no event and changes no
 * state; replaying the log, or a snapshot plus the rest of it, gives the live state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { SANDBOX_VALID_OWNERSHIP_SIGNATURE } from '../../src/sandbox/external-accounts.js';
import { type Harness, harness } from '../support/harness.js';
import { accountInfoOf, CURRENCY_OF } from './fixtures.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);
const TYPES = ['USD_ACCOUNT', 'EUR_ACCOUNT', 'LIGHTNING', 'ETHEREUM_WALLET'] as const;
const SUFFIXES = ['701', '702', '102', '105'] as const;
const OWNERS = ['customer-0', 'customer-1', 'platform'] as const;

type ModelAccount = { key: string; owner: string; trusted: boolean; status: string; deleted: boolean };
type Model = { accounts: Map<string, ModelAccount>; ids: string[] };
type Real = { h: Harness; customers: string[]; clockMs: number };

function send(real: Real, method: string, path: string, body?: unknown): { status: number; body: any; events: readonly unknown[] } {
  real.clockMs += 60_000;
  real.h.now = new Date(real.clockMs).toISOString();
  return real.h.call(method, path, body);
}

function prefixOf(owner: string): string {
  return owner === 'platform' ? '/platform/external-accounts' : '/customers/external-accounts';
}

function liveKeys(model: Model): Set<string> {
  return new Set([...model.accounts.values()].filter((a) => !a.deleted).map((a) => a.key));
}

function checkLists(model: Model, real: Real): void {
  const live = [...model.accounts.values()].filter((a) => !a.deleted);
  const customerCount = send(real, 'GET', '/customers/external-accounts?limit=1').body.totalCount;
  const platformCount = send(real, 'GET', '/platform/external-accounts?limit=1').body.totalCount;
  expect([customerCount, platformCount]).toEqual([live.filter((a) => a.owner !== 'platform').length, live.filter((a) => a.owner === 'platform').length]);
}

class Create implements fc.Command<Model, Real> {
  constructor(readonly owner: (typeof OWNERS)[number], readonly type: (typeof TYPES)[number], readonly suffix: (typeof SUFFIXES)[number]) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const customerId = this.owner === 'platform' ? undefined : real.customers[Number(this.owner.slice(-1))];
    const body = { ...(customerId === undefined ? {} : { customerId }), currency: CURRENCY_OF[this.type], accountInfo: accountInfoOf(this.type, this.suffix) };
    const key = `${this.owner}|${this.type}|${this.suffix}`;
    const r = send(real, 'POST', prefixOf(this.owner), body);
    if (this.suffix === '105') {
      expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_BANK_ACCOUNT', []]);
    } else if (liveKeys(model).has(key)) {
      expect([r.status, r.body.code, r.events]).toEqual([409, 'DUPLICATE_EXTERNAL_ACCOUNT', []]);
    } else {
      expect(r.status).toBe(201);
      expect(r.body.beneficiaryVerificationStatus).toBe(this.suffix === '102' ? 'NOT_MATCHED' : 'MATCHED');
      model.accounts.set(r.body.id, { key, owner: this.owner, trusted: false, status: 'PENDING_OWNERSHIP_VERIFICATION', deleted: false });
      model.ids.push(r.body.id);
    }
    checkLists(model, real);
  }
  toString(): string {
    return `create(${this.owner}, ${this.type}, ${this.suffix})`;
  }
}

class SetTrust implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly trusted: boolean) {}
  check(model: Model): boolean {
    return model.ids.length > 0;
  }
  run(model: Model, real: Real): void {
    const id = model.ids[this.pick % model.ids.length]!;
    const account = model.accounts.get(id)!;
    const r = send(real, 'POST', `${prefixOf(account.owner)}/${id}/${this.trusted ? 'confirm' : 'untrust'}`);
    if (account.deleted) {
      expect([r.status, r.events]).toEqual([404, []]);
      return;
    }
    expect(r.status).toBe(200);
    expect(r.events).toHaveLength(account.trusted === this.trusted ? 0 : 1);
    account.trusted = this.trusted;
    expect(r.body.isTrusted).toBe(this.trusted);
  }
  toString(): string {
    return `${this.trusted ? 'confirm' : 'untrust'}(${this.pick})`;
  }
}

class Delete implements fc.Command<Model, Real> {
  constructor(readonly pick: number) {}
  check(model: Model): boolean {
    return model.ids.length > 0;
  }
  run(model: Model, real: Real): void {
    const id = model.ids[this.pick % model.ids.length]!;
    const account = model.accounts.get(id)!;
    const r = send(real, 'DELETE', `${prefixOf(account.owner)}/${id}`);
    if (account.deleted) expect([r.status, r.events]).toEqual([404, []]);
    else if (account.trusted) expect([r.status, r.body.code, r.events]).toEqual([409, 'BENEFICIARY_TRUSTED', []]);
    else {
      expect(r.status).toBe(204);
      account.deleted = true;
    }
    checkLists(model, real);
  }
  toString(): string {
    return `delete(${this.pick})`;
  }
}

class Verify implements fc.Command<Model, Real> {
  constructor(readonly pick: number, readonly valid: boolean) {}
  check(model: Model): boolean {
    return model.ids.length > 0;
  }
  run(model: Model, real: Real): void {
    const id = model.ids[this.pick % model.ids.length]!;
    const account = model.accounts.get(id)!;
    const challenge = send(real, 'POST', `${prefixOf(account.owner)}/${id}/challenge`);
    if (account.deleted) {
      expect([challenge.status, challenge.events]).toEqual([404, []]);
      return;
    }
    if (account.status === 'ACTIVE') {
      expect([challenge.status, challenge.body.code, challenge.events]).toEqual([409, 'INVALID_STATE_TRANSITION', []]);
      return;
    }
    const signature = this.valid ? SANDBOX_VALID_OWNERSHIP_SIGNATURE : 'bad';
    const r = send(real, 'POST', `${prefixOf(account.owner)}/${id}/verify`, { challengeId: challenge.body.challengeId, signature });
    const next = this.valid ? 'ACTIVE' : 'UNVERIFIED';
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(next);
    // The attempt, plus the webhook when the status changed.
    expect(r.events).toHaveLength(account.status === next ? 1 : 2);
    account.status = next;
  }
  toString(): string {
    return `verify(${this.pick}, ${this.valid})`;
  }
}

/** A request that must be refused: it writes nothing and changes nothing. */
class Refused implements fc.Command<Model, Real> {
  constructor(readonly kind: number, readonly pick: number) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const before = stateText(real.h.engine);
    const id = model.ids.length === 0 ? 'ExternalAccount:none' : model.ids[this.pick % model.ids.length]!;
    const requests: [string, string, unknown][] = [
      ['POST', '/customers/external-accounts', { customerId: real.customers[0], currency: 'EUR', accountInfo: accountInfoOf('USD_ACCOUNT') }],
      ['POST', '/customers/external-accounts', { customerId: 'Customer:missing', currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT') }],
      ['POST', '/platform/external-accounts', { currency: 'USD', accountInfo: { ...accountInfoOf('USD_ACCOUNT'), routingNumber: '021000022' } }],
      ['POST', `/customers/external-accounts/${id}/verify`, { challengeId: 'OwnershipChallenge:none', signature: SANDBOX_VALID_OWNERSHIP_SIGNATURE }],
      ['POST', `/customers/external-accounts/${id}/confirm`, { please: true }],
      ['GET', '/customers/external-accounts?limit=0', undefined],
      ['DELETE', '/platform/external-accounts/ExternalAccount:none', undefined],
    ];
    const [method, path, body] = requests[this.kind % requests.length]!;
    const r = send(real, method, path, body);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.events).toEqual([]);
    expect(stateText(real.h.engine)).toBe(before);
  }
  toString(): string {
    return `refused(${this.kind}, ${this.pick})`;
  }
}

const commands = [
  fc.tuple(fc.constantFrom(...OWNERS), fc.constantFrom(...TYPES), fc.constantFrom(...SUFFIXES)).map(([o, t, s]) => new Create(o, t, s)),
  fc.tuple(fc.nat(), fc.boolean()).map(([p, t]) => new SetTrust(p, t)),
  fc.nat().map((p) => new Delete(p)),
  fc.tuple(fc.nat(), fc.boolean()).map(([p, v]) => new Verify(p, v)),
  fc.tuple(fc.nat(), fc.nat()).map(([k, p]) => new Refused(k, p)),
];

function started(): Real {
  const h = harness({}, '2026-01-05T16:00:00.000Z');
  const real: Real = { h, customers: [], clockMs: Date.parse('2026-01-05T16:00:00.000Z') };
  for (const n of [0, 1]) {
    real.customers.push(h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `p-${n}`, fullName: `Person ${n}` }).id);
  }
  return real;
}

describe('external accounts over generated request sequences', () => {
  it('match a naive model, and refused requests write nothing', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 30 }), (cmds) => {
        fc.modelRun(() => ({ model: { accounts: new Map(), ids: [] }, real: started() }), cmds);
      }),
      { numRuns: RUNS },
    );
  });

  it('replay the log to the live state, and a snapshot plus the rest of the log too', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 25 }), fc.nat(), (cmds, cut) => {
        const real = started();
        fc.modelRun(() => ({ model: { accounts: new Map(), ids: [] }, real }), cmds);
        const log = real.h.log;
        const live = stateText(real.h.engine);
        expect(stateText(createEngine({ events: log }))).toBe(live);
        const prefix = log.slice(0, 1 + (cut % log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        expect(stateText(createEngine({ snapshot, events: log.slice(prefix.length) }))).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
