/** core/base64: portable base64 that agrees with Node's Buffer wherever the input is well formed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, decodeBase64Text, decodeBase64UrlText, encodeBase64, encodeBase64Text, encodeBase64UrlText } from '../../src/core/base64.js';

const RUNS = Number(process.env.FC_NUM_RUNS ?? 100);

describe('base64', () => {
  it('encodes bytes and text exactly as Buffer does, and decodes them back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.string({ unit: 'grapheme', maxLength: 20 }), (bytes, text) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
        expect(encodeBase64Text(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
        expect(decodeBase64Text(encodeBase64Text(text))).toBe(text);
        expect(encodeBase64UrlText(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'));
        expect(decodeBase64UrlText(encodeBase64UrlText(text))).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it('tolerates missing padding, as HTTP clients sometimes send it', () => {
    expect(decodeBase64Text('dXNlcjpwdw')).toBe('user:pw');
    expect(decodeBase64Text('dXNlcjpwdw==')).toBe('user:pw');
  });

  it.each([
    ['a lone trailing character', 'QUJDR'],
    ['a character outside the alphabet', 'QU*D'],
    ['padding in the middle', 'QQ==QQ=='],
  ])('returns undefined for %s', (_name, text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });

  it('returns undefined for a cursor that is not base64url', () => {
    expect(decodeBase64UrlText('not base64!')).toBeUndefined();
    expect(decodeBase64UrlText('QQ==')).toBeUndefined();
  });
});
