/**
 * The last three list reads moved onto the list index (issue 16): stablecoin operations of a coin,
 * one agent's actions, and `GET /agents/me/transactions` (a customer's payments). Every page,
 * cursor position and count equals the old scan's (`listOperations`, `listActions`,
 * `listTransactions`, kept as the reference) for each filter alone and combined, from every cursor
 * the scan hands out (and cursors the scan accepts but never hands out); and the indexes an
 * engine rebuilds by replay or from a snapshot equal the ones kept live.
 */
import { customerList, customerLists } from '../../src/domains/listing/customer-rows.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendCodedToList, emptyPositionArena, listTimes, NO_LIST } from '../../src/core/position-arena.js';
import { listCodes, listMembers } from '../../src/domains/listing/list-arena.js';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { basicAuthorization } from '../../src/api/auth.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import { listActions } from '../../src/domains/agents/list.js';
import { AGENT_ACTION_STATUSES } from '../../src/domains/agents/types.js';
import { listAgentActionPage } from '../../src/domains/listing/agent-action-page.js';
import { type CustomerPaymentFilters, listCustomerPaymentPage } from '../../src/domains/listing/agent-transaction-page.js';
import { appendCode, CODE_BLOCK_SIZE, type CodeIndex, countCodeBelow, emptyCodeIndex } from '../../src/domains/listing/code-index.js';
import { CARD_TYPE_CODE, catchUpTransactionList, emptyTransactionListIndex, listedLength, listedPlaceAt, ownRowCode, ownTypeCode, statusCode, typeCode } from '../../src/domains/listing/transactions.js';
import { cardTransactionStoreFromSnapshot } from '../../src/domains/card-transactions/store.js';
import type { CardTransaction } from '../../src/domains/card-transactions/types.js';
import { transactionStoreFromSnapshot } from '../../src/domains/transactions/store.js';
import type { Transaction } from '../../src/domains/transactions/types.js';
import type { DomainState } from '../../src/domains/state.js';
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
          const asc = { ...filters, sortOrder: 'asc' } as const;
          const ascScan = oldestFirstScan(state, asc);
          compareWalk(asc, 0, limit, (position) => ascScan(limit, position), (position) => listCustomerPaymentPage(state, asc, { limit, position }));
        }
      }
    }
    expect(multiPage).toBeGreaterThan(10);
    // Both paths read here: short merged lists (codes scanned) and long ones (codes in trees), card transactions among their rows.
    const index = state.lists.transactions;
    const cardRows = (id: string) => listCodes(index.positionLists, customerList(state, index, id)).filter((byte) => ownTypeCode(byte) === CARD_TYPE_CODE).length;
    expect(customers.some((id) => !index.longCountsByCustomer.has(id) && cardRows(id) > 0)).toBe(true);
    expect(customers.some((id) => index.longCountsByCustomer.has(id) && cardRows(id) > 0)).toBe(true);
  }, 240_000);

  it('one customer holding every card transaction and a few payments: runs of card rows past whole blocks are skipped, both orders, every cursor, with date bounds', () => {
    const { state, customerId } = cardHeavyCustomer();
    const index = state.lists.transactions;
    const list = customerList(state, index, customerId);
    const codes = listCodes(index.positionLists, list);
    // The longest run of card rows: 2 blocks less one hold a whole block of them, aligned.
    let run = 0;
    let longest = 0;
    for (const byte of codes) {
      run = ownTypeCode(byte) === CARD_TYPE_CODE ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeGreaterThanOrEqual(2 * CODE_BLOCK_SIZE - 1);
    expect(index.longCountsByCustomer.has(customerId)).toBe(true);
    const mine = listTransactions(state.transactions, { customerId }, { limit: 1000, position: 0 }).items;
    expect(mine.length).toBeGreaterThan(3);
    const times = mine.map((tx) => Date.parse(tx.createdAt));
    const bounds = [undefined, Math.min(...times), times[1]!, times[1]! + 1, Math.max(...times), Math.max(...times) + 1];
    for (const after of bounds) {
      for (const before of bounds) {
        const range = { ...(after === undefined ? {} : { createdAfterMs: after }), ...(before === undefined ? {} : { createdBeforeMs: before }) };
        const filterSets: CustomerPaymentFilters[] = [{ customerId, ...range }, { customerId, type: 'CARD', ...range }, { customerId, type: mine[0]!.type, ...range }, { customerId, status: mine[0]!.status, ...range }];
        for (const filters of filterSets) {
          const asc = { ...filters, sortOrder: 'asc' } as const;
          const ascScan = oldestFirstScan(state, asc);
          for (const limit of [1, 2, 100]) {
            compareWalk(filters, 0, limit, (position) => listTransactions(state.transactions, filters, { limit, position }), (position) => listCustomerPaymentPage(state, filters, { limit, position }));
            compareWalk(asc, 0, limit, (position) => ascScan(limit, position), (position) => listCustomerPaymentPage(state, asc, { limit, position }));
          }
          if (after !== undefined || before !== undefined) continue;
          // Every place as a cursor, in both orders: those of the customer's payments, the others', the end.
          for (let start = 0; start <= state.transactions.order.length + 1; start += 1) {
            expect(listCustomerPaymentPage(state, filters, { limit: 2, position: start })).toEqual(listTransactions(state.transactions, filters, { limit: 2, position: start }));
            expect(listCustomerPaymentPage(state, asc, { limit: 2, position: start })).toEqual(ascScan(2, start));
          }
        }
      }
    }
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
  it('a snapshot saved with the customer payment lists (before stop 31; with a time per member before stop 28) loads without them, and every agent page is the same', () => {
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot())) as EngineSnapshot;
    const lists = decodeData(snapshot.lists) as Record<string, unknown>;
    expect('customerPayments' in lists).toBe(false);
    const state = engine.state;
    const customers = [...new Set([...state.transactions.order].map((id) => state.transactions.byId.get(id)!.customerId))];
    for (const older of [customerPaymentIndexBefore31(state, false), customerPaymentIndexBefore31(state, true)]) {
      const loaded = createEngine({ ...OPTIONS, snapshot: { ...snapshot, lists: encodeData({ ...lists, customerPayments: older }) } });
      expect('customerPayments' in loaded.state.lists).toBe(false);
      expect('customerPayments' in (decodeData(loaded.snapshot().lists) as Record<string, unknown>)).toBe(false);
      expect(indexText(loaded)).toBe(indexText(engine));
      for (const customerId of customers) {
        for (const filters of [{ customerId }, { customerId, status: 'COMPLETED' }, { customerId, sortOrder: 'asc' }] as CustomerPaymentFilters[]) {
          for (const position of [0, Math.floor(state.transactions.order.length / 2)]) {
            expect(listCustomerPaymentPage(loaded.state, filters, { limit: 5, position })).toEqual(listCustomerPaymentPage(state, filters, { limit: 5, position }));
          }
        }
      }
    }
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
  const { stablecoinOperations, agentActions, transactions } = e.state.lists;
  return JSON.stringify({
    coins: [stablecoinOperations.listed, sorted(stablecoinOperations.byCoin).map(([k, v]) => [k, v.createdMs, codes(v.type), codes(v.status)])],
    agents: [
      sorted(agentActions.ownByAgent).map(([k, v]) => [k, listMembers(agentActions.ownLists, v), listTimes(agentActions.ownLists, v), listCodes(agentActions.ownLists, v)]),
      sorted(agentActions.ownLongStatus).map(([k, v]) => [k, codes(v)]),
    ],
    // The agents' payment lists are the customers' merged lists (payments and card transactions).
    payments: [
      [transactions.paymentsListed, transactions.cardsListed, Array.from({ length: listedLength(transactions) }, (_, position) => listedPlaceAt(e.state.cardTransactions, transactions, position))],
      sorted(new Map(customerLists(e.state, transactions))).map(([k, v]) => [k, listMembers(transactions.positionLists, v), listCodes(transactions.positionLists, v)]),
      sorted(transactions.longCountsByCustomer).map(([k, v]) => [k, Array.from(v)]),
    ],
  });
}

/**
 * The oldest-first pages the agent list answers, as a scan (`listTransactions` lists newest first
 * only): the matching payments from place `position` on, and the place of the next one.
 */
function oldestFirstScan(state: DomainState, filters: CustomerPaymentFilters): (limit: number, position: number) => Paged {
  const { sortOrder: _asc, ...rest } = filters;
  const all = [...listTransactions(state.transactions, rest, { limit: Number.MAX_SAFE_INTEGER, position: 0 }).items].reverse();
  const places = all.map((tx) => state.transactions.byId.positionOf(tx.id));
  return (limit, position) => {
    const first = places.findIndex((place) => place >= position);
    const from = first === -1 ? [] : all.slice(first);
    const next = first === -1 ? undefined : places[first + limit];
    const items = from.slice(0, limit);
    return next === undefined ? { items, totalCount: all.length } : { items, nextPosition: next, totalCount: all.length };
  };
}

/**
 * The workload's stores with every card transaction moved to the customer of the first payment,
 * who keeps only its first two and last two payments (the others go to the next payment's
 * customer), and the transaction list index made from them: long runs of card rows in one list.
 */
function cardHeavyCustomer(): { state: DomainState; customerId: string } {
  const live = engine.state;
  const payments = [...live.transactions.order].map((id) => live.transactions.byId.get(id)!);
  const customerId = payments[0]!.customerId;
  const other = payments.find((tx) => tx.customerId !== customerId)!.customerId;
  const kept = new Set([0, 1, payments.length - 2, payments.length - 1]);
  const records = payments.map((tx, place) => (kept.has(place) ? { ...tx, customerId } : tx.customerId === customerId ? { ...tx, customerId: other } : tx)) as Transaction[];
  const cards = [...live.cardTransactions.order].map((id) => ({ ...live.cardTransactions.byId.get(id)!, customerId }) as CardTransaction);
  const stores = {
    transactions: transactionStoreFromSnapshot({ records }),
    cardTransactions: cardTransactionStoreFromSnapshot({ records: cards, transactionsBefore: [...live.cardTransactions.transactionsBefore] }),
    customers: live.customers,
  };
  const index = emptyTransactionListIndex();
  catchUpTransactionList(stores, index);
  return { state: { ...live, ...stores, lists: { ...live.lists, transactions: index } }, customerId };
}

/**
 * The customer payment index as stops 28-30 kept and saved it (its arena with a time per member
 * before stop 28, `withTimes`): per customer its payments' places, each with its type and status
 * code byte, and `CodeIndex`es past one block.
 */
function customerPaymentIndexBefore31(state: DomainState, withTimes: boolean): unknown {
  const arena = emptyPositionArena(withTimes, true);
  const byCustomer = new Map<string, number>();
  const longCodesByCustomer = new Map<string, { type: CodeIndex; status: CodeIndex }>();
  [...state.transactions.order].forEach((id, place) => {
    const tx = state.transactions.byId.get(id)!;
    const byte = ownRowCode(typeCode(tx.type), statusCode(tx.status));
    const list = appendCodedToList(arena, byCustomer.get(tx.customerId) ?? NO_LIST, place, byte);
    if (withTimes) arena.times![list + arena.words[list]!] = Date.parse(tx.createdAt);
    byCustomer.set(tx.customerId, list);
    const codes = listCodes(arena, list);
    if (codes.length <= CODE_BLOCK_SIZE) return;
    const own = longCodesByCustomer.get(tx.customerId) ?? { type: emptyCodeIndex(), status: emptyCodeIndex() };
    longCodesByCustomer.set(tx.customerId, own);
    for (let local = own.type.length; local < codes.length; local += 1) {
      appendCode(own.type, codes[local]! & 15);
      appendCode(own.status, codes[local]! >> 4);
    }
  });
  return { listed: state.transactions.order.length, positionLists: arena, byCustomer, longCodesByCustomer };
}
