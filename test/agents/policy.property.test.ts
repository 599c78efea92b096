/**
 * Property: an agent can never move money of another customer or beyond its policy. Each run
 * makes an agent with a random policy and drives it with random quote/execute attempts (sources
 * including other customers' and the platform's accounts, amounts around the limits), platform
 * approvals and rejections, pauses, funding and clock moves across UTC days and a month end.
 * Checked: every rejected request writes nothing and changes nothing; nothing executes while
 * paused; every transaction the agent started pays from its customer's account, within the
 * account restrictions, and its executed spend per transaction, UTC day and UTC month never
 * exceeds the limits; replay (and a snapshot plus the rest) equals the live state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import type { Transaction } from '../../src/domains/transactions/types.js';
import { type Harness, harness } from '../support/harness.js';
import { newExternalAccount, publishRates } from '../quotes/support.js';
import { asAgent, call, fund, newAgent, payer, quoteBody, redeem } from './support.js';
import { stateText } from '../support/state-text.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);
const START = '2026-01-30T20:00:00.000Z';

const LIMIT_VALUES = [100, 500, 1000, 2000];
const AMOUNTS = fc.oneof(fc.constantFrom(99, 100, 101, 499, 500, 501, 999, 1000, 1001, 1999, 2000, 2001), fc.integer({ min: 1, max: 2500 }));
const PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 2 });

/** Indexes into the source and destination pools built per run. */
const SOURCE_COUNT = 5;
const DESTINATION_COUNT = 4;

/** Mostly payments that can succeed (own account to another customer's, a pull into its own), then any pair. */
const ROUTES = fc.oneof(
  { weight: 5, arbitrary: fc.record({ source: fc.constant(0), destination: fc.constantFrom(0, 1) }) },
  { weight: 1, arbitrary: fc.record({ source: fc.constant(1), destination: fc.constant(2) }) },
  { weight: 3, arbitrary: fc.record({ source: fc.nat(SOURCE_COUNT - 1), destination: fc.nat(DESTINATION_COUNT - 1) }) },
);

const policyArb = fc.record({
  permissions: fc.oneof(
    { weight: 4, arbitrary: fc.constant(['CREATE_QUOTES', 'EXECUTE_QUOTES'] as string[]) },
    { weight: 1, arbitrary: fc.subarray([...PERMISSIONS] as string[]) },
  ),
  defaultExecutionMode: fc.constantFrom('AUTO', 'AUTO', 'APPROVAL_REQUIRED'),
  spendingLimits: maybe(
    fc.record({
      currency: fc.constantFrom('USD', 'USD', 'USD', 'EUR'),
      perTransactionLimit: maybe(fc.constantFrom(...LIMIT_VALUES)),
      dailyLimit: maybe(fc.constantFrom(...LIMIT_VALUES, 3000)),
      dailyTransactionLimit: maybe(fc.integer({ min: 0, max: 4 })),
      monthlyLimit: maybe(fc.constantFrom(2000, 4000, 8000)),
    }),
  ),
  approvalThresholds: maybe(fc.record({ currency: fc.constantFrom('USD', 'USD', 'EUR'), amount: fc.constantFrom(...LIMIT_VALUES) })),
  restrictions: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.record({ sources: maybe(fc.subarray([0, 1, 2, 3, 4])), destinations: maybe(fc.subarray([0, 1, 2, 3])) }) },
  ),
});
type PolicyDraw = typeof policyArb extends fc.Arbitrary<infer T> ? T : never;

type Step =
  | { kind: 'pay'; source: number; destination: number; amount: number }
  | { kind: 'executeOld'; pick: number }
  | { kind: 'approve' | 'reject'; pick: number }
  | { kind: 'pause'; paused: boolean }
  | { kind: 'fund'; amount: number }
  | { kind: 'advance'; ms: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pay' as const), route: ROUTES, amount: AMOUNTS }).map(({ route, amount }) => ({ kind: 'pay' as const, ...route, amount })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('executeOld' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('approve' as const, 'approve' as const, 'reject' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), paused: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 3000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(60_000, 4 * 60_000, 3_600_000, 6 * 3_600_000, 86_400_000, 3 * 86_400_000) }) },
);

