import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.js';

// A JSON value's members in another key order, all the way down.
function reordered(value: unknown, flip: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => reordered(item, flip));
  const keys = Object.keys(value);
  return Object.fromEntries((flip ? keys.reverse() : keys).map((key) => [key, reordered((value as Record<string, unknown>)[key], !flip)]));
}

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order, and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }], u: undefined })).toBe('{"a":[true,{"c":"x","d":null}],"b":1}');
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('gives one text for values that differ only in key order, and that text parses back to an equal value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reordered(value, true))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
