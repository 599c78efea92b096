/**
 * core/freeze.ts deepFreeze: freezes a record and everything in it, in place, in one pass, and
 * does not enter subtrees that are already frozen (a record spread from a stored one).
 */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/core/freeze.js';

describe('deepFreeze', () => {
  it('freezes nested objects and arrays in place and returns the same object', () => {
    const record = { id: 'x', amount: { amountMinor: '1', currency: 'USD' }, steps: [{ step: 'A', due: [1, 2] }], none: null };
    const out = deepFreeze(record);
    expect(out).toBe(record);
    for (const object of [record, record.amount, record.steps, record.steps[0], record.steps[0]!.due]) expect(Object.isFrozen(object)).toBe(true);
  });

  it('passes primitives, null and undefined through', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze('s')).toBe('s');
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze(undefined)).toBeUndefined();
  });

  it('does not enter a subtree that is already frozen (stored parts shared by a spread)', () => {
    const inner = { open: {} };
    const shared = Object.freeze({ inner });
    const update = deepFreeze({ shared, fresh: { a: {} } });
    expect(Object.isFrozen(update.fresh.a)).toBe(true);
    // Only deepFreeze and Object.freeze of leaves make frozen objects, so this cannot happen in
    // the engine; the test pins that the walk stops at the frozen boundary.
    expect(Object.isFrozen(inner)).toBe(false);
  });
});
