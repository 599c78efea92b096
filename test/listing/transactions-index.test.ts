/**
 * GET /transactions read from the list index (issue 16): every page, count and cursor equals what
 * a plain filter of the whole merged list gives, in both orders, for the indexed filters alone and
 * combined; cursors at page boundaries; and the index an engine rebuilds by replay or from a
 * snapshot equals the one kept live.
 */
import { customerLists } from '../../src/domains/listing/customer-rows.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { basicAuthorization } from '../../src/api/auth.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import { nativeSha256 } from '../../src/cli/native-hash.js';
import type { EventEnvelope } from '../../src/log/index.js';
import { type ActionFilters, listActions } from '../../src/domains/agents/list.js';
import { listAllAgentActionPage } from '../../src/domains/listing/agent-action-page.js';
import { type CustomerFilters, listCustomers } from '../../src/domains/customers/list.js';
import { listCustomerPage } from '../../src/domains/listing/customer-page.js';
import { harness } from '../support/harness.js';
import { listAllTransactions } from '../../src/domains/card-transactions/list.js';
import { listTransactionPage } from '../../src/domains/listing/transaction-page.js';
import { listTransactions, type TransactionFilters } from '../../src/domains/transactions/list.js';
import type { Transaction } from '../../src/domains/transactions/types.js';
import { type CustomerPaymentFilters, listCustomerPaymentPage } from '../../src/domains/listing/agent-transaction-page.js';
import { transactionStoreFromSnapshot } from '../../src/domains/transactions/store.js';
import { CODE_BLOCK_SIZE, type CodeIndex, countCodeBelow } from '../../src/domains/listing/code-index.js';
import { catchUpTransactionList, emptyTransactionListIndex, listedCreatedMs, listedLength, listedPlaceAt, listedPositionOfPayment, ownStatusCode, ownTypeCode, syncTransactionStatus } from '../../src/domains/listing/transactions.js';
import { countedRows, rowCountSource } from '../../src/domains/listing/row-counts.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { appendCodedToList, appendToList, emptyPositionArena, isPositionArena, NO_LIST } from '../../src/core/position-arena.js';
import { type ListArena, listCodes, listMembers } from '../../src/domains/listing/list-arena.js';
import { isOffsetArena } from '../../src/domains/listing/offset-arena.js';

const AUTH = basicAuthorization(SANDBOX_CREDENTIAL);
const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;

type Row = { id: string; type: string; status: string; customerId?: string; direction?: string; createdAt: string; [key: string]: unknown };
type Page = { data: Row[]; hasMore: boolean; nextCursor?: string; totalCount: number };

function get(engine: Engine, path: string): { status: number; body: any } {
  const { response } = engine.handle({ method: 'GET', path, headers: { authorization: AUTH } }, { now: '2026-06-01T00:00:00Z' });
  return response as { status: number; body: any };
}

