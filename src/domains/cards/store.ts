/**
 * Cards: frozen records by id, creation order, each customer's cards, the live-card counts the
 * CARD_LIMIT_REACHED rule reads, and the card program. Written only by `cardEvolvers`. Snapshots
 * hold the records in creation order and the program; every index is rebuilt from them.
 */
import { deepFreeze } from '../../core/freeze.js';
import { PackedKeyMap } from '../../core/packed-key-map.js';
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { PositionLists } from '../../core/position-maps.js';
import { type Card, type CardProgram, DEFAULT_CARD_PROGRAM } from './types.js';

/**
 * Cards kept as objects at most (the ones set last), the rest packed. Fewer than the other stores'
 * `hotRecords` (256): a card as an object held ~740 B of heap (its ten strings, its capabilities
 * object, its Map entry), packed ~60, and a store rarely reads one (an authorization, a card
 * route; the replay reads one only at a card's own events), so a read that decodes costs little
 * (docs/performance.md, stop 34).
 */
export const CARD_HOT_RECORDS = 16;

/** Records, indexes and the program. */
export type CardStore = {
  /** Packed but for the `CARD_HOT_RECORDS` set last (a `Map` of objects for `hotRecords: Infinity`). */
  readonly byId: PackedRecordMap<Card>;
  readonly order: string[];
  /** Each customer's cards, as positions in `byId` (no card is ever deleted from it), in issue order. */
  readonly byCustomer: PositionLists;
  /** Live (not CLOSED) cards per customer, keys packed; a customer without live cards has no entry. */
  readonly liveByCustomer: Map<string, number>;
  /** Card ids by `platformCardId`, live cards only (closing frees the platform's id). */
  readonly byPlatformCardId: Map<string, string>;
  /** Mutable counters and the current program. */
  counts: { live: number };
  program: CardProgram;
};

/**
 * An empty store with the default program; its `CARD_HOT_RECORDS` cards set last (or `hot`, when
 * fewer: `EngineOptions.hotRecords`) stay objects, and `hot` Infinity packs none.
 */
export function emptyCardStore(hot = HOT_RECORDS): CardStore {
  const byId = new PackedRecordMap<Card>({ hot: hot === Number.POSITIVE_INFINITY ? hot : Math.min(hot, CARD_HOT_RECORDS), hashedCandidates: true });
  return {
    byId,
    order: [],
    byCustomer: new PositionLists(byId),
    liveByCustomer: new PackedKeyMap<number>(),
    byPlatformCardId: new Map(),
    counts: { live: 0 },
    program: DEFAULT_CARD_PROGRAM,
  };
}

/** Adds a new card to the store and its indexes (evolvers only). */
export function addCard(store: CardStore, card: Card): void {
  store.byId.set(card.id, card);
  store.order.push(card.id);
  store.byCustomer.push(card.customerId, store.byId.size - 1);
  if (card.status !== 'CLOSED') markLive(store, card, 1);
}

/** Replaces a card's record, keeping the live counts right when it closes (evolvers only). */
export function replaceCard(store: CardStore, before: Card, after: Card): void {
  store.byId.set(after.id, after);
  if (before.status !== 'CLOSED' && after.status === 'CLOSED') markLive(store, before, -1);
}

function markLive(store: CardStore, card: Card, delta: 1 | -1): void {
  store.counts.live += delta;
  const count = (store.liveByCustomer.get(card.customerId) ?? 0) + delta;
  if (count === 0) store.liveByCustomer.delete(card.customerId);
  else store.liveByCustomer.set(card.customerId, count);
  if (card.platformCardId === undefined) return;
  if (delta === 1) store.byPlatformCardId.set(card.platformCardId, card.id);
  else store.byPlatformCardId.delete(card.platformCardId);
}

/** The store inside an engine snapshot: every record in creation order, and the program. JSON-safe. */
export type CardStoreSnapshot = { readonly records: readonly Card[]; readonly program: CardProgram };

/** Captures the store for a snapshot. Pure: records are frozen, so sharing them is safe. */
export function cardStoreSnapshot(store: CardStore): CardStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as Card), program: store.program };
}

/**
 * Rebuilds a store from a snapshot (an older snapshot without cards gives an empty store), its
 * records packed as `emptyCardStore(hot)` packs them.
 */
export function cardStoreFromSnapshot(snapshot: CardStoreSnapshot | undefined, hot = HOT_RECORDS): CardStore {
  const store = emptyCardStore(hot);
  for (const record of snapshot?.records ?? []) addCard(store, deepFreeze(record) as Card);
  if (snapshot !== undefined) store.program = deepFreeze(snapshot.program) as CardProgram;
  return store;
}
