/**
 * Bytes built to nest without end where the format allows no nesting: object keys and a uuid's
 * prefix must be plain strings. A reader that let them hold containers, or a prefix in the uuid
 * form again, would recurse once per byte and overflow its stack on a block of a few MB: a throw
 * where a fault is owed. Both readers of a block must answer with a fault instead.
 */
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../../src/log/binary/bytes.js';
import { decodeBlock } from '../../../src/log/binary/decoder.js';
import { Tag } from '../../../src/log/binary/format.js';
import { firstWrongDigestInBlock } from '../../../src/log/binary/hashed-text.js';
import { GENESIS_HASH } from '../../../src/log/envelope.js';

/** A block of one event whose id is `id` (raw value bytes) and whose other fields are sound. */
function blockWithId(id: (out: ByteWriter) => void, data: (out: ByteWriter) => void = (out) => out.byte(Tag.NULL)): Uint8Array {
  const out = new ByteWriter();
  out.length = 4;
  out.varint(1);
  out.varint(1);
  out.raw(new Uint8Array(32));
  id(out);
  out.byte(Tag.STRING_UTF8);
  out.varint(1);
  out.byte(0x41);
  out.varint(1);
  out.byte(Tag.STRING_UTF8);
  out.varint(24);
  out.raw(new TextEncoder().encode('2026-01-05T16:00:00.000Z'));
  data(out);
  out.raw(new Uint8Array(32));
  out.uint32At(0, out.length - 4);
  return out.take();
}

const DEEP = 200_000;

describe('binary log: no nesting where the format has none', () => {
  it('refuses a uuid whose prefix is in the uuid form, however deep the chain of them', () => {
    const block = blockWithId((out) => {
      for (let i = 0; i < DEEP; i += 1) out.byte(Tag.STRING_UUID);
    });
    const decoded = decodeBlock(block, 0, block.length, { seq: 1, prevHash: GENESIS_HASH, eventNumber: 1 });
    expect(decoded.fault).toMatchObject({ kind: 'malformed', seq: 1, reason: "a uuid's prefix is itself in the uuid form" });
    expect(firstWrongDigestInBlock(block, 0, block.length)).toBe(0);
  });

  it('refuses an object key that is not a string, however deep the keys nest', () => {
    const block = blockWithId(
      (out) => {
        out.byte(Tag.STRING_UTF8);
        out.varint(1);
        out.byte(0x69);
      },
      (out) => {
        for (let i = 0; i < DEEP; i += 1) {
          out.byte(Tag.OBJECT_NEW_SHAPE);
          out.varint(1);
        }
      },
    );
    const decoded = decodeBlock(block, 0, block.length, { seq: 1, prevHash: GENESIS_HASH, eventNumber: 1 });
    expect(decoded.fault).toMatchObject({ kind: 'malformed', seq: 1, reason: 'a value that must be a string is not one' });
    expect(firstWrongDigestInBlock(block, 0, block.length)).toBe(0);
  });

  it('still reads a sound event built the same way (the cases above fail for their nesting alone)', () => {
    const block = blockWithId((out) => {
      out.byte(Tag.STRING_UUID);
      out.byte(Tag.STRING_UTF8);
      out.varint(4);
      out.raw(new TextEncoder().encode('Txn:'));
      out.raw(new Uint8Array(16).fill(0xab));
    });
    const decoded = decodeBlock(block, 0, block.length, { seq: 1, prevHash: GENESIS_HASH, eventNumber: 1 });
    expect(decoded.fault).toBeUndefined();
    expect(decoded.envelopes[0]?.id).toBe('Txn:abababab-abab-abab-abab-abababababab');
  });
});