type World = {
  h: Harness;
  agentId: string;
  token: string;
  customerId: string;
  ownAccounts: Set<string>;
  sources: string[];
  destinations: string[];
  quotes: string[];
  pending: string[];
  paused: boolean;
  canQuote: boolean;
};

function wireLimits(draw: PolicyDraw['spendingLimits']): unknown {
  return draw === null ? null : { ...draw };
}

function build(draw: PolicyDraw): World {
  const h = harness({}, START);
  publishRates(h);
  const a = payer(h, 5000);
  const b = payer(h, 5000);
  const c = payer(h, 0);
  const ownExternal = newExternalAccount(h, a.customerId, 'USD', '789');
  const platformAccount = h.ok('GET', '/platform/internal-accounts').data[0].id as string;
  const sources = [a.accountId, ownExternal, b.accountId, platformAccount, 'InternalAccount:nobody'];
  const destinations = [c.accountId, b.accountId, a.accountId, ownExternal];
  const restrictions =
    draw.restrictions === null
      ? null
      : {
          allowedSourceAccountIds: draw.restrictions.sources === null ? null : draw.restrictions.sources.map((i) => sources[i]),
          allowedDestinationAccountIds: draw.restrictions.destinations === null ? null : draw.restrictions.destinations.map((i) => destinations[i]),
        };
  const policy = {
    permissions: draw.permissions,
    defaultExecutionMode: draw.defaultExecutionMode,
    spendingLimits: wireLimits(draw.spendingLimits),
    approvalThresholds: draw.approvalThresholds,
    accountRestrictions: restrictions,
  };
  const { agentId, code } = newAgent(h, a.customerId, policy);
  const token = redeem(h, code);
  return { h, agentId, token, customerId: a.customerId, ownAccounts: new Set([a.accountId, ownExternal]), sources, destinations, quotes: [], pending: [], paused: false, canQuote: draw.permissions.includes('CREATE_QUOTES') };
}

/** Sends a request; a rejection must write nothing and change nothing. */
function send(world: World, run: () => { status: number; body: any; events: readonly unknown[] }): { status: number; body: any } {
  const before = stateText(world.h.engine);
  const response = run();
  if (response.status >= 400) {
    expect(response.events, JSON.stringify(response.body)).toEqual([]);
    expect(stateText(world.h.engine)).toBe(before);
  }
  return response;
}

function apply(world: World, step: Step): void {
  const { h } = world;
  switch (step.kind) {
    case 'pay': {
      const body = quoteBody(world.sources[step.source] as string, world.destinations[step.destination] as string, step.amount);
      const quote = send(world, () => asAgent(h, world.token, 'POST', '/agents/me/quotes', body));
      if (world.paused) expect(quote.status).toBe(403);
      if (quote.status >= 400) {
        // Another customer's (or the platform's) account is reported as unknown, after pause and permission.
        const own = world.ownAccounts.has(world.sources[step.source] as string);
        if (!own) expect(quote.status).toBe(world.paused || !world.canQuote ? 403 : 404);
        return;
      }
      expect(world.ownAccounts.has(world.sources[step.source] as string)).toBe(true);
      world.quotes.push(quote.body.id);
      execute(world, quote.body.id);
      return;
    }
    case 'executeOld':
      if (world.quotes.length > 0) execute(world, world.quotes[step.pick % world.quotes.length] as string);
      return;
    case 'approve':
    case 'reject': {
      if (world.pending.length === 0) return;
      const actionId = world.pending[step.pick % world.pending.length] as string;
      const response = send(world, () => call(h, 'POST', `/agents/${world.agentId}/actions/${actionId}/${step.kind}`));
      if (step.kind === 'approve' && world.paused) expect(response.status).toBe(403);
      if (response.status < 400) world.pending = world.pending.filter((id) => id !== actionId);
      return;
    }
    case 'pause':
      h.ok('PATCH', `/agents/${world.agentId}`, { isPaused: step.paused });
      world.paused = step.paused;
      return;
    case 'fund':
      fund(h, world.sources[0] as string, step.amount);
      return;
    case 'advance':
      h.now = new Date(Date.parse(h.now) + step.ms).toISOString();
      h.log.push(...h.engine.advance(h.now));
      return;
  }
}

