/**
 * Lists of ids read by position that hold no id as a JS string: a store's creation order, or one
 * owner's share of it. As a `string[]` such a list costs a pointer and a ~70 B string per id
 * (`<Type>:<uuid>`), and the same strings again in every index that lists them; here an id is 17
 * bytes of an `IdColumn` (`PackedIdList`), a position into a map's insertion order
 * (core/position-maps.ts, 4 bytes), or nothing at all (`OrderOf`, the map's own order). Each is a
 * `KeyOrder` with `map`, and reads like a `readonly string[]` through `at`, `length` and iteration.
 */
import { IdColumn } from './id-column.js';
import type { KeyOrder } from './packed-key-map.js';

/** A `KeyOrder` with the array method readers use on a list of ids. */
export abstract class IdOrder implements KeyOrder {
  /** Number of ids. */
  abstract get length(): number;

  /** The id at `position`, or undefined outside 0..length-1 (as `Array.prototype.at` without negatives). */
  abstract at(position: number): string | undefined;

  *[Symbol.iterator](): Iterator<string> {
    for (let position = 0; position < this.length; position += 1) yield this.at(position) as string;
  }

  /** `callback` of each id and its position, in order (as `Array.prototype.map`). */
  map<T>(callback: (id: string, position: number) => T): T[] {
    const mapped: T[] = [];
    for (let position = 0; position < this.length; position += 1) mapped.push(callback(this.at(position) as string, position));
    return mapped;
  }
}

function inRange(position: number, length: number): boolean {
  return Number.isInteger(position) && position >= 0 && position < length;
}

/**
 * An append-only list of ids, UUID-shaped ones packed in 10-17 bytes (`IdColumn`), for a creation
 * order that keeps ids its map deletes.
 */
export class PackedIdList extends IdOrder {
  readonly #ids = new IdColumn();

  override get length(): number {
    return this.#ids.length;
  }

  override at(position: number): string | undefined {
    return inRange(position, this.#ids.length) ? this.#ids.at(position) : undefined;
  }

  /** Appends `id`. */
  push(id: string): void {
    this.#ids.push(id);
  }
}

/** A view of `source` (a map's `order`) with `map`: for a store whose order is its map's insertion order. */
export class OrderOf extends IdOrder {
  readonly #source: KeyOrder;

  constructor(source: KeyOrder) {
    super();
    this.#source = source;
  }

  override get length(): number {
    return this.#source.length;
  }

  override at(position: number): string | undefined {
    return this.#source.at(position);
  }
}
