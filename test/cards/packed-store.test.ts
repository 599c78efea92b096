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
});