/** Every page of `query` by cursor, with `limit`; checks each page's shape on the way. */
function walk(engine: Engine, query: string, limit: number): { rows: Row[]; totalCount: number; pages: number } {
  const rows: Row[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let totalCount = -1;
  for (;;) {
    const sep = query === '' ? '' : '&';
    const answer = get(engine, `/transactions?${query}${sep}limit=${limit}${cursor === undefined ? '' : `&cursor=${cursor}`}`);
    expect({ query, status: answer.status }).toEqual({ query, status: 200 });
    const page = answer.body as Page;
    pages += 1;
    if (totalCount === -1) totalCount = page.totalCount;
    expect(page.totalCount).toBe(totalCount);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    rows.push(...page.data);
    expect('nextCursor' in page).toBe(page.hasMore);
    if (!page.hasMore) return { rows, totalCount, pages };
    expect(page.data.length).toBe(limit);
    cursor = page.nextCursor;
  }
}

let engine: Engine;
let log: readonly EventEnvelope[];
let all: Row[];

beforeAll(() => {
  ({ engine, log } = apiWorkload({ events: 6_000, seed: 3 }));
  all = walk(engine, '', 100).rows;
}, 120_000);

describe('GET /transactions from the list index', () => {
  it('lists every payment and card transaction once, newest first, and asc is the exact reverse', () => {
    const count = engine.state.transactions.order.length + engine.state.cardTransactions.order.length;
    expect(all.length).toBe(count);
    expect(new Set(all.map((row) => row.id)).size).toBe(count);
    expect(all.some((row) => row.type === 'CARD')).toBe(true);
    for (let i = 1; i < all.length; i += 1) expect(all[i - 1]!.createdAt >= all[i]!.createdAt).toBe(true);
    expect(walk(engine, 'sortOrder=asc', 100).rows.map((row) => row.id)).toEqual(all.map((row) => row.id).reverse());
    expect(walk(engine, 'sortOrder=desc', 100).rows.map((row) => row.id)).toEqual(all.map((row) => row.id));
  });

  it('sortOrder=desc shares the default cursors; asc cursors belong to asc', () => {
    const first = get(engine, '/transactions?limit=3').body as Page;
    expect(get(engine, `/transactions?sortOrder=desc&limit=3&cursor=${first.nextCursor}`).status).toBe(200);
    expect(get(engine, `/transactions?sortOrder=asc&limit=3&cursor=${first.nextCursor}`).status).toBe(400);
  });

  it('cursors at page boundaries: a limit equal to the count is one page, one less is two, limit 1 walks every row', () => {
    const cards = all.filter((row) => row.type === 'CARD').map((row) => row.id);
    const customer = mostCommon(all.map((row) => row.customerId).filter((id): id is string => id !== undefined));
    const mine = all.filter((row) => row.customerId === customer).map((row) => row.id);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.length).toBeLessThanOrEqual(100);
    const query = `customerId=${encodeURIComponent(customer)}`;
    const one = walk(engine, query, mine.length);
    expect([one.pages, one.rows.map((row) => row.id)]).toEqual([1, mine]);
    const two = walk(engine, query, mine.length - 1);
    expect([two.pages, two.rows.map((row) => row.id)]).toEqual([2, mine]);
    const divisor = [...Array(99).keys()].map((k) => k + 2).find((d) => all.length % d === 0 && all.length / d <= 100);
    if (divisor !== undefined) expect(walk(engine, '', all.length / divisor).pages).toBe(divisor);
    const ones = walk(engine, 'type=CARD&sortOrder=asc', 1);
    expect([ones.pages, ones.rows.map((row) => row.id)]).toEqual([cards.length, [...cards].reverse()]);
  });

  it('indexed filters and their combinations, with cursors and totalCount, equal a plain filter in both orders', () => {
    const customer = mostCommon(all.map((row) => row.customerId).filter((id): id is string => id !== undefined));
    const account = mostCommon(all.flatMap((row) => accountsOf(row)));
    const cases: [string, (row: Row) => boolean][] = [
      [`customerId=${encodeURIComponent(customer)}`, (row) => row.customerId === customer],
      ['type=INCOMING', (row) => row.type === 'INCOMING'],
      ['type=OUTGOING', (row) => row.type === 'OUTGOING'],
      ['status=COMPLETED', (row) => row.type !== 'CARD' && row.status === 'COMPLETED'],
      ['status=PROCESSING', (row) => row.type !== 'CARD' && row.status === 'PROCESSING'],
      ['direction=CREDIT', (row) => row.direction === 'CREDIT' || (row.type === 'INCOMING' && row.direction === undefined)],
      [`accountIdentifier=${encodeURIComponent(account)}`, (row) => accountsOf(row).includes(account)],
      [`customerId=${encodeURIComponent(customer)}&status=COMPLETED`, (row) => row.customerId === customer && row.type !== 'CARD' && row.status === 'COMPLETED'],
      [`customerId=${encodeURIComponent(customer)}&type=CARD`, (row) => row.customerId === customer && row.type === 'CARD'],
      [`customerId=${encodeURIComponent(customer)}&type=OUTGOING&status=COMPLETED`, (row) => row.customerId === customer && row.type === 'OUTGOING' && row.status === 'COMPLETED'],
      [`customerId=${encodeURIComponent(customer)}&type=INCOMING&direction=CREDIT`, (row) => row.customerId === customer && row.type === 'INCOMING' && (row.direction === 'CREDIT' || row.direction === undefined)],
      [`type=OUTGOING&status=FAILED`, (row) => row.type === 'OUTGOING' && row.status === 'FAILED'],
    ];
    const middle = all[Math.floor(all.length / 2)]!.createdAt;
    cases.push([`createdAfter=${encodeURIComponent(middle)}&type=CARD`, (row) => row.createdAt >= middle && row.type === 'CARD']);
    cases.push([`endDate=${encodeURIComponent(middle)}`, (row) => row.createdAt <= middle]);
    for (const [query, match] of cases) {
      const expected = all.filter(match).map((row) => row.id);
      const desc = walk(engine, query, 7);
      expect({ query, ids: desc.rows.map((row) => row.id), totalCount: desc.totalCount }).toEqual({ query, ids: expected, totalCount: expected.length });
      const asc = walk(engine, `${query}&sortOrder=asc`, 7);
      expect({ query, ids: asc.rows.map((row) => row.id) }).toEqual({ query, ids: [...expected].reverse() });
    }
    // Direction CREDIT must have matched something, or the case proves nothing.
    expect(walk(engine, 'direction=CREDIT', 100).totalCount).toBeGreaterThan(0);
  });

  it('each customer\'s type and status codes are the store-wide codes at its positions (customer with type or status reads its own list)', () => {
    const index = engine.state.lists.transactions;
    let rows = 0;
    for (const [customerId, list] of customerLists(engine.state, index)) {
      const positions = listMembers(index.positionLists, list);
      const bytes = listCodes(index.positionLists, list);
      const long = index.longCountsByCustomer.get(customerId);
      // Only a customer past one block has counts (trees); theirs count every row of its list, code by code.
      expect(long !== undefined).toBe(positions.length > CODE_BLOCK_SIZE);
      if (long !== undefined) {
        expect(countedRows(long)).toBe(positions.length);
        for (const [field, codeOf, codes] of [['type', ownTypeCode, [1, 2, 3]], ['status', ownStatusCode, [1, 2, 3, 4, 5, 6, 7, 8, 9]]] as const) {
          for (const code of codes) {
            const source = rowCountSource(index.positionLists, list, long, field, code);
            expect({ field, code, count: source.count(0, positions.length) }).toEqual({ field, code, count: bytes.filter((byte) => codeOf(byte) === code).length });
          }
        }
      }
      positions.forEach((position, local) => {
        const [type, status] = [index.type.codes[position], index.status.codes[position]];
        expect([ownTypeCode(bytes[local]!), ownStatusCode(bytes[local]!)]).toEqual([type, status]);
      });
      rows += positions.length;
    }
    expect(rows).toBe(listedLength(index));
  });

  it('finds each listed payment at the one position holding its place, card transactions between them counted; an unknown id nowhere', () => {
    const state = engine.state;
    const index = state.lists.transactions;
    let cardsBetween = 0;
    for (let position = 0; position < listedLength(index); position += 1) {
      const place = listedPlaceAt(state.cardTransactions, index, position);
      if (place < 0) continue;
      if (position > 0 && listedPlaceAt(state.cardTransactions, index, position - 1) < 0) cardsBetween += 1;
      expect({ place, position: listedPositionOfPayment(state, index, state.transactions.byId.keyAt(place)) }).toEqual({ place, position });
    }
    // The workload must interleave card transactions with payments, or this proves little.
    expect(cardsBetween).toBeGreaterThan(10);
    expect(listedPositionOfPayment(state, index, 'Transaction:019a0000-0000-7000-8000-000000000000')).toBe(-1);
  });

  it('each customer with a type or a status, short lists (scanned codes) and long ones (trees) alike, pages as the plain scan does', () => {
    const state = engine.state;
    const index = state.lists.transactions;
    const customers = customerLists(state, index).map(([id]) => id);
    // Both paths must be taken, or the case proves nothing.
    expect(customers.some((id) => index.longCountsByCustomer.has(id))).toBe(true);
    expect(customers.some((id) => !index.longCountsByCustomer.has(id))).toBe(true);
    for (const customerId of customers) {
      const filterSets: TransactionFilters[] = [
        { customerId, type: 'INCOMING' },
        { customerId, type: 'CARD' },
        { customerId, status: 'COMPLETED' },
        { customerId, status: 'PENDING' },
        { customerId, type: 'OUTGOING', status: 'COMPLETED' },
      ];
      for (const filters of filterSets) {
        expectSamePages(filters, (page) => listAllTransactions(state, filters, page), (page) => listTransactionPage(state, filters, page), (row) => row.tx.id);
      }
    }
  });

  it('GET /agents/me/transactions: each customer with a type or a status, short lists and long ones (trees), statuses synced, pages as listTransactions does', () => {
    // Every other payment moved to one customer, so that its list passes one block of codes.
    const payments = [...engine.state.transactions.order].map((id) => engine.state.transactions.byId.get(id)!);
    const owner = payments[0]!.customerId;
    const records = payments.map((tx, at) => (at % 2 === 0 ? { ...tx, customerId: owner } : tx));
    const transactions = transactionStoreFromSnapshot({ records });
    // Listed (with the card transactions, in the merged order) while every payment was CREATED, then each status synced as the events would.
    const cardTransactions = engine.state.cardTransactions;
    const index = emptyTransactionListIndex();
    const customers = engine.state.customers;
    catchUpTransactionList({ transactions: transactionStoreFromSnapshot({ records: records.map((tx) => ({ ...tx, status: 'CREATED' }) as Transaction) }), cardTransactions, customers }, index);
    for (const tx of records) syncTransactionStatus({ transactions, cardTransactions, customers }, index, tx);
    const state = { transactions, cardTransactions, customers, lists: { ...engine.state.lists, transactions: index } };
    const long = index.longCountsByCustomer;
    const listed = customerLists(state, index).map(([id]) => id);
    expect([listed.some((id) => long.has(id)), listed.some((id) => !long.has(id))]).toEqual([true, true]);
    for (const customerId of listed) {
      const filterSets: CustomerPaymentFilters[] = [
        { customerId },
        { customerId, type: 'CARD' },
        { customerId, type: 'INCOMING' },
        { customerId, type: 'OUTGOING' },
        { customerId, status: 'COMPLETED' },
        { customerId, status: 'PENDING' },
        { customerId, type: 'OUTGOING', status: 'COMPLETED' },
      ];
      for (const filters of filterSets) {
        expectSamePages(filters, (page) => listTransactions(transactions, filters, page), (page) => listCustomerPaymentPage(state, filters, page), (tx) => tx.id);
      }
    }
  });

  it('answers what the plain scan of both stores answers (same rows, positions and counts), page by page', () => {
    const state = engine.state;
    const customer = mostCommon(all.map((row) => row.customerId).filter((id): id is string => id !== undefined));
    const card = state.cardTransactions.byId.get(state.cardTransactions.order.at(0)!)!;
    const filterSets: TransactionFilters[] = [
      {},
      { type: 'CARD' },
      { status: 'COMPLETED' },
      { customerId: customer },
      { customerId: customer, direction: 'DEBIT' },
      { cardUuid: card.cardId.replace(/^Card:/, '').toLowerCase() },
      { createdAfterMs: Date.parse(all[all.length - 10]!.createdAt), createdBeforeMs: Date.parse(all[5]!.createdAt), type: 'INCOMING' },
    ];
    for (const filters of filterSets) {
      for (const limit of [1, 9, 100]) {
        let position = 0;
        for (let pages = 0; pages < 400; pages += 1) {
          const scanned = listAllTransactions(state, filters, { limit, position });
          const indexed = listTransactionPage(state, filters, { limit, position });
          expect({ filters, limit, position, ...indexed, items: indexed.items.map((row) => row.tx.id) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map((row) => row.tx.id) });
          if (scanned.nextPosition === undefined) break;
          position = scanned.nextPosition;
        }
      }
    }
  });

  it('reference names one transaction: its reconciliation reference once past CREATED', () => {
    const row = all.find((r) => r.type !== 'CARD' && r.status !== 'CREATED' && (r.reconciliationInstructions as { reference?: string } | undefined)?.reference !== undefined)!;
    const reference = (row.reconciliationInstructions as { reference: string }).reference;
    const found = get(engine, `/transactions?reference=${reference}`).body as Page;
    expect(found.data.map((r) => r.id)).toEqual([row.id]);
    expect(found.totalCount).toBe(1);
    expect(get(engine, `/transactions?reference=${reference}&type=CARD`).body.totalCount).toBe(0);
    expect(get(engine, '/transactions?reference=TX00000000000000000000000000000000').body.totalCount).toBe(0);
    expect(get(engine, '/transactions?reference=').status).toBe(400);
  });

  it('an engine replaying the log, or loading a snapshot, rebuilds the same index', () => {
    const live = indexText(engine);
    expect(live.length).toBeGreaterThan(1000);
    const replayed = createEngine({ ...OPTIONS, seed: 3, events: log });
    expect(indexText(replayed)).toBe(live);
    const restored = createEngine({ ...OPTIONS, seed: 3, snapshot: JSON.parse(JSON.stringify(engine.snapshot())) });
    expect(indexText(restored)).toBe(live);
    expect(walk(restored, 'status=COMPLETED', 50).rows).toEqual(walk(engine, 'status=COMPLETED', 50).rows);
  });

  it('a snapshot saved before an index gained a field (stop 22: per-holder status codes, live types, owner currencies, funding accounts; stop 23: per-customer transaction codes; stop 25: those codes as bytes; stop 27: a count of listed quotes) makes that index again from the store', () => {
    const live = indexText(engine);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    // Stop 25 moved the per-customer codes into the arena's code bytes (past one block only; as counts since stop 32).
    const { longCountsByCustomer: _k, ...transactionIndex } = lists.transactions!;
    // The shapes before stop 22: each index without the field added then (external accounts had one map per currency).
    const { longStatusByCustomer: _a, ...actions } = lists.agentActions!;
    const { statusByCustomer: _c, byFundingSource: _f, ...cards } = lists.cards!;
    const { liveType: _t, ...customers } = lists.customers!;
    const { byOwnerCurrency: _o, customerByCurrency: _u, ...externalAccounts } = lists.externalAccounts!;
    // Stop 27 counted the listed quotes, where each one's createdAt was kept in a JS array.
    const { listed: _l, ...quoteIndex } = lists.quotes!;
    const older = { ...lists, quotes: { ...quoteIndex, createdMs: [1, 2] }, transactions: transactionIndex, agentActions: actions, cards, customers, externalAccounts: { ...externalAccounts, byCurrency: new Map() } };
    const restored = createEngine({ ...OPTIONS, seed: 3, snapshot: { ...snapshot, lists: encodeData(older) } });
    expect(indexText(restored)).toBe(live);
  });
  it('a snapshot of stop 31\'s transaction and agent action indexes (a place per position, two CodeIndexes per long customer; a CodeIndex per customer of actions) makes them again from the store; a field no shape has is dropped at load', () => {
    const live = indexText(engine);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    const transactions = engine.state.lists.transactions;
    // Wrong places and codes, so that reading them anywhere would show.
    const placeByPosition = new Int32Array(listedLength(transactions)).fill(7);
    const junk = (): CodeIndex => ({ codes: new Uint8Array(128).fill(2), length: 128, trees: new Map([[2, Int32Array.of(0, 64, 128)]]) });
    const longCodesByCustomer = new Map([...transactions.longCountsByCustomer.keys()].map((id) => [id, { type: junk(), status: junk() }]));
    const { longCountsByCustomer: _c, ...current } = lists.transactions!;
    expect(longCodesByCustomer.size).toBeGreaterThan(0);
    // Stop 31's agent action index: its customers' lists without code bytes, a CodeIndex per customer.
    const actions = engine.state.lists.agentActions;
    const uncoded = emptyPositionArena();
    const byCustomer = new Map([...actions.byCustomer].map(([id, list]) => [id, listMembers(actions.positionLists, list).reduce((handle, member) => appendToList(uncoded, handle, member), NO_LIST)]));
    const { longStatusByCustomer: _l, ...actionFields } = lists.agentActions!;
    const actions31 = { ...actionFields, positionLists: uncoded, byCustomer, statusByCustomer: new Map([...byCustomer.keys()].map((id) => [id, junk()])) };
    for (const [saved, agentActions] of [[{ placeByPosition, ...current, longCodesByCustomer }, actions31], [{ placeByPosition, ...lists.transactions }, lists.agentActions]] as const) {
      const restored = createEngine({ ...OPTIONS, seed: 3, snapshot: { ...snapshot, lists: encodeData({ ...lists, transactions: saved, agentActions }) } });
      expect(indexText(restored)).toBe(live);
      const fields = Object.keys(restored.state.lists.transactions);
      expect([fields.includes('placeByPosition'), fields.includes('longCodesByCustomer')]).toEqual([false, false]);
      expect('placeByPosition' in (decodeData(restored.snapshot().lists) as Record<string, Record<string, unknown>>).transactions!).toBe(false);
      expect(walk(restored, 'status=COMPLETED', 50).rows).toEqual(walk(engine, 'status=COMPLETED', 50).rows);
      const customer = [...transactions.longCountsByCustomer.keys()][0]!;
      expect(walk(restored, `customerId=${encodeURIComponent(customer)}&status=COMPLETED`, 20).rows).toEqual(walk(engine, `customerId=${encodeURIComponent(customer)}&status=COMPLETED`, 20).rows);
    }
  });
  it('a snapshot of stop 32\'s transaction and quote indexes (an Int32 time offset per position, their bases and escapes, no time samples; customers\' lists by id) makes them again from the store, the old fields dropped', () => {
    const live = indexText(engine);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    const { createdMsSamples: _s, ...current } = lists.transactions!;
    const length = listedLength(engine.state.lists.transactions);
    // Wrong times, so that reading them anywhere would show.
    // Stop 32's customers' lists by id (a PackedKeyMap, saved as a Map), each naming the wrong list, and no lists by row.
    const { byCustomerRow: _r, ...transactionFields } = current;
    const { byCustomerRow: _q, ...quoteFields } = lists.quotes!;
    const wrongLists = (index: { byCustomerRow: Int32Array }): Map<string, number> => new Map(customerLists(engine.state, index).map(([id]) => [id, 0]));
    const stop32 = { ...transactionFields, byCustomer: wrongLists(engine.state.lists.transactions), createdMsOffsets: new Int32Array(length).fill(3), createdMsBases: [5], createdMsEscaped: new Map([[0, 9]]) };
    const quotes32 = { ...quoteFields, byCustomer: wrongLists(engine.state.lists.quotes) };
    const restored = createEngine({ ...OPTIONS, seed: 3, snapshot: { ...snapshot, lists: encodeData({ ...lists, transactions: stop32, quotes: quotes32 }) } });
    expect(indexText(restored)).toBe(live);
    const fields = [...Object.keys(restored.state.lists.transactions), ...Object.keys(restored.state.lists.quotes)];
    expect(['createdMsOffsets', 'createdMsBases', 'createdMsEscaped', 'byCustomer'].filter((field) => fields.includes(field))).toEqual([]);
    const saved = decodeData(restored.snapshot().lists) as Record<string, Record<string, unknown>>;
    expect(['createdMsOffsets' in saved.transactions!, 'byCustomer' in saved.transactions!, 'byCustomer' in saved.quotes!]).toEqual([false, false, false]);
    const customer = customerLists(engine.state, engine.state.lists.transactions)[0]![0];
    expect(walk(restored, `customerId=${encodeURIComponent(customer)}`, 20).rows).toEqual(walk(engine, `customerId=${encodeURIComponent(customer)}`, 20).rows);
    const dated = `createdAfter=${encodeURIComponent(new Date(listedCreatedMs(engine.state, engine.state.lists.transactions, length >>> 1)).toISOString())}`;
    expect(walk(restored, dated, 50).rows).toEqual(walk(engine, dated, 50).rows);
  });
  it('a snapshot of stop 33\'s transaction and quote indexes (their lists in position arenas, a word a member) makes them again from the store', () => {
    const live = indexText(engine);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    // Stop 33's arenas, grown by half, every list handle naming one wrong list, so that reading them anywhere would show.
    const wrongArena = (coded: boolean): { arena: ReturnType<typeof emptyPositionArena>; handle: number } => {
      const arena = emptyPositionArena(false, coded, true);
      return { arena, handle: [3, 4, 5].reduce((handle, member) => (coded ? appendCodedToList(arena, handle, member, 9) : appendToList(arena, handle, member)), NO_LIST) };
    };
    const own = wrongArena(true);
    const sides = wrongArena(false);
    const quoteLists = wrongArena(false);
    const rows = (index: Record<string, unknown>, handle: number): Int32Array => (index.byCustomerRow as Int32Array).map((stored) => (stored === 0 ? 0 : handle + 1));
    const misnamed = (map: unknown, handle: number): Map<string, number> => new Map([...(map as Map<string, number>)].map(([k]) => [k, handle]));
    const transactions33 = { ...lists.transactions, positionLists: own.arena, byCustomerRow: rows(lists.transactions!, own.handle), sideLists: sides.arena, byCard: misnamed(lists.transactions!.byCard, sides.handle), byAccount: misnamed(lists.transactions!.byAccount, sides.handle) };
    const quotes33 = { ...lists.quotes, positionLists: quoteLists.arena, byCustomerRow: rows(lists.quotes!, quoteLists.handle) };
    const restored = createEngine({ ...OPTIONS, seed: 3, snapshot: { ...snapshot, lists: encodeData({ ...lists, transactions: transactions33, quotes: quotes33 }) } });
    expect(indexText(restored)).toBe(live);
    const { transactions, quotes } = restored.state.lists;
    expect([isOffsetArena(transactions.positionLists), isOffsetArena(transactions.sideLists), isOffsetArena(quotes.positionLists)]).toEqual([true, true, true]);
    const customer = customerLists(engine.state, engine.state.lists.transactions)[0]![0];
    expect(walk(restored, `customerId=${encodeURIComponent(customer)}&status=COMPLETED`, 20).rows).toEqual(walk(engine, `customerId=${encodeURIComponent(customer)}&status=COMPLETED`, 20).rows);
  });
  it('a snapshot of stop 28\'s transaction index (one doubled arena with codes for every list, times as a Float64Array) makes it again from the store', () => {
    const live = indexText(engine);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    const { sideLists: _s, createdMsSamples: _o, ...kept } = lists.transactions!;
    const transactions = engine.state.lists.transactions;
    // Stop 28's form: customers', cards' and accounts' lists in one doubled arena with a code per member.
    const arena = emptyPositionArena(false, true);
    const handles = (map: ReadonlyMap<string, number>, from: ListArena, coded: boolean): Map<string, number> =>
      new Map([...map].map(([key, list]) => {
        let handle = NO_LIST;
        const codes = coded ? listCodes(from, list) : [];
        for (const [local, member] of listMembers(from, list).entries()) handle = appendCodedToList(arena, handle, member, coded ? codes[local]! : 0);
        return [key, handle];
      }));
    const stop28 = {
      ...kept,
      positionLists: arena,
      byCustomer: handles(new Map(customerLists(engine.state, transactions)), transactions.positionLists, true),
      byCard: handles(transactions.byCard, transactions.sideLists, false),
      byAccount: handles(transactions.byAccount, transactions.sideLists, false),
      createdMsByPosition: Float64Array.from({ length: listedLength(transactions) }, (_, position) => listedCreatedMs(engine.state, transactions, position)),
    };
    expect(isPositionArena(stop28.positionLists) && stop28.positionLists.grownByHalf).toBe(false);
    const restored = createEngine({ ...OPTIONS, seed: 3, snapshot: { ...snapshot, lists: encodeData({ ...lists, transactions: stop28 }) } });
    expect(indexText(restored)).toBe(live);
    expect(isOffsetArena(restored.state.lists.transactions.sideLists)).toBe(true);
    expect(walk(restored, 'status=COMPLETED', 50).rows).toEqual(walk(engine, 'status=COMPLETED', 50).rows);
  });
});

