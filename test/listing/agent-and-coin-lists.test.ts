/**
 * The last three list reads moved onto the list index (issue 16): stablecoin operations of a coin,
 * one agent's actions, and `GET /agents/me/transactions` (a customer's payments). Every page,
 * cursor position and count equals the old scan's (`listOperations`, `listActions`,
 * `listTransactions`, kept as the reference) for each filter alone and combined, from every cursor
 * the scan hands out (and cursors the scan accepts but never hands out); and the indexes an
 * engine rebuilds by replay or from a snapshot equal the ones kept live.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listCodes, listMembers, listTimes } from '../../src/core/position-arena.js';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { basicAuthorization } from '../../src/api/auth.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { listActions } from '../../src/domains/agents/list.js';
import { AGENT_ACTION_STATUSES } from '../../src/domains/agents/types.js';
import { listAgentActionPage } from '../../src/domains/listing/agent-action-page.js';
import { type CustomerPaymentFilters, listCustomerPaymentPage } from '../../src/domains/listing/agent-transaction-page.js';
import { type CodeIndex, countCodeBelow } from '../../src/domains/listing/code-index.js';
import { listStablecoinOperationPage } from '../../src/domains/listing/stablecoin-operation-page.js';
import { listOperations, type OperationFilters } from '../../src/domains/stablecoins/list.js';
import { OPERATION_STATUSES, OPERATION_TYPES } from '../../src/domains/stablecoins/types.js';
import { listTransactions } from '../../src/domains/transactions/list.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import type { EngineSnapshot } from '../../src/engine/snapshot.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { advance, burn, enabledCoin, mint } from '../stablecoins/support.js';

const OPTIONS = { regulated: true, seed: 3, sha256: nativeSha256 } as const;

type Paged = { readonly items: readonly { readonly id: string }[]; readonly nextPosition?: number; readonly totalCount: number };

/** Walks both lists page by page from `start`, following the scan's cursors, and expects equal pages; returns the pages walked. */
function compareWalk(label: unknown, start: number, limit: number, scan: (position: number) => Paged, indexed: (position: number) => Paged): number {
  let position = start;
  for (let pages = 1; pages < 2000; pages += 1) {
    const expected = scan(position);
    const found = indexed(position);
    const shape = (page: Paged) => ({ label, limit, position, nextPosition: page.nextPosition, totalCount: page.totalCount, items: page.items.map((item) => item.id) });
    expect(shape(found)).toEqual(shape(expected));
    if (expected.nextPosition === undefined) return pages;
    position = expected.nextPosition;
  }
  throw new Error('walk did not end');
}

let engine: Engine;
let log: readonly EventEnvelope[];

beforeAll(() => {
  ({ engine, log } = apiWorkload({ events: 6_000, seed: 3 }));
}, 120_000);

