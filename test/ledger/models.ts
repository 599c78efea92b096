/**
 * Test helpers: the ledger's append-only structures run beside a plain array (the model). An
 * `IdIndex` under add / truncate / lookup steps, every answer checked, then the whole order and
 * every key's number; and any list with `push` and `truncate` under push / truncate steps.
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

/** A step of an append-only list with truncation: push a value, or truncate (modulo the length + 1). */
export type PushStep<T> = { readonly push: T } | { readonly truncateTo: number };

/**
 * Applies `plan` to `list` and to `reference` (a plain array, the model), calling `afterStep`
 * after each step (for checks the list's own shape allows).
 */
export function runPushModel<T>(list: { push(value: T): void; truncate(size: number): void }, reference: T[], plan: readonly PushStep<T>[], afterStep?: () => void): void {
  for (const step of plan) {
    if ('push' in step) {
      list.push(step.push);
      reference.push(step.push);
    } else {
      const size = step.truncateTo % (reference.length + 1);
      list.truncate(size);
      reference.length = size;
    }
    afterStep?.();
  }
}