/** The list indexes as text: positions, maps, each code, and each code's count below every block bound. */
function indexText(e: Engine): string {
  const { transactions, quotes } = e.state.lists;
  const codes = (index: CodeIndex): unknown => {
    const values = Array.from(index.codes.slice(0, index.length));
    const counts = [...new Set(values)].sort().map((code) => [code, Array.from({ length: Math.ceil(index.length / 64) + 1 }, (_, b) => countCodeBelow(index, code, b * 64))]);
    return { values, counts };
  };
  const arenaMap = (m: ReadonlyMap<string, number>, arena: ListArena): unknown => [...m].map(([k, v]) => [k, listMembers(arena, v)]);
  return JSON.stringify({
    places: Array.from({ length: listedLength(transactions) }, (_, position) => listedPlaceAt(e.state.cardTransactions, transactions, position)),
    createdMs: Array.from({ length: listedLength(transactions) }, (_, position) => listedCreatedMs(e.state, transactions, position)),
    createdMsSamples: Array.from(transactions.createdMsSamples.subarray(0, Math.ceil(listedLength(transactions) / 64))),
    listed: [transactions.paymentsListed, transactions.cardsListed],
    maps: [arenaMap(new Map(customerLists(e.state, transactions)), transactions.positionLists), arenaMap(transactions.byCard, transactions.sideLists), arenaMap(transactions.byAccount, transactions.sideLists), arenaMap(new Map(customerLists(e.state, quotes)), quotes.positionLists)],
    customerCodes: [
      customerLists(e.state, transactions).map(([id, list]) => [id, listCodes(transactions.positionLists, list)]),
      [...transactions.longCountsByCustomer].map(([id, counts]) => [id, Array.from(counts)]),
    ],
    codes: [codes(transactions.type), codes(transactions.direction), codes(transactions.status), codes(quotes.status), codes(e.state.lists.agentActions.status)],
    quotesListed: quotes.listed,
    actions: [
      [...e.state.lists.agentActions.createdMs],
      arenaMap(e.state.lists.agentActions.byCustomer, e.state.lists.agentActions.positionLists),
      [...e.state.lists.agentActions.byCustomer].map(([id, list]) => [id, listCodes(e.state.lists.agentActions.positionLists, list)]),
      [...e.state.lists.agentActions.longStatusByCustomer].map(([id, own]) => [id, codes(own)]),
    ],
    customers: [[...e.state.lists.customers.createdMs], codes(e.state.lists.customers.live), codes(e.state.lists.customers.type), codes(e.state.lists.customers.liveType)],
    externalAccounts: [
      codes(e.state.lists.externalAccounts.scope),
      arenaMap(e.state.lists.externalAccounts.byOwner, e.state.lists.externalAccounts.positionLists),
      arenaMap(e.state.lists.externalAccounts.byOwnerCurrency, e.state.lists.externalAccounts.positionLists),
      arenaMap(e.state.lists.externalAccounts.customerByCurrency, e.state.lists.externalAccounts.positionLists),
    ],
  });
}