describe('stablecoin operations from the list index', () => {
  it('each coin, each type and status alone and combined, page by page, equals the scan of its operations (listOperations)', () => {
    const state = engine.state;
    const coins = state.stablecoins.coinOrder;
    const sizes = coins.map((id) => state.stablecoins.operationsByCoin.get(id)?.length ?? 0);
    expect(Math.max(...sizes)).toBeGreaterThan(3);
    const filterSets: OperationFilters[] = [{}, ...OPERATION_TYPES.map((type) => ({ type })), ...OPERATION_STATUSES.map((status) => ({ status })), { type: 'MINT', status: 'COMPLETED' }, { type: 'BURN', status: 'FAILED' }];
    let multiPage = 0;
    for (const coin of [...coins, 'Stablecoin:unknown']) {
      for (const filters of filterSets) {
        for (const limit of [1, 3, 100]) {
          const scan = (position: number) => listOperations(state.stablecoins, coin, filters, { limit, position });
          const indexed = (position: number) => listStablecoinOperationPage(state, coin, filters, { limit, position });
          if (compareWalk({ coin, filters }, 0, limit, scan, indexed) > 1) multiPage += 1;
          // Bounds the scan accepts though it never hands them out: past the end, inside the list.
          for (const start of [1, 2, 5, 10_000]) expect(indexed(start)).toEqual(scan(start));
        }
      }
    }
    expect(multiPage).toBeGreaterThan(3);
  });

  it('as operations move through their statuses (mints and burns, time advancing), every page equals the scan; replay and snapshot rebuild the same index', () => {
    const { h, account, coinId } = enabledCoin(50_000_000);
    for (let i = 0; i < 24; i += 1) {
      if (i % 5 === 4) burn(h, coinId, account, '1000000');
      if (i === 12) advance(h, 60_000);
      else expect(mint(h, coinId, account, String(1_000_000 * (1 + (i % 3)))).status).toBeLessThan(300);
      advance(h, (i % 3) * 20_000);
    }
    const state = h.engine.state;
    const statuses = new Set(state.stablecoins.operationOrder.map((id) => state.stablecoins.operations.get(id)!.status));
    // Statuses moved after creation, or the status codes prove nothing.
    expect(statuses.size).toBeGreaterThan(1);
    const filterSets: OperationFilters[] = [{}, ...OPERATION_TYPES.map((type) => ({ type })), ...OPERATION_STATUSES.map((status) => ({ status })), ...[...statuses].map((status) => ({ type: 'MINT' as const, status }))];
    for (const filters of filterSets) {
      for (const limit of [1, 4, 100]) {
        const scan = (position: number) => listOperations(state.stablecoins, coinId, filters, { limit, position });
        compareWalk(filters, 0, limit, scan, (position) => listStablecoinOperationPage(state, coinId, filters, { limit, position }));
      }
    }
    expect(indexText(createEngine({ events: h.log }))).toBe(indexText(h.engine));
    expect(indexText(createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) }))).toBe(indexText(h.engine));
  });

  it('GET /stablecoins/{id}/operations walks by cursor to the scan\'s rows', () => {
    const state = engine.state;
    const coin = [...state.stablecoins.coinOrder].sort((a, b) => (state.stablecoins.operationsByCoin.get(b)?.length ?? 0) - (state.stablecoins.operationsByCoin.get(a)?.length ?? 0))[0]!;
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 1000; pages += 1) {
      const path = `/stablecoins/${coin}/operations?type=MINT&limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`;
      const { response } = engine.handle({ method: 'GET', path, headers: { authorization: basicAuthorization(SANDBOX_CREDENTIAL) } }, { now: '2026-06-01T00:00:00Z' });
      const body = (response as { status: number; body: { data: { id: string }[]; hasMore: boolean; nextCursor?: string } }).body;
      expect((response as { status: number }).status).toBe(200);
      ids.push(...body.data.map((row) => row.id));
      if (!body.hasMore) break;
      cursor = body.nextCursor;
    }
    const expected = listOperations(state.stablecoins, coin, { type: 'MINT' }, { limit: 1_000_000, position: 0 }).items.map((op) => op.id);
    expect(ids.length).toBeGreaterThan(2);
    expect(ids.map((id) => id.replace(/^.*:/, ''))).toEqual(expected.map((id) => id.replace(/^.*:/, '')));
  });
});

describe("one agent's actions from the list index", () => {
  it('each agent, each status, and its customer or another, page by page, equals the scan of its actions (listActions)', () => {
    const state = engine.state;
    const agents = [...state.agents.actionsByAgent.keys()];
    expect(Math.max(...agents.map((id) => state.agents.actionsByAgent.get(id)!.length))).toBeGreaterThan(2);
    for (const agentId of [...agents, 'Agent:unknown']) {
      const customerId = state.agents.byId.get(agentId)?.customerId ?? 'Customer:nobody';
      const filterSets = [{}, ...AGENT_ACTION_STATUSES.map((status) => ({ status })), { customerId }, { customerId: 'Customer:nobody' }, { customerId, status: 'PENDING_APPROVAL' as const }];
      for (const filters of filterSets) {
        for (const limit of [1, 2, 100]) {
          const scan = (position: number) => listActions(state, { agentId, ...filters }, { limit, position });
          const indexed = (position: number) => listAgentActionPage(state, agentId, filters, { limit, position });
          compareWalk({ agentId, filters }, 0, limit, scan, indexed);
          for (const start of [1, 3, 10_000]) expect(indexed(start)).toEqual(scan(start));
        }
      }
    }
  });
});

