/**
 * Short arrays kept at their exact size. V8 gives an array that grows by `push` 16 spare slots
 * (~130 B) or half again its length; an index with a short array per customer, account or agent
 * pays that per key. `concat` and spreads make exact copies too, but cost ~5x a push.
 */

/** A new array of `list`'s members and then `value`, with no spare capacity. Pure. */
export function copyAppending(list: readonly number[], value: number): number[] {
  const length = list.length;
  const out = new Array<number>(length + 1);
  for (let i = 0; i < length; i += 1) out[i] = list[i]!;
  out[length] = value;
  return out;
}
