/**
 * A `Map` whose subclass says only how to walk its entries: `keys`, `values`, iteration and
 * `forEach` follow from `entries` (a subclass may still give faster `keys` or `values`). For the
 * typed-array maps that stand where a state holds a `Map` (packed keys, derived keys, positions),
 * so that each one writes its walk once.
 */
export abstract class EntriesMap<K, V> extends Map<K, V> {
  abstract override entries(): MapIterator<[K, V]>;

  override *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