describe('GET /agents/me/transactions from the list index', () => {
  it('each customer, type and status alone and combined, page by page, equals the scan of every payment (listTransactions), cursors included', () => {
    const state = engine.state;
    const payments = [...state.transactions.order].map((id) => state.transactions.byId.get(id)!);
    const customers = [...new Set(payments.map((tx) => tx.customerId))];
    const types = [...new Set(payments.map((tx) => tx.type))];
    const statuses = [...new Set(payments.map((tx) => tx.status))];
    expect(statuses.length).toBeGreaterThan(2);
    let multiPage = 0;
    for (const customerId of [...customers, 'Customer:nobody']) {
      const filterSets: CustomerPaymentFilters[] = [
        { customerId },
        ...types.map((type) => ({ customerId, type })),
        ...statuses.map((status) => ({ customerId, status })),
        { customerId, type: types[0]!, status: 'COMPLETED' },
      ];
      for (const filters of filterSets) {
        for (const limit of [1, 7, 100]) {
          const scan = (position: number) => listTransactions(state.transactions, filters, { limit, position });
          const indexed = (position: number) => listCustomerPaymentPage(state, filters, { limit, position });
          if (compareWalk(filters, 0, limit, scan, indexed) > 1) multiPage += 1;
          // Payment positions of any customer bound the page the same way (a cursor is a position among all payments).
          for (const start of [1, 2, Math.floor(payments.length / 2), payments.length - 1, payments.length, payments.length + 9]) {
            expect(indexed(start)).toEqual(scan(start));
          }
        }
      }
    }
    expect(multiPage).toBeGreaterThan(10);
    // Short lists (codes scanned) read here; long ones (codes in trees) in transactions-index.test.ts.
    expect(customers.some((id) => !state.lists.customerPayments.longCodesByCustomer.has(id))).toBe(true);
  });

  it('a date range (createdAfter, createdBefore, both) with a customer alone and with a status: the times read through the merged list equal the scan', () => {
    const state = engine.state;
    const payments = [...state.transactions.order].map((id) => state.transactions.byId.get(id)!);
    // Card transactions interleave with the payments, so a payment's merged position differs from its place.
    expect(state.cardTransactions.order.length).toBeGreaterThan(10);
    const times = [...new Set(payments.map((tx) => Date.parse(tx.createdAt)))].sort((a, b) => a - b);
    const bounds = [times[0]!, ...[0.2, 0.5, 0.8].map((share) => times[Math.floor(share * times.length)]!), times[times.length - 1]! + 1];
    const customers = [...new Set(payments.map((tx) => tx.customerId))].slice(0, 3);
    let narrowed = 0;
    for (const customerId of customers) {
      for (const after of [undefined, ...bounds]) {
        for (const before of [undefined, ...bounds]) {
          const range = { ...(after === undefined ? {} : { createdAfterMs: after }), ...(before === undefined ? {} : { createdBeforeMs: before }) };
          for (const filters of [{ customerId, ...range }, { customerId, status: 'COMPLETED', ...range }] as CustomerPaymentFilters[]) {
            const scan = (position: number) => listTransactions(state.transactions, filters, { limit: 5, position });
            const indexed = (position: number) => listCustomerPaymentPage(state, filters, { limit: 5, position });
            compareWalk(filters, 0, 5, scan, indexed);
            const whole = scan(0).totalCount;
            if (whole > 0 && whole < listTransactions(state.transactions, { customerId }, { limit: 1, position: 0 }).totalCount) narrowed += 1;
          }
        }
      }
    }
    expect(narrowed).toBeGreaterThan(10);
  });
});