function execute(world: World, quoteId: string): void {
  const response = send(world, () => asAgent(world.h, world.token, 'POST', `/agents/me/quotes/${quoteId}/execute`));
  if (world.paused) expect(response.status).toBe(403);
  if (response.status < 400 && response.body.status === 'PENDING_APPROVAL') world.pending.push(response.body.id);
}

/** The transactions the agent started, from the engine's own store. */
function agentTransactions(world: World): Transaction[] {
  const store = world.h.engine.state.transactions;
  return [...store.order].map((id) => store.byId.get(id) as Transaction).filter((tx) => tx.agentId === world.agentId);
}

function checkWithinPolicy(world: World, draw: PolicyDraw): void {
  const transactions = agentTransactions(world);
  const perDay = new Map<string, { count: number; spend: number }>();
  const perMonth = new Map<string, number>();
  for (const tx of transactions) {
    expect(tx.source.sourceType).toBe('ACCOUNT');
    const sourceId = tx.source.sourceType === 'ACCOUNT' ? tx.source.accountId : '';
    expect(world.ownAccounts.has(sourceId), `agent paid from ${sourceId}`).toBe(true);
    expect(tx.customerId).toBe(world.customerId);
    if (draw.restrictions?.sources != null) expect(draw.restrictions.sources.map((i) => world.sources[i])).toContain(sourceId);
    const destinationId = tx.destination.destinationType === 'ACCOUNT' ? tx.destination.accountId : '';
    if (draw.restrictions?.destinations != null) expect(draw.restrictions.destinations.map((i) => world.destinations[i])).toContain(destinationId);
    const amount = Number(tx.sentAmount?.amountMinor ?? 'NaN');
    const day = perDay.get(tx.createdAt.slice(0, 10)) ?? { count: 0, spend: 0 };
    perDay.set(tx.createdAt.slice(0, 10), { count: day.count + 1, spend: day.spend + amount });
    perMonth.set(tx.createdAt.slice(0, 7), (perMonth.get(tx.createdAt.slice(0, 7)) ?? 0) + amount);
    const limits = draw.spendingLimits;
    if (limits?.perTransactionLimit != null) expect(amount).toBeLessThanOrEqual(limits.perTransactionLimit);
  }
  if (!draw.permissions.includes('EXECUTE_QUOTES') || !draw.permissions.includes('CREATE_QUOTES')) expect(transactions).toEqual([]);
  const limits = draw.spendingLimits;
  if (limits === null) return;
  const amountLimited = limits.perTransactionLimit !== null || limits.dailyLimit !== null || limits.monthlyLimit !== null;
  if (limits.currency !== 'USD' && amountLimited) expect(transactions).toEqual([]);
  for (const day of perDay.values()) {
    if (limits.dailyTransactionLimit !== null) expect(day.count).toBeLessThanOrEqual(limits.dailyTransactionLimit);
    if (limits.dailyLimit !== null && limits.currency === 'USD') expect(day.spend).toBeLessThanOrEqual(limits.dailyLimit);
  }
  for (const spend of perMonth.values()) {
    if (limits.monthlyLimit !== null && limits.currency === 'USD') expect(spend).toBeLessThanOrEqual(limits.monthlyLimit);
  }
}

describe('agents under random policies', () => {
  it("never move another customer's money or spend beyond their policy; rejections change nothing; replay equals live", () => {
    fc.assert(
      fc.property(policyArb, fc.array(stepArb, { minLength: 5, maxLength: 30 }), fc.nat(), (draw, steps, cut) => {
        const world = build(draw);
        for (const step of steps) {
          apply(world, step);
          checkWithinPolicy(world, draw);
        }
        expect(world.h.engine.state.ledger.checkInvariants()).toEqual([]);
        const live = stateText(world.h.engine);
        expect(stateText(createEngine({ events: world.h.log }))).toBe(live);
        const prefix = world.h.log.slice(0, 1 + (cut % world.h.log.length));
        const snapshot = JSON.parse(JSON.stringify(createEngine({ events: prefix }).snapshot()));
        expect(stateText(createEngine({ snapshot, events: world.h.log.slice(prefix.length) }))).toBe(live);
      }),
      { numRuns: RUNS },
    );
  });
});
