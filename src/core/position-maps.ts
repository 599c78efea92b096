/**
 * Indexes from a key to ids of one map (the target: a `PackedKeyMap` no key is deleted from, whose
 * insertion positions stand for its keys), holding positions instead of id strings: the agents'
 * indexes by customer and by agent (`PositionLists`), by token hash (`PositionValuedMap`), and by
 * quote (`PositionPairs`, whose keys are positions in the quote store too). As a `Map<string, string[]>` each listed id is a pointer and, once the
 * records are packed, the index's own ~70 B string; here it is a 4-byte position, and the index's
 * keys are packed (`PackedKeyMap`).
 */
import { assert } from './assert.js';
import { IdOrder } from './id-order.js';
import { type KeyOrder, PackedKeyMap, type PackedKeyMapOptions } from './packed-key-map.js';
import { appendToList, emptyPositionArena, listLength, listMemberAt, NO_LIST, type PositionArena } from './position-arena.js';
import { EntriesMap } from './entries-map.js';

/** A map whose keys' positions never change: nothing is deleted from it (`PackedKeyMap`). */
export type PositionedKeys = { readonly order: KeyOrder; positionOf(key: string): number };

/**
 * Per key (packed, `PackedKeyMap`), an append-only list of small non-negative integers (rows or
 * positions of another map), all lists in one `PositionArena`: a header word and 4 B a member,
 * where a JS array per key cost ~100 B besides its members. Read like a Map of lists (`get`,
 * iteration); a subclass says what a list reads as (`listView`). A view reads its list as it was
 * when asked: a `push` may move the list, so ask again after one.
 */
export abstract class ArenaListsByKey<L> {
  readonly #handles = new PackedKeyMap<number>();
  readonly #arena = emptyPositionArena();

  /** Number of keys with a list. */
  get size(): number {
    return this.#handles.size;
  }