function accountsOf(row: Row): string[] {
  const source = row.source as { accountId?: string; umaAddress?: string } | undefined;
  const destination = row.destination as { accountId?: string; umaAddress?: string } | undefined;
  if (row.type === 'CARD') return [row.accountId as string];
  return [source?.accountId ?? source?.umaAddress, destination?.accountId ?? destination?.umaAddress].filter((x): x is string => x !== undefined);
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('GET /quotes from the list index', () => {
  function walkQuotes(query: string, limit: number): { ids: string[]; statuses: string[]; totalCount: number } {
    const ids: string[] = [];
    const statuses: string[] = [];
    let cursor: string | undefined;
    let totalCount = -1;
    for (let pages = 0; pages < 10_000; pages += 1) {
      const answer = get(engine, `/quotes?${query}&limit=${limit}${cursor === undefined ? '' : `&cursor=${cursor}`}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 200 });
      if (totalCount === -1) totalCount = answer.body.totalCount;
      expect(answer.body.totalCount).toBe(totalCount);
      for (const quote of answer.body.data) {
        ids.push(quote.id);
        statuses.push(quote.status);
      }
      if (!answer.body.hasMore) break;
      cursor = answer.body.nextCursor;
    }
    return { ids, statuses, totalCount };
  }

  it('status and customer filters, with cursors and totalCount, equal a plain filter of every quote as viewed', () => {
    const every = walkQuotes('', 100);
    expect(every.ids).toEqual([...engine.state.quotes.order]);
    const statuses = [...new Set(every.statuses)];
    expect(statuses.length).toBeGreaterThan(2);
    const customerOf = (id: string) => engine.state.quotes.byId.get(id)!.customerId;
    const customer = mostCommon(every.ids.map(customerOf));
    for (const status of [...statuses, 'FAILED']) {
      const expected = every.ids.filter((_, i) => every.statuses[i] === status);
      const found = walkQuotes(`status=${status}`, 7);
      expect({ status, ids: found.ids, totalCount: found.totalCount }).toEqual({ status, ids: expected, totalCount: expected.length });
      const mine = walkQuotes(`status=${status}&customerId=${encodeURIComponent(customer)}`, 3);
      expect(mine.ids).toEqual(expected.filter((id) => customerOf(id) === customer));
    }
    expect(walkQuotes(`customerId=${encodeURIComponent(customer)}`, 5).ids).toEqual(every.ids.filter((id) => customerOf(id) === customer));
  });
});

describe('GET /agents/approvals from the list index', () => {
  it('every agent\'s actions by status and customer, page by page, equal the plain scan of the action order', () => {
    const state = engine.state;
    expect(state.agents.actionOrder.length).toBeGreaterThan(5);
    const customer = mostCommon(state.agents.actionOrder.map((id) => state.agents.actions.get(id)!.customerId));
    const filterSets: ActionFilters[] = [{}, { status: 'PENDING_APPROVAL' }, { status: 'APPROVED' }, { customerId: customer }, { status: 'PENDING_APPROVAL', customerId: customer }, { customerId: 'Customer:nobody' }];
    for (const filters of filterSets) {
      for (const limit of [1, 4, 100]) {
        let position = 0;
        for (let pages = 0; pages < 1000; pages += 1) {
          const scanned = listActions(state, filters, { limit, position });
          const indexed = listAllAgentActionPage(state, filters, { limit, position });
          expect({ filters, limit, position, ...indexed, items: indexed.items.map((a) => a.id) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map((a) => a.id) });
          if (scanned.nextPosition === undefined) break;
          position = scanned.nextPosition;
        }
      }
    }
  });
});

describe('GET /customers from the list index', () => {
  function compare(state: Engine['state'], filterSets: readonly CustomerFilters[]): void {
    for (const filters of filterSets) {
      for (const limit of [1, 6, 100]) {
        let position = 0;
        for (let pages = 0; pages < 1000; pages += 1) {
          const scanned = listCustomers(state.customers, filters, { limit, position });
          const indexed = listCustomerPage(state, filters, { limit, position });
          expect({ filters, limit, position, ...indexed, items: indexed.items.map((c) => c.id) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map((c) => c.id) });
          if (scanned.nextPosition === undefined) break;
          position = scanned.nextPosition;
        }
      }
    }
  }

  it('every filter, alone and combined, page by page, equals the plain scan of the creation order; deletions included', () => {
    const h = harness();
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      h.now = new Date(Date.UTC(2026, 0, 5, 16, i)).toISOString();
      const body = i % 3 === 0 ? { customerType: 'BUSINESS', platformCustomerId: `b-${i}`, businessInfo: { legalName: `Biz ${i}` } } : { customerType: 'INDIVIDUAL', platformCustomerId: `p-${i}`, fullName: 'Jane Doe' };
      const answer = h.call('POST', '/customers', body);
      if (answer.status === 201 || answer.status === 200) ids.push((answer.body as { id: string }).id);
    }
    expect(ids.length).toBeGreaterThan(15);
    for (const at of [0, 4, 7, ids.length - 1]) expect(h.call('DELETE', `/customers/${ids[at]}`).status).toBeLessThan(300);
    const state = h.engine.state;
    const tenth = Date.UTC(2026, 0, 5, 16, 10);
    compare(state, [
      {},
      { isIncludingDeleted: true },
      { customerType: 'BUSINESS' },
      { customerType: 'INDIVIDUAL', isIncludingDeleted: true },
      { kycStatus: 'APPROVED' },
      { kybStatus: 'PENDING' },
      { platformCustomerId: 'p-5' },
      { platformCustomerId: 'p-4' },
      { platformCustomerId: 'p-4', isIncludingDeleted: true },
      { createdAfterMs: tenth },
      { createdBeforeMs: tenth, customerType: 'INDIVIDUAL' },
      { createdAfterMs: tenth, createdBeforeMs: tenth + 5 * 60_000, isIncludingDeleted: true },
      { updatedAfterMs: tenth },
      { currency: 'USD', customerType: 'INDIVIDUAL' },
    ]);
    expect(indexText(createEngine({ events: h.log }))).toBe(indexText(h.engine));
    expect(indexText(createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) }))).toBe(indexText(h.engine));
  });

  it('the workload\'s customers by type and status equal the plain scan', () => {
    compare(engine.state, [{}, { customerType: 'INDIVIDUAL' }, { kycStatus: 'APPROVED' }, { isIncludingDeleted: true, customerType: 'BUSINESS' }]);
  });
});

type IndexPage<R> = { readonly items: readonly R[]; readonly nextPosition?: number; readonly totalCount?: number };

/** Walks the pages of `filters` at two limits, from the first, and expects the indexed pages to be the scanned ones. */
function expectSamePages<R>(filters: object, scan: (page: { limit: number; position: number }) => IndexPage<R>, indexed: (page: { limit: number; position: number }) => IndexPage<R>, idOf: (row: R) => string): void {
  for (const limit of [3, 50]) {
    let position = 0;
    for (let pages = 0; pages < 100; pages += 1) {
      const scanned = scan({ limit, position });
      const found = indexed({ limit, position });
      expect({ filters, limit, position, ...found, items: found.items.map(idOf) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map(idOf) });
      if (scanned.nextPosition === undefined) break;
      position = scanned.nextPosition;
    }
  }
}
