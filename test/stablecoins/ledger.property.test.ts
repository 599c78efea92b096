/**
 * Properties over generated sequences of mints, burns, fundings, operator toggles, clock advances
 * and rejected requests against one coin with links of every sandbox outcome: after every step the
 * ledger invariants hold, per currency no money is created or destroyed, the reserve backs the
 * supply exactly, every operation's hold is open exactly while the operation is in flight, and
 * each account's balances match its operations; a rejected request writes nothing and changes
 * nothing; replay, and a snapshot plus the rest of the log, equal the live state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import type { StablecoinOperation } from '../../src/domains/stablecoins/types.js';
import { isTerminalOperationStatus } from '../../src/domains/stablecoins/types.js';
import { harness, type Harness } from '../support/harness.js';
import { advance, call, COIN, customerAccount, driveTo, key, link, register } from './support.js';
import { stateText } from '../support/state-text.js';

/** Links by outcome: half the operations go through the plain link, the rest spread over the others. */
const LINK_REFERENCES = ['plain', 'plain', 'plain', 'x_NO_FUNDING', 'x_PROVIDER_REJECTS', 'x_PROVIDER_FAILS'];
const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);
const SYMBOL = COIN.symbol;
const UNITS_PER_CENT = 10_000n;

type World = { h: Harness; accounts: string[]; links: string[]; coinId: string; fundedMinor: Map<string, bigint> };

function world(): World {
  const h = harness();
  const accounts = [customerAccount(h, 'Ada Lovelace'), customerAccount(h, 'Grace Hopper')];
  const fundedMinor = new Map<string, bigint>();
  for (const account of accounts) {
    h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 50_000 });
    fundedMinor.set(account, 50_000n);
  }
  const byReference = new Map(['plain', 'x_NO_FUNDING', 'x_PROVIDER_REJECTS', 'x_PROVIDER_FAILS'].map((ref) => [ref, link(h, ref)] as const));
  const links = LINK_REFERENCES.map((ref) => byReference.get(ref)!);
  const coinId = register(h, { stablecoinProviderAccountId: links[0] });
  driveTo(h, coinId, 'ENABLED');
  return { h, accounts, links, coinId, fundedMinor };
}

function posted(w: World, id: string): bigint {
  return w.h.engine.state.ledger.balance(id)?.postedMinor ?? 0n;
}

function assertSound(w: World): void {
  const { ledger, stablecoins } = w.h.engine.state;
  expect(ledger.checkInvariants()).toEqual([]);
  for (const [currency, totals] of ledger.totalsByCurrency()) {
    expect([currency, totals.debitsPosted, totals.debitsPending]).toEqual([currency, totals.creditsPosted, totals.creditsPending]);
  }
  // The reserve holds exactly the base currency of the tokens in circulation.
  const supplyMinor = -posted(w, `stablecoin-issued:${SYMBOL}`);
  expect(posted(w, `stablecoin-reserve:${SYMBOL}`)).toBe(supplyMinor);
  const ops = [...stablecoins.operations.values()];
  for (const op of ops) {
    const hold = ledger.transfer(op.holdTransferId);
    expect(hold?.kind === 'pending' ? hold.status : 'missing').toBe(
      isTerminalOperationStatus(op.status) ? (op.status === 'COMPLETED' ? 'posted' : 'voided') : 'open',
    );
  }
  // Each account's balances follow from its operations alone.
  const sum = (pick: (op: StablecoinOperation) => boolean) => ops.filter(pick).reduce((s, op) => s + BigInt(op.baseAmountMinor), 0n);
  let holdingsMinor = 0n;
  for (const account of w.accounts) {
    const done = (op: StablecoinOperation) => op.status === 'COMPLETED';
    const flying = (op: StablecoinOperation) => !isTerminalOperationStatus(op.status);
    const holding = sum((op) => done(op) && op.type === 'MINT' && op.destinationAccountId === account) - sum((op) => done(op) && op.type === 'BURN' && op.sourceAccountId === account);
    expect(posted(w, `stablecoin-holding:${SYMBOL}:${account}`)).toBe(holding);
    const balance = ledger.balance(account)!;
    // Money in from the world, less completed mints paid from here, plus completed burns paid here.
    const cash = w.fundedMinor.get(account)! - sum((op) => done(op) && op.type === 'MINT' && op.sourceAccountId === account) + sum((op) => done(op) && op.type === 'BURN' && op.destinationAccountId === account);
    expect(balance.postedMinor).toBe(cash);
    expect(balance.availableMinor).toBe(balance.postedMinor - sum((op) => flying(op) && op.type === 'MINT' && op.sourceAccountId === account));
    holdingsMinor += holding;
  }
  expect(holdingsMinor).toBe(supplyMinor);
}

type Cmd = (w: World) => void;

/** A generated mint or burn is accepted, or refused for want of funds or a disabled coin, writing nothing. */
function expectAcceptedOrRefused(r: { status: number; body: { code?: string }; events: readonly unknown[] }): void {
  if (r.status === 201) return;
  expect([r.status, r.events]).toEqual([400, []]);
  expect(['INSUFFICIENT_FUNDS', 'STABLECOIN_GRID_OPERATIONS_NOT_ENABLED']).toContain(r.body.code);
}

const mintCmd = (pick: number, destPick: number, cents: number, linkPick: number): Cmd => (w) => {
  const r = call(w.h, 
    'POST',
    `/stablecoins/${w.coinId}/mints`,
    {
      amount: (BigInt(cents) * UNITS_PER_CENT).toString(),
      sourceAccountId: w.accounts[pick % 2],
      destinationAccountId: w.accounts[destPick % 2],
      stablecoinProviderAccountId: w.links[linkPick % w.links.length],
    },
    key(),
  );
  expectAcceptedOrRefused(r);
};