  /** The list of `key`, or undefined when nothing was ever pushed under it. */
  get(key: string): L | undefined {
    const list = this.#handles.get(key);
    return list === undefined ? undefined : this.listView(this.#arena, list);
  }

  has(key: string): boolean {
    return this.#handles.has(key);
  }

  /** Appends `member` (0 <= member < 2^31) to the list of `key`. */
  push(key: string, member: number): void {
    const list = this.#handles.get(key) ?? NO_LIST;
    const moved = appendToList(this.#arena, list, member);
    if (moved !== list) this.#handles.set(key, moved);
  }

  keys(): MapIterator<string> {
    return this.#handles.keys();
  }

  *values(): Generator<L, undefined, undefined> {
    for (const list of this.#handles.values()) yield this.listView(this.#arena, list);
  }

  *entries(): Generator<[string, L], undefined, undefined> {
    for (const [key, list] of this.#handles) yield [key, this.listView(this.#arena, list)];
  }

  [Symbol.iterator](): Generator<[string, L], undefined, undefined> {
    return this.entries();
  }

  /** What the list at handle `list` of `arena` reads as (read at once, not kept). */
  protected abstract listView(arena: PositionArena, list: number): L;
}

/** The ids of `source` at the members of one list of `arena` (positions into `source`), read through. */
class ArenaIds extends IdOrder {
  readonly #arena: PositionArena;
  readonly #list: number;
  readonly #source: KeyOrder;

  constructor(arena: PositionArena, list: number, source: KeyOrder) {
    super();
    this.#arena = arena;
    this.#list = list;
    this.#source = source;
  }

  override get length(): number {
    return listLength(this.#arena, this.#list);
  }

  override at(position: number): string | undefined {
    return Number.isInteger(position) && position >= 0 && position < this.length ? this.#source.at(listMemberAt(this.#arena, this.#list, position)) : undefined;
  }
}

/**
 * Per key, the positions of some of the target's keys in the order they were pushed; `get` gives
 * them as ids (an `IdOrder`).
 */
export class PositionLists extends ArenaListsByKey<IdOrder> {
  readonly #target: PositionedKeys;

  constructor(target: PositionedKeys) {
    super();
    this.#target = target;
  }

  protected listView(arena: PositionArena, list: number): IdOrder {
    return new ArenaIds(arena, list, this.#target.order);
  }
}

/**
 * A `Map<string, string>` whose values are keys of the target, held as their positions, and whose
 * own keys are packed (`PackedKeyMap`). A value must be a key of the target when it is set.
 */
export class PositionValuedMap extends EntriesMap<string, string> {
  readonly #positions: PackedKeyMap<number>;
  readonly #target: PositionedKeys;

  /** `keys`: how its own keys are held (`PackedKeyMapOptions`, e.g. `digestKeys` for hashes). */
  constructor(target: PositionedKeys, keys: PackedKeyMapOptions = {}) {
    super();
    this.#positions = new PackedKeyMap<number>(keys);
    this.#target = target;
  }

  override get size(): number {
    return this.#positions.size;
  }

  override get(key: string): string | undefined {
    const position = this.#positions.get(key);
    return position === undefined ? undefined : this.#idAt(position);
  }

  override has(key: string): boolean {
    return this.#positions.has(key);
  }

  override set(key: string, value: string): this {
    const position = this.#target.positionOf(value);
    assert(position >= 0, `${value} is not a key of the map this one points into`);
    this.#positions.set(key, position);
    return this;
  }

  override delete(key: string): boolean {
    return this.#positions.delete(key);
  }

  override clear(): void {
    this.#positions.clear();
  }

  override keys(): MapIterator<string> {
    return this.#positions.keys();
  }

  override *values(): MapIterator<string> {
    for (const position of this.#positions.values()) yield this.#idAt(position);
  }

  override *entries(): MapIterator<[string, string]> {
    for (const [key, position] of this.#positions) yield [key, this.#idAt(position)];
  }

  #idAt(position: number): string {
    return this.#target.order.at(position) as string;
  }
}

/** Pairs a `PositionPairs` has room for before its first growth. */
const FIRST_PAIRS = 16;

/**
 * A map from positions of one map (the source) to positions of another (the target), both maps
 * no key is deleted from: each pair two 4-byte words in one `Int32Array` sorted by the source
 * position, ~8-11 B a pair where a `PositionValuedMap` packs the source key (~45 B). For a relation
 * only some of the source's keys have, set mostly in the source's order (a pair for the source's
 * newest key is appended; one set out of order is inserted, moving the pairs after it). It holds
 * neither map: its owner turns keys into positions, so each store stays the only holder of its
 * records (figure 12's bytes by slice drop one store at a time).
 */
export class PositionPairs {
  /** [source position, target position] pairs, sorted by source position, `#size` of them. */
  #pairs = new Int32Array(2 * FIRST_PAIRS);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** The target position paired with `sourcePosition`, or -1 (a negative `sourcePosition` has none). */
  get(sourcePosition: number): number {
    if (sourcePosition < 0) return -1;
    const index = this.#lowerBound(sourcePosition);
    return index < this.#size && this.#pairs[2 * index] === sourcePosition ? (this.#pairs[2 * index + 1] as number) : -1;
  }

  /** Pairs `sourcePosition` with `targetPosition` (both non-negative), replacing its pair if it had one. */
  set(sourcePosition: number, targetPosition: number): void {
    assert(sourcePosition >= 0 && targetPosition >= 0, 'a pair of positions is non-negative');
    const index = this.#lowerBound(sourcePosition);
    if (index < this.#size && this.#pairs[2 * index] === sourcePosition) {
      this.#pairs[2 * index + 1] = targetPosition;
      return;
    }
    if (2 * (this.#size + 1) > this.#pairs.length) this.#grow();
    this.#pairs.copyWithin(2 * index + 2, 2 * index, 2 * this.#size);
    this.#pairs[2 * index] = sourcePosition;
    this.#pairs[2 * index + 1] = targetPosition;
    this.#size += 1;
  }

  /** The pairs as [source position, target position], in the source's order. */
  *entries(): Generator<[number, number], void, undefined> {
    for (let index = 0; index < this.#size; index += 1) yield [this.#pairs[2 * index] as number, this.#pairs[2 * index + 1] as number];
  }

  /** The first pair whose source position is `sourcePosition` or more (`#size` if none). */
  #lowerBound(sourcePosition: number): number {
    let low = 0;
    let high = this.#size;
    // The usual set appends past the last pair; answer it without halving.
    if (high > 0 && (this.#pairs[2 * (high - 1)] as number) < sourcePosition) return high;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#pairs[2 * middle] as number) < sourcePosition) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #grow(): void {
    const pairs = new Int32Array(this.#pairs.length * 2);
    pairs.set(this.#pairs.subarray(0, 2 * this.#size));
    this.#pairs = pairs;
  }
}