describe('the three indexes after replay and from a snapshot', () => {
  it('a snapshot saved when the customer payment lists kept a time per member (before stop 28) loads with them made again, without times', () => {
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot())) as EngineSnapshot;
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    const saved = lists.customerPayments! as { positionLists: { words: Int32Array; times?: Float64Array } };
    // The older arena: the same words, and a time per word (wrong times here, so that a load keeping them would show).
    const withTimes = { ...saved.positionLists, times: new Float64Array(saved.positionLists.words.length).fill(1) };
    const older = { ...snapshot, lists: encodeData({ ...lists, customerPayments: { ...saved, positionLists: withTimes } }) };
    const loaded = createEngine({ ...OPTIONS, snapshot: older });
    expect(loaded.state.lists.customerPayments.positionLists.times).toBeUndefined();
    expect(indexText(loaded)).toBe(indexText(engine));
  });

  it('an engine replaying the log, or loading a snapshot, rebuilds the same indexes', () => {
    const live = indexText(engine);
    expect(live.length).toBeGreaterThan(1000);
    expect(indexText(createEngine({ ...OPTIONS, events: log }))).toBe(live);
    expect(indexText(createEngine({ ...OPTIONS, snapshot: JSON.parse(JSON.stringify(engine.snapshot())) }))).toBe(live);
  });

  it("a snapshot saved before the agents' own lists (an agent action index with byAgent, stop 26) loads with them made again from the store", () => {
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot())) as EngineSnapshot;
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    const { ownByAgent: _handles, ownLists: _lists, ownLongStatus: _long, ...kept } = lists.agentActions!;
    const older = { ...snapshot, lists: encodeData({ ...lists, agentActions: { ...kept, byAgent: new Map([['Agent:gone', { createdMs: [0], status: { codes: [1], length: 1 } }]]) } }) };
    const loaded = createEngine({ ...OPTIONS, snapshot: older });
    expect(indexText(loaded)).toBe(indexText(engine));
    for (const agentId of engine.state.agents.actionsByAgent.keys()) {
      expect(listAgentActionPage(loaded.state, agentId, {}, { limit: 100, position: 0 })).toEqual(listAgentActionPage(engine.state, agentId, {}, { limit: 100, position: 0 }));
    }
  });
});

/** The three indexes as text: per key, positions, times, and each code with its count below every block bound. */
function indexText(e: Engine): string {
  const codes = (index: CodeIndex): unknown => {
    const values = Array.from(index.codes.slice(0, index.length));
    const counts = [...new Set(values)].sort().map((code) => [code, Array.from({ length: Math.ceil(index.length / 64) + 1 }, (_, b) => countCodeBelow(index, code, b * 64))]);
    return { values, counts };
  };
  const sorted = <V>(map: ReadonlyMap<string, V>): [string, V][] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { stablecoinOperations, agentActions, customerPayments } = e.state.lists;
  return JSON.stringify({
    coins: [stablecoinOperations.listed, sorted(stablecoinOperations.byCoin).map(([k, v]) => [k, v.createdMs, codes(v.type), codes(v.status)])],
    agents: [
      sorted(agentActions.ownByAgent).map(([k, v]) => [k, listMembers(agentActions.ownLists, v), listTimes(agentActions.ownLists, v), listCodes(agentActions.ownLists, v)]),
      sorted(agentActions.ownLongStatus).map(([k, v]) => [k, codes(v)]),
    ],
    payments: [
      customerPayments.listed,
      sorted(customerPayments.byCustomer).map(([k, v]) => [k, listMembers(customerPayments.positionLists, v), listCodes(customerPayments.positionLists, v)]),
      sorted(customerPayments.longCodesByCustomer).map(([k, v]) => [k, codes(v.type), codes(v.status)]),
    ],
  });
}
