/**
 * Indexes from a key to ids of one map (the target: a `PackedKeyMap` no key is deleted from, whose
 * insertion positions stand for its keys), holding positions instead of id strings: the agents'
 * indexes by customer, by agent, by quote and by token hash. As a `Map<string, string[]>` each
 * listed id is a pointer and, once the records are packed, the index's own ~70 B string; here it
 * is a 4-byte position, and the index's keys are packed (`PackedKeyMap`).
 */
import { assert } from './assert.js';
import { IdsAtPositions } from './id-order.js';
import { type KeyOrder, PackedKeyMap } from './packed-key-map.js';

/** A map whose keys' positions never change: nothing is deleted from it (`PackedKeyMap`). */
export type PositionedKeys = { readonly order: KeyOrder; positionOf(key: string): number };

/**
 * Per key, the positions of some of the target's keys in the order they were pushed; `get` gives
 * them as ids (`IdsAtPositions`).
 */
export class PositionLists {
  readonly #lists = new PackedKeyMap<number[]>();
  readonly #target: PositionedKeys;

  constructor(target: PositionedKeys) {
    this.#target = target;
  }

  /** Number of keys with a list. */
  get size(): number {
    return this.#lists.size;
  }

  /** The ids listed under `key`, or undefined when none ever was. */
  get(key: string): IdsAtPositions | undefined {
    const positions = this.#lists.get(key);
    return positions === undefined ? undefined : new IdsAtPositions(positions, this.#target.order);
  }

  has(key: string): boolean {
    return this.#lists.has(key);
  }

  /** Appends the target's key at `position` to the list of `key`. */
  push(key: string, position: number): void {
    const positions = this.#lists.get(key);
    if (positions === undefined) this.#lists.set(key, [position]);
    else positions.push(position);
  }

  keys(): MapIterator<string> {
    return this.#lists.keys();
  }

  *entries(): Generator<[string, IdsAtPositions], void, undefined> {
    for (const [key, positions] of this.#lists) yield [key, new IdsAtPositions(positions, this.#target.order)];
  }

  [Symbol.iterator](): Generator<[string, IdsAtPositions], void, undefined> {
    return this.entries();
  }
}

/**
 * A `Map<string, string>` whose values are keys of the target, held as their positions, and whose
 * own keys are packed (`PackedKeyMap`). A value must be a key of the target when it is set.
 */
export class PositionValuedMap extends Map<string, string> {
  readonly #positions = new PackedKeyMap<number>();
  readonly #target: PositionedKeys;

  constructor(target: PositionedKeys) {
    super();
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

  override [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  override forEach(callback: (value: string, key: string, map: Map<string, string>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  #idAt(position: number): string {
    return this.#target.order.at(position) as string;
  }
}
