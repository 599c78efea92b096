/**
 * The card store packs every card but the `CARD_HOT_RECORDS` set last (domains/cards/store.ts,
 * stop 34): a card read from its bytes is the record set, frozen, live, after a replay, after a
 * snapshot load and beside an engine that packs nothing (`hotRecords: Infinity`); a packed card
 * is found, updated and closed as a hot one is.
 */
import { describe, expect, it } from 'vitest';
import { CARD_HOT_RECORDS } from '../../src/domains/cards/store.js';
import { createEngine } from '../../src/engine/engine.js';
import { cardHarness, cardholder, issueCard } from './support.js';

describe('the card store, packed', () => {
  it('reads back every card as set, past its hot cards, live, replayed, loaded and unpacked', () => {
    const h = cardHarness();
    const cards = Array.from({ length: CARD_HOT_RECORDS + 12 }, (_, n) => issueCard(h, cardholder(h), n % 3 === 0 ? { platformCardId: `pc-${n}`, maxSpendPerDay: 1_000 + n } : {}));
    // The first cards are packed by now: changed through their packed records.
    h.ok('PATCH', `/cards/${cards[0].id}`, { status: 'FROZEN' });
    h.ok('PATCH', `/cards/${cards[1].id}`, { status: 'CLOSED' });
    h.ok('PATCH', `/cards/${cards[2].id}`, { maxSpendPerTransaction: 500 });
    const live = h.engine.state.cards.byId;
    expect(live.packing.packed).toBeGreaterThanOrEqual(cards.length - CARD_HOT_RECORDS);
    const unpacked = createEngine({ regulated: true, events: h.log, hotRecords: Number.POSITIVE_INFINITY }).state.cards.byId;
    expect(unpacked.packing.packed).toBe(0);
    const replayed = createEngine({ regulated: true, events: h.log }).state.cards.byId;
    const loaded = createEngine({ regulated: true, snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) }).state.cards.byId;
    for (const store of [live, replayed, loaded]) {
      expect([...store.entries()]).toEqual([...unpacked.entries()]);
      for (const card of store.values()) {
        expect(Object.isFrozen(card)).toBe(true);
        expect(Object.isFrozen(card.cardCapabilities)).toBe(true);
      }
    }
    expect(live.get(cards[0].id)?.status).toBe('FROZEN');
    expect(live.get(cards[1].id)?.status).toBe('CLOSED');
    expect(live.get(cards[2].id)?.maxSpendPerTransactionMinor).toBe('500');
    expect(h.ok('GET', `/cards/${cards[3].id}`)).toEqual(cards[3]);
    expect(h.engine.state.cards.counts.live).toBe(cards.length - 1);
  });

  it('lists each customer\'s cards as positions and counts the live ones, live, replayed and loaded', () => {
    const h = cardHarness();
    const holders = [cardholder(h), cardholder(h), cardholder(h)];
    const issued = Array.from({ length: CARD_HOT_RECORDS + 6 }, (_, n) => issueCard(h, holders[n % 3]!));
    h.ok('PATCH', `/cards/${issued[0].id}`, { status: 'CLOSED' });
    h.ok('PATCH', `/cards/${issued[3].id}`, { status: 'CLOSED' });
    h.ok('PATCH', `/cards/${issued[1].id}`, { status: 'CLOSED' });
    const engines = [h.engine, createEngine({ regulated: true, events: h.log }), createEngine({ regulated: true, snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) })];
    for (const engine of engines) {
      const { byCustomer, liveByCustomer } = engine.state.cards;
      holders.forEach((holder, k) => {
        expect([...(byCustomer.get(holder.customerId) ?? [])]).toEqual(issued.filter((_, n) => n % 3 === k).map((card) => card.id));
      });
      expect(holders.map((holder) => liveByCustomer.get(holder.customerId))).toEqual([6, 6, 7]);
      expect(byCustomer.get('Customer:00000000-0000-4000-8000-000000000000')).toBeUndefined();
    }
    // A customer with a live card cannot be deleted; with its cards closed it can.
    expect(h.call('DELETE', `/customers/${holders[0]!.customerId}`).status).toBe(409);
  });
});