/** Burns `percent` of what the source holds available (at least a cent; above 100 % is refused). */
const burnCmd = (pick: number, destPick: number, percent: number, linkPick: number): Cmd => (w) => {
  const source = w.accounts[pick % 2]!;
  const available = w.h.engine.state.ledger.balance(`stablecoin-holding:${SYMBOL}:${source}`)?.availableMinor ?? 0n;
  const cents = (available * BigInt(percent)) / 100n;
  const r = call(w.h, 
    'POST',
    `/stablecoins/${w.coinId}/burns`,
    {
      amount: ((cents > 0n ? cents : 1n) * UNITS_PER_CENT).toString(),
      sourceAccountId: source,
      destinationAccountId: w.accounts[destPick % 2],
      stablecoinProviderAccountId: w.links[linkPick % w.links.length],
    },
    key(),
  );
  expectAcceptedOrRefused(r);
};

const fundCmd = (pick: number, cents: number): Cmd => (w) => {
  const account = w.accounts[pick % 2]!;
  w.h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: cents });
  w.fundedMinor.set(account, w.fundedMinor.get(account)! + BigInt(cents));
};

const toggleCmd = (): Cmd => (w) => {
  const status = w.h.ok('GET', `/stablecoins/${w.coinId}`).gridOperationsStatus;
  w.h.ok('POST', `/sandbox/stablecoins/${w.coinId}/grid-operations-status`, { status: status === 'ENABLED' ? 'DISABLED' : 'ENABLED' });
};

const advanceCmd = (ms: number): Cmd => (w) => {
  advance(w.h, ms);
};

const rejectedCmd = (kind: number): Cmd => (w) => {
  const before = stateText(w.h.engine);
  const requests: [string, string, unknown, Record<string, string>][] = [
    ['POST', `/stablecoins/${w.coinId}/mints`, { amount: '12345', sourceAccountId: w.accounts[0] }, key()],
    ['POST', `/stablecoins/${w.coinId}/mints`, { amount: '10000', sourceAccountId: w.accounts[0] }, {}],
    ['POST', `/stablecoins/${w.coinId}/burns`, { amount: '10000', sourceAccountId: 'ExternalAccount:x', stablecoinProviderAccountId: w.links[0] }, key()],
    ['POST', `/stablecoins/${w.coinId}/burns`, { amount: '10000000000000', sourceAccountId: w.accounts[1], stablecoinProviderAccountId: w.links[0] }, key()],
    ['POST', `/stablecoins/${w.coinId}/request-grid-enablement`, undefined, {}],
    ['POST', '/stablecoins', COIN, key()],
    ['POST', '/stablecoins/Stablecoin:missing/mints', { amount: '10000', sourceAccountId: w.accounts[0] }, key()],
  ];
  const [method, path, body, headers] = requests[kind % requests.length]!;
  const r = call(w.h, method, path, body, headers);
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.events).toEqual([]);
  expect(stateText(w.h.engine)).toBe(before);
};

type Labelled = { run: Cmd; label: string; toString(): string };
const labelled = (run: Cmd, label: string): Labelled => ({ run, label, toString: () => label });

const commandArb: fc.Arbitrary<Labelled> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 20_000 }), fc.nat()).map(([a, d, c, l]) => labelled(mintCmd(a, d, c, l), `mint(${a},${d},${c},${l})`)) },
  { weight: 5, arbitrary: fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 120 }), fc.nat()).map(([a, d, p, l]) => labelled(burnCmd(a, d, p, l), `burn(${a},${d},${p}%,${l})`)) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 1, max: 100_000 })).map(([a, c]) => labelled(fundCmd(a, c), `fund(${a},${c})`)) },
  { weight: 1, arbitrary: fc.constant(labelled(toggleCmd(), 'toggle')) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(500, 1_000, 5_000, 11_000, 30_000, 41_000, 60_000, 30 * 60_000, 2 * 60 * 60_000).map((ms) => labelled(advanceCmd(ms), `advance(${ms})`)),
  },
  { weight: 1, arbitrary: fc.nat().map((k) => labelled(rejectedCmd(k), `rejected(${k})`)) },
);

/** Sequences long enough for mints to complete and their tokens to be burnt. */
const sequenceArb = (maxLength: number) => fc.array(commandArb, { minLength: 5, maxLength, size: 'max' });

describe('stablecoin ledger properties over generated sequences', () => {
  it('keeps every invariant after every step and leaves no hold open on a terminal operation', () => {
    fc.assert(
      fc.property(sequenceArb(40), (commands) => {
        const w = world();
        assertSound(w);
        for (const command of commands) {
          command.run(w);
          assertSound(w);
        }
        // Far enough ahead every operation ends: none may be left in flight or holding.
        advance(w.h, 3 * 60 * 60_000);
        assertSound(w);
        for (const op of w.h.engine.state.stablecoins.operations.values()) expect(isTerminalOperationStatus(op.status)).toBe(true);
        expect(w.h.engine.state.timers.order.filter((t) => t.kind.startsWith('stablecoin'))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('replays the log to the live state, and a snapshot plus the rest of the log equals it too', () => {
    fc.assert(
      fc.property(sequenceArb(30), fc.nat(), (commands, cut) => {
        const w = world();
        for (const command of commands) command.run(w);
        const live = stateText(w.h.engine);
        const log = w.h.log;
        expect(stateText(createEngine({ events: log }))).toBe(live);
        const prefix = log.slice(0, 1 + (cut % log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        expect(stateText(createEngine({ snapshot, events: log.slice(prefix.length) }))).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
