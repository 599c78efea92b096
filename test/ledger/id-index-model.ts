/**
 * Test helper: runs add / truncate / lookup steps on an `IdIndex` beside a plain array of the
 * keys (the model), checking every answer, then the whole order and every key's number.
 */
import { expect } from 'vitest';
import type { IdIndex } from '../../src/ledger/id-index.js';

/** One step of the model: add a key, truncate to a size (taken modulo what may be cut), look one up. */
export type IndexStep = { readonly add: string } | { readonly truncateTo: number } | { readonly lookup: string };

/** Applies `steps` to `index` and to `reference` (its keys so far); keys before `base` are restored and never truncated. */
export function runIndexModel(index: IdIndex, reference: string[], steps: readonly IndexStep[], base: number): void {
  for (const step of steps) {
    if ('add' in step) {
      if (reference.includes(step.add)) {
        expect(index.indexOf(step.add)).toBe(reference.indexOf(step.add));
        continue;
      }
      expect(index.indexOf(step.add)).toBe(-1);
      expect(index.add(step.add)).toBe(reference.length);
      reference.push(step.add);
    } else if ('truncateTo' in step) {
      const size = base + (step.truncateTo % (reference.length - base + 1));
      index.truncate(size);
      reference.length = size;
    } else {
      expect(index.indexOf(step.lookup)).toBe(reference.indexOf(step.lookup));
    }
  }
  expect(index.slice()).toEqual(reference);
  reference.forEach((key, i) => {
    expect(index.indexOf(key)).toBe(i);
  });
}
