/**
 * `GET /cards` read from the list index (issue 16): every page, cursor and count, in both orders,
 * equals the plain scan of the creation order (`listCards`, kept as the model), by status as cards
 * freeze and close, by cardholder (alone and with a status), platformCardId and funding account
 * (as cards move between accounts); replay and snapshot rebuild the same index.
 */
import { describe, expect, it } from 'vitest';
import { type CardFilters, listCards } from '../../src/domains/cards/list.js';
import { countCodeBelow } from '../../src/domains/listing/code-index.js';
import { listCardPage } from '../../src/domains/listing/card-page.js';
import { createEngine } from '../../src/engine/engine.js';
import { rebuildListIndexes } from '../../src/domains/listing/rebuild.js';
import { cardHarness, cardholder, issueCard } from '../cards/support.js';

describe('GET /cards from the list index', () => {
  it('pages by status equal the plain scan as cards freeze and close; replay and snapshot rebuild the index', () => {
    const h = cardHarness();
    const holders = [cardholder(h, 'Ada Lovelace'), cardholder(h, 'Alan Turing')];
    const cards: string[] = [];
    for (let i = 0; i < 12; i += 1) cards.push(issueCard(h, holders[i % 2]!, { platformCardId: `pc-${i}` }).id);
    for (const at of [1, 4, 9]) h.ok('PATCH', `/cards/${cards[at]}`, { status: 'FROZEN' });
    for (const at of [4, 7]) h.ok('PATCH', `/cards/${cards[at]}`, { status: 'CLOSED' });
    const a = holders[0]!;
    // Funding moves between the cardholder's accounts (one back again), so the funding lists move
    // too. A customer opens one fundable account through the API, so its second is appended to
    // the log as an event, and the moves after it.
    const other = 'InternalAccount:019b8ee3-0000-7000-8000-0000000000f1';
    const opened = h.engine.state.accounts.byId.get(a.accountId)!;
    const moves: [string, unknown][] = [['InternalAccountOpened', { account: { ...opened, id: other, currency: 'EUR' } }]];
    for (const at of [0, 2, 8, 10]) moves.push(['CardUpdated', { cardId: cards[at], changes: { fundingSource: other }, cleared: [], updatedAt: h.now }]);
    moves.push(['CardUpdated', { cardId: cards[2], changes: { fundingSource: a.accountId }, cleared: [], updatedAt: h.now }]);
    const log = [...h.log];
    for (const [type, data] of moves) {
      const last = log[log.length - 1]!;
      log.push({ ...last, seq: last.seq + 1, id: `M${last.seq + 1}`, type, data, prevHash: last.hash, hash: (last.seq + 1).toString(16).padStart(64, 'f') } as (typeof log)[number]);
    }
    const engine = createEngine({ events: log });
    const state = engine.state;
    expect(state.cards.byId.get(cards[8]!)!.fundingSource).toBe(other);
    const byFilter: CardFilters[] = [
      {},
      { status: 'ACTIVE' },
      { status: 'FROZEN' },
      { status: 'CLOSED' },
      { status: 'PENDING_KYC' },
      { customerId: a.customerId, status: 'ACTIVE' },
      { customerId: a.customerId, status: 'FROZEN' },
      { customerId: holders[1]!.customerId, status: 'CLOSED' },
      { customerId: a.customerId, status: 'PENDING_KYC' },
      { customerId: a.customerId, accountId: a.accountId, status: 'ACTIVE' },
      { customerId: holders[1]!.customerId, accountId: a.accountId },
      { customerId: 'Customer:nobody', status: 'ACTIVE' },
      { customerId: a.customerId },
      { platformCardId: 'pc-4' },
      { platformCardId: 'pc-1', status: 'ACTIVE' },
      { accountId: a.accountId },
      { accountId: a.accountId, status: 'FROZEN' },
      { accountId: other },
      { accountId: other, status: 'ACTIVE' },
      { accountId: other, customerId: holders[1]!.customerId },
      { accountId: 'InternalAccount:nobody' },
    ];
    // Newest first (the default) and oldest first.
    const filterSets = byFilter.flatMap((filters): CardFilters[] => [filters, { ...filters, sortOrder: 'asc' }]);
    for (const filters of filterSets) {
      for (const limit of [1, 5, 100]) {
        let position = 0;
        for (let pages = 0; pages < 100; pages += 1) {
          const scanned = listCards(state.cards, filters, { limit, position });
          const indexed = listCardPage(state, filters, { limit, position });
          expect({ filters, limit, position, ...indexed, items: indexed.items.map((c) => c.id) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map((c) => c.id) });
          if (scanned.nextPosition === undefined) break;
          position = scanned.nextPosition;
        }
      }
    }
    expect(listCardPage(state, { status: 'FROZEN' }, { limit: 100, position: 0 }).totalCount).toBe(2);
    const text = (lists: typeof state.lists): string => {
      const { status, createdMs, byCustomer, statusByCustomer, byPlatformCardId, byFundingSource } = lists.cards;
      const counts = [1, 2, 3].map((code) => Array.from({ length: status.length + 1 }, (_, bound) => countCodeBelow(status, code, bound)));
      const holderCodes = [...statusByCustomer].map(([holder, codes]) => [holder, Array.from(codes.codes.slice(0, codes.length))]);
      return JSON.stringify({ createdMs: [...createdMs], codes: Array.from(status.codes.slice(0, status.length)), counts, byCustomer: [...byCustomer], holderCodes, byPlatformCardId: [...byPlatformCardId], funding: [...byFundingSource].sort() });
    };
    expect(text(rebuildListIndexes(state))).toBe(text(state.lists));
    expect(text(createEngine({ events: h.log }).state.lists)).toBe(text(h.engine.state.lists));
    expect(text(createEngine({ snapshot: JSON.parse(JSON.stringify(engine.snapshot())) }).state.lists)).toBe(text(state.lists));
  });
});
