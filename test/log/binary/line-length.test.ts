/**
 * The two forms of a log hold the same logs: an event whose JSONL line would pass
 * LINE_LENGTH_MAX is refused by the binary writer, and an event built by hand past it is refused
 * by both readers of a block (as `malformed`, not handed on), so converting a binary log to JSONL
 * never meets a line `encodeEnvelope` cannot write.
 */
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../../src/log/binary/bytes.js';
import { createBinaryLogWriter } from '../../../src/log/binary/encoder.js';
import { BINARY_LOG_MAGIC, Tag } from '../../../src/log/binary/format.js';
import { firstWrongDigestInBlock } from '../../../src/log/binary/hashed-text.js';
import { createBinaryBlockVerifier, createBinaryChainVerifier } from '../../../src/log/binary/verifier.js';
import { LINE_LENGTH_MAX, unhashedText } from '../../../src/log/codec.js';
import { GENESIS_HASH } from '../../../src/log/envelope.js';
import { sha256Hex } from '../../../src/log/hash.js';

const AT = '2026-01-05T16:00:00.000Z';

/** A block of one event `{ id: "e", type: "A", data: <text> }` at seq 1 whose hash is its line's true SHA-256. */
function blockWithText(text: string): Uint8Array {
  const env = { seq: 1, id: 'e', type: 'A', version: 1, at: AT, data: text, prevHash: GENESIS_HASH };
  const hash = sha256Hex(unhashedText(env));
  const out = new ByteWriter();
  out.length = 4;
  out.varint(1);
  out.varint(1);
  out.raw(new Uint8Array(32));
  for (const field of ['e', 'A']) {
    out.byte(Tag.STRING_UTF8);
    out.varint(field.length);
    out.raw(new TextEncoder().encode(field));
  }
  out.varint(1);
  out.byte(Tag.STRING_UTF8);
  out.varint(AT.length);
  out.raw(new TextEncoder().encode(AT));
  const bytes = new TextEncoder().encode(text);
  out.byte(Tag.STRING_UTF8);
  out.varint(bytes.length);
  out.raw(bytes);
  out.raw(Uint8Array.from(Buffer.from(hash, 'hex')));
  out.uint32At(0, out.length - 4);
  return out.take();
}

// The stored line is the text plus ~180 characters of envelope: these two straddle the limit.
const fits = 'a'.repeat(LINE_LENGTH_MAX - 400);
const tooLong = 'a'.repeat(LINE_LENGTH_MAX);
// The limit counts UTF-16 units, not bytes: two bytes of UTF-8 a unit fit where the bytes do
// not; an astral character is two units (four bytes), so half as many of them pass it.
const fitsInUnitsNotBytes = 'é'.repeat(LINE_LENGTH_MAX - 400);
const tooLongInUnits = '\u{1F600}'.repeat(LINE_LENGTH_MAX / 2);
// Escaped, a control character is six units (`\u0001`): the limit counts the line's units.
const tooLongEscaped = '\u0001'.repeat(LINE_LENGTH_MAX / 6 + 1);

describe('binary log: no line a text log could not hold', () => {
  it('the writer refuses an event whose line would pass LINE_LENGTH_MAX, and takes one just under it', () => {
    const writer = createBinaryLogWriter({ onBlock: () => undefined });
    const env = (data: string) => ({ seq: 1, id: 'e', type: 'A', version: 1, at: AT, data, prevHash: GENESIS_HASH, hash: '0'.repeat(64) });
    expect(writer.push(env(tooLong))).toBe(`its line is longer than ${LINE_LENGTH_MAX} characters`);
    expect(writer.push(env(fits))).toBeUndefined();
  });

  it('both readers refuse such an event built by hand, as malformed, and hand nothing on', () => {
    for (const [text, proved] of [
      [fits, true],
      [tooLong, false],
      [fitsInUnitsNotBytes, true],
      [tooLongInUnits, false],
      [tooLongEscaped, false],
    ] as const) {
      const block = blockWithText(text);
      expect(firstWrongDigestInBlock(block, 0, block.length)).toBe(proved ? -1 : 0);
      const seen: number[] = [];
      const blocks = createBinaryBlockVerifier({ onEvent: (env) => seen.push(env.seq) });
      const fault = blocks.pushBlock(block, (_envelopes, bytes) => firstWrongDigestInBlock(bytes, 0, bytes.length));
      const library = createBinaryChainVerifier();
      const libraryFault = library.push(new Uint8Array(Buffer.concat([BINARY_LOG_MAGIC, block]))) ?? library.finish();
      if (proved) {
        expect([fault, libraryFault, seen]).toEqual([undefined, undefined, [1]]);
      } else {
        const expected = { kind: 'malformed', seq: 1, reason: `line is longer than ${LINE_LENGTH_MAX} characters` };
        expect(fault).toMatchObject(expected);
        expect(libraryFault).toMatchObject(expected);
        expect(seen).toEqual([]);
      }
    }
  });
});

describe('binary log writer options', () => {
  it('refuses block sizes a reader would refuse, or no events at all', () => {
    const onBlock = (): void => undefined;
    expect(() => createBinaryLogWriter({ onBlock, blockBytes: 64 << 20 })).toThrow('blockBytes must be an integer in [1, 33554432]');
    expect(() => createBinaryLogWriter({ onBlock, blockEvents: 0 })).toThrow('blockEvents must be an integer >= 1');
    expect(() => createBinaryLogWriter({ onBlock, blockBytes: 32 << 20, blockEvents: 1 })).not.toThrow();
  });
});
