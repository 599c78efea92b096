/**
 * core/intern.ts and deepFreeze's interning: stored records share one instance of each repeated
 * short string, values and key order unchanged, and the table stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/core/freeze.js';
import { INTERN_LENGTH_MAX, INTERN_TABLE_MAX, interned, internedCount, resetInterning } from '../../src/core/intern.js';

describe('interned', () => {
  it('returns an equal string, for short, long and unique-looking values', () => {
    const values = ['USD', 'COMPLETED', `Customer:${'0'.repeat(36)}`, 'x'.repeat(INTERN_LENGTH_MAX + 1), '2026-01-05T16:00:25.002Z', '1388', '-42', '0', ''];
    for (const value of values) expect(interned(value)).toBe(value);
  });

  it('holds at most INTERN_TABLE_MAX strings however many distinct ones pass', () => {
    for (let i = 0; i < INTERN_TABLE_MAX * 2 + 7; i += 1) expect(interned(`key-${i}`)).toBe(`key-${i}`);
    expect(internedCount()).toBeLessThanOrEqual(INTERN_TABLE_MAX);
    expect(internedCount()).toBeGreaterThan(0);
  });

  it('is emptied by resetInterning, and interns again afterwards', () => {
    interned('USD');
    resetInterning();
    expect(internedCount()).toBe(0);
    expect(interned('USD')).toBe('USD');
    expect(internedCount()).toBe(1);
  });

  it('leaves instants and amounts out of the table (they rarely repeat)', () => {
    for (let i = 0; i < INTERN_TABLE_MAX; i += 1) interned(`fill-${i}`);
    const before = internedCount();
    interned('2026-01-05T16:00:25.002Z');
    interned('123456');
    interned('-1.5');
    expect(internedCount()).toBe(before);
  });
});

describe('deepFreeze interns the strings of what it stores', () => {
  it('keeps every value and key order of a parsed record, nested objects and arrays included', () => {
    const text = '{"id":"Transaction:1","status":"PENDING","source":{"sourceType":"ACCOUNT","currency":"USD"},"ids":["a","b","USD"],"amount":"12","n":3,"none":null,"flag":false}';
    const record = JSON.parse(text) as Record<string, unknown>;
    const out = deepFreeze(record);
    expect(out).toBe(record);
    expect(JSON.stringify(out)).toBe(text);
    expect(Object.isFrozen(out)).toBe(true);
    expect(Object.isFrozen(out.source)).toBe(true);
    expect(Object.isFrozen(out.ids)).toBe(true);
  });

  it('gives two parsed records equal values (whichever instance each holds)', () => {
    const a = deepFreeze(JSON.parse('{"customerId":"Customer:7","currency":"EUR"}') as { customerId: string; currency: string });
    const b = deepFreeze(JSON.parse('{"customerId":"Customer:7","currency":"EUR"}') as { customerId: string; currency: string });
    expect(a).toEqual(b);
  });
});

describe('deepFreeze shares equal nested objects of strings (sharedLeaf)', () => {
  const parse = (text: string): { source: object; amount: object; list: object[] } => JSON.parse(text) as { source: object; amount: object; list: object[] };

  it('gives two records one frozen instance of an equal source, and keeps each record itself', () => {
    const text = '{"id":"T:1","source":{"sourceType":"ACCOUNT","accountId":"InternalAccount:1","currency":"USD"},"amount":{"amountMinor":"1388","currency":"USD"},"list":[{"step":"SETTLE"}]}';
    const a = parse(text);
    const b = parse(text.replace('T:1', 'T:2'));
    expect(deepFreeze(a)).toBe(a);
    expect(deepFreeze(b)).toBe(b);
    expect(b.source).toBe(a.source);
    expect(b.list[0]).toBe(a.list[0]);
    expect(Object.isFrozen(a.source)).toBe(true);
    expect(JSON.stringify(b)).toBe(text.replace('T:1', 'T:2'));
  });

  it('does not share objects holding an amount, a number, another object, other keys or another key order', () => {
    const a = parse('{"source":{"sourceType":"ACCOUNT","n":1},"amount":{"amountMinor":"1388","currency":"USD"},"list":[{"a":"x","b":"y"}]}');
    const b = parse('{"source":{"sourceType":"ACCOUNT","n":1},"amount":{"amountMinor":"1388","currency":"USD"},"list":[{"b":"y","a":"x"}]}');
    deepFreeze(a);
    deepFreeze(b);
    expect(b.source).not.toBe(a.source);
    expect(b.amount).not.toBe(a.amount);
    expect(b.list[0]).not.toBe(a.list[0]);
    expect(b.amount).toEqual(a.amount);
    expect(Object.isFrozen(b.amount)).toBe(true);
  });
});
