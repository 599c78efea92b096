/**
 * Random steps over a string-keyed map and their check against a plain `Map`: the model the
 * packed maps (core/packed-key-map.ts and the maps built on it) are property-tested against.
 */
import { fc } from '@fast-check/vitest';
import { expect } from 'vitest';
import type { TextList } from '../../src/core/encoded-texts.js';

/** One step: set a key to a value, or delete, get, ask for or clear. */
export type MapStep = readonly ['set' | 'delete' | 'get' | 'has' | 'clear', string, number];

/** Up to 120 steps over `keys`, sets the most frequent. */
export function mapSteps(keys: readonly string[]): fc.Arbitrary<MapStep[]> {
  return fc.array(
    fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constant('set' as const), fc.constantFrom(...keys), fc.integer()) },
      { weight: 3, arbitrary: fc.tuple(fc.constant('delete' as const), fc.constantFrom(...keys), fc.constant(0)) },
      { weight: 3, arbitrary: fc.tuple(fc.constant('get' as const), fc.constantFrom(...keys), fc.constant(0)) },
      { weight: 2, arbitrary: fc.tuple(fc.constant('has' as const), fc.constantFrom(...keys), fc.constant(0)) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('clear' as const), fc.constant(''), fc.constant(0)) },
    ),
    { maxLength: 120 },
  );
}

/**
 * Applies `steps` to `map` and to a plain Map, expecting the same answer to every step and the
 * same size after each; gives the plain Map, for the caller's checks of order and contents.
 */
export function expectAnswersAsPlainMap(map: Map<string, number>, steps: readonly MapStep[]): Map<string, number> {
  const plain = new Map<string, number>();
  for (const [kind, key, value] of steps) {
    if (kind === 'set') {
      map.set(key, value);
      plain.set(key, value);
    } else if (kind === 'delete') expect(map.delete(key)).toBe(plain.delete(key));
    else if (kind === 'get') expect(map.get(key)).toBe(plain.get(key));
    else if (kind === 'has') expect(map.has(key)).toBe(plain.has(key));
    else {
      map.clear();
      plain.clear();
    }
    expect(map.size).toBe(plain.size);
  }
  return plain;
}

/**
 * Pushes `texts` into `list` and into a plain array, sets the `replacements` (index taken modulo
 * the length), truncates both at `cut` (modulo the length), pushes `again`, and expects the list
 * to read back exactly the array: the model the packed text lists (core/encoded-texts.ts,
 * core/digest-texts.ts) are property-tested against.
 */
export function expectReadsAsPlainArray(list: TextList, texts: readonly string[], replacements: readonly (readonly [number, string])[], cut: number, again: readonly string[] = []): void {
  const plain: string[] = [];
  for (const text of texts) {
    list.push(text);
    plain.push(text);
  }
  for (const [index, text] of replacements) {
    if (plain.length === 0) break;
    list.set(index % plain.length, text);
    plain[index % plain.length] = text;
  }
  const kept = plain.length === 0 ? 0 : cut % plain.length;
  list.truncate(kept);
  plain.length = kept;
  for (const text of again) {
    list.push(text);
    plain.push(text);
  }
  expect(list.length).toBe(plain.length);
  expect(Array.from({ length: list.length }, (_, index) => list.at(index))).toEqual(plain);
}
