/** sha256Hex: the default digest is standard SHA-256 over UTF-8, lowercase hex. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHashHex, sha256Hex } from '../../src/log/index.js';
import { codePointArb, nodeSha256Hex, numRuns } from './fixtures.js';

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['€', nodeSha256Hex('€')],
  ])('hashes %j to the standard digest', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });

  it('agrees with node:crypto on any well-formed unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: codePointArb, maxLength: 200 }), (text) => {
        expect(sha256Hex(text)).toBe(nodeSha256Hex(text));
      }),
      { numRuns },
    );
  });

  it('produces digests that isHashHex accepts, and isHashHex rejects other forms', () => {
    expect(isHashHex(sha256Hex('x'))).toBe(true);
    expect(isHashHex(sha256Hex('x').toUpperCase())).toBe(false);
    expect(isHashHex('0'.repeat(63))).toBe(false);
    expect(isHashHex(42)).toBe(false);
  });

  it('isHashHex agrees with /^[0-9a-f]{64}$/ on any 64-character text and its neighbours', () => {
    // Mostly hex digits, so that about one text in eight is a valid digest.
    const hexish = fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom(...'0123456789abcdef'.split('')) },
      { weight: 1, arbitrary: fc.constantFrom(...'ABCDEFgz/:`@ '.split('')) },
    );
    fc.assert(
      fc.property(fc.array(hexish, { minLength: 63, maxLength: 65 }), (chars) => {
        const text = chars.join('');
        expect(isHashHex(text)).toBe(/^[0-9a-f]{64}$/.test(text));
      }),
      { numRuns },
    );
  });
});
