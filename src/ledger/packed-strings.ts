/**
 * Many strings held as one: their concatenation and where each starts. A snapshot stores the
 * ledger's transfer ids and transaction ids this way, so loading a million of them parses one
 * JSON string instead of making a million (~150 ns each, most of a load) and keeps no per-string
 * header alive; a string is cut out only when someone reads it. Lookups compare and hash in place.
 */
import { InvariantError } from '../core/assert.js';

/** Strings [0, count) of one text; immutable. */
export class PackedStrings {
  readonly count: number;
  readonly #text: string;
  // starts[i] is where string i begins; starts[count] is text.length.
  readonly #starts: Int32Array;

  /**
   * Over `text` cut into `lengths` (code units each, every one >= 1). Throws `InvariantError`
   * when the lengths do not add up to the text.
   */
  constructor(text: string, lengths: Int32Array) {
    const starts = new Int32Array(lengths.length + 1);
    let at = 0;
    for (let i = 0; i < lengths.length; i += 1) {
      starts[i] = at;
      const length = lengths[i]!;
      if (length < 1) throw new InvariantError(`packed string ${i} is empty`);
      at += length;
    }
    if (at !== text.length) throw new InvariantError('packed string lengths do not add up to the text');
    starts[lengths.length] = at;
    this.count = lengths.length;
    this.#text = text;
    this.#starts = starts;
  }

  /** The strings' concatenation. */
  get text(): string {
    return this.#text;
  }

  /** Where string `i` begins in `text` (`startOf(count)`: the text's length). */
  startOf(i: number): number {
    return this.#starts[i]!;
  }

  /** String `i` (below `count`), cut out of the text. */
  at(i: number): string {
    return this.#text.slice(this.#starts[i]!, this.#starts[i + 1]!);
  }

  /** True when string `i` equals `key`, without cutting it out. */
  equals(i: number, key: string): boolean {
    const start = this.#starts[i]!;
    return this.#starts[i + 1]! - start === key.length && this.#text.startsWith(key, start);
  }

  /** `hashString` of string `i`, without cutting it out. */
  hash(i: number, hashRange: (text: string, from: number, to: number) => number): number {
    return hashRange(this.#text, this.#starts[i]!, this.#starts[i + 1]!);
  }

  /** True when string `i` comes after string `j` in shortlex order (shorter first, then by code units). */
  after(i: number, j: number): boolean {
    const text = this.#text;
    const si = this.#starts[i]!;
    const sj = this.#starts[j]!;
    const li = this.#starts[i + 1]! - si;
    const lj = this.#starts[j + 1]! - sj;
    if (li !== lj) return li > lj;
    for (let k = 0; k < li; k += 1) {
      const d = text.charCodeAt(si + k) - text.charCodeAt(sj + k);
      if (d !== 0) return d > 0;
    }
    return false;
  }

  /** How many of the strings are `length` code units long and start with `prefix`. */
  countShaped(prefix: string, length: number): number {
    const text = this.#text;
    const starts = this.#starts;
    let shaped = 0;
    for (let i = 0; i < this.count; i += 1) {
      if (starts[i + 1]! - starts[i]! === length && text.startsWith(prefix, starts[i]!)) shaped += 1;
    }
    return shaped;
  }
}

/** The concatenation of `count` strings and their lengths, for a snapshot. */
export function packStrings(stringAt: (i: number) => string, count: number): { text: string; lengths: Int32Array } {
  const lengths = new Int32Array(count);
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i += 1) {
    const s = stringAt(i);
    parts[i] = s;
    lengths[i] = s.length;
  }
  return { text: parts.join(''), lengths };
}
