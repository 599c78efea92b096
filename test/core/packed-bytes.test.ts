/**
 * core/packed-bytes.ts: records as snapshots save them from `@5` on (codec bytes beside a fresh
 * codec's tables, base64; its id table from `@6`). The layout is pinned (part of the snapshot format); a load refuses
 * tables, base64 and record lengths no save wrote with an `InvariantError`; a record whose own
 * bytes are impossible fails when read, naming it, and leaves the map answering the rest.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { decodeColumn, encodeColumn } from '../../src/core/column-codec.js';
import { type PackedBytes, packBytes } from '../../src/core/packed-bytes.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';

const A = 'Quote:019b8ee3-3ae7-7c45-9829-da12d0149cb3';
const B = 'Quote:019b8ee3-3ae7-7c45-9829-da12d0149cb4';
const plain = new Map<string, object>([
  [A, { id: A, status: 'PENDING', total: '100' }],
  [B, { id: B, status: 'PENDING', total: '-5' }],
]);
// Without the minted form of `@8` (A is an engine-minted uuid) nor the keys of `@11`: the layout pinned since `@5`.
const good = (): PackedBytes => JSON.parse(JSON.stringify(packBytes([A, B], plain, { mintedIds: false, recordKeys: false, shortTags: false }))) as PackedBytes;

// The one segment's bytes, changed by `change`, as base64 again.
function withBytes(change: (bytes: number[]) => number[]): PackedBytes {
  const packed = good();
  const text = packed.bytes[0]!;
  const length = (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  const bytes = change([...decodeColumn(text, (n) => new Uint8Array(n), length, length, 'test')]);
  return { ...packed, bytes: [encodeColumn(Uint8Array.from(bytes), bytes.length)] };
}

describe('packed bytes (snapshot @5)', () => {
  it('saves records in this layout: each its length and its codec bytes, base64, beside the fresh codec\'s tables', () => {
    expect(good()).toEqual({
      ids: [A, B],
      codec: { shapes: [['id', 'status', 'total']], strings: ['PENDING'], prefixes: ['Quote:'], ids: [] },
      bytes: ['IA0ACQABm47jOud8RZgp2hLQFJyzBwdQRU5ESU5HC8gBGA0ACQABm47jOud8RZgp2hLQFJy0BgALCQ=='],
    });
    const map = PackedRecordMap.fromPacked<object>(good());
    expect([...map]).toEqual([...plain]);
    // From `@8` on, A as its time and w1 (tag 19, 6 bytes shorter); B, not minted, as before.
    const minted = packBytes([A, B], plain, { recordKeys: false, shortTags: false });
    expect(minted.bytes).toEqual(['Gg0AEwABm47jOufaEtAUBwdQRU5ESU5HC8gBGA0ACQABm47jOud8RZgp2hLQFJy0BgALCQ==']);
    expect([...PackedRecordMap.fromPacked<object>(minted)]).toEqual([...plain]);
  });

  it('saves each record encoded with its id as the key from @11 on (keyed), its own id a 3-byte reference, and reads it by id, position and iteration', () => {
    const keyed = JSON.parse(JSON.stringify(packBytes([A, B], plain, { shortTags: false }))) as PackedBytes;
    // A: 17 bytes, not 26; B: 9, not 24 (each record's id is ID_AGAIN 14, prefix 0, place 0).
    expect(keyed).toEqual({ ...good(), bytes: ['EQ0ADgAABwdQRU5ESU5HC8gBCQ0ADgAABgALCQ=='], keyed: true });
    const map = PackedRecordMap.fromPacked<object>(keyed);
    expect(map.get(B)).toEqual(plain.get(B));
    expect(map.valueAt(0)).toEqual(plain.get(A));
    expect([...map]).toEqual([...plain]);
    // Read without the keys, the bytes are not the records.
    const { keyed: _keyed, ...unkeyed } = keyed;
    expect(() => [...PackedRecordMap.fromPacked<object>(unkeyed)]).toThrow(InvariantError);
  });

  it.each<[string, () => unknown]>([
    ['bytes that are not base64', () => ({ ...good(), bytes: ['IA0A*QAB'] })],
    ['bytes that are not a list', () => ({ ...good(), bytes: 'IA0A' })],
    ['ids that are not a list', () => ({ ...good(), ids: {} })],
    ['a segment that is not a string', () => ({ ...good(), bytes: [7] })],
    ['fewer records than ids', () => ({ ...good(), ids: [A, B, 'Quote:x'] })],
    ['more records than ids', () => ({ ...good(), ids: [A] })],
    ['a record longer than its segment', () => withBytes((bytes) => [bytes[0]! + 40, ...bytes.slice(1)])],
    ['a segment cut inside a record', () => withBytes((bytes) => bytes.slice(0, -2))],
    ['an empty record', () => withBytes((bytes) => [0, ...bytes])],
    ['a length that never ends', () => withBytes((bytes) => [...bytes, 0x80, 0x80, 0x80, 0x80, 0x80])],
    ['no codec tables', () => ({ ...good(), codec: null })],
    ['a shape twice', () => ({ ...good(), codec: { ...good().codec, shapes: [['id'], ['id']] } })],
    ['a prefix that is not one', () => ({ ...good(), codec: { ...good().codec, prefixes: ['Quote'] } })],
    ['keyed that is not true', () => ({ ...good(), keyed: 1 })],
  ])('refuses at load %s, as a snapshot error', (_name, packed) => {
    expect(() => PackedRecordMap.fromPacked(packed() as PackedBytes)).toThrow(InvariantError);
    expect(() => PackedRecordMap.fromPacked(packed() as PackedBytes)).toThrow(/snapshot (records|column)/);
  });

  it('fails a read of a record whose bytes are impossible, naming it, and answers the others as before', () => {
    // Record A names shape 5 (there is one); then an id prefix 7 (there is one) where its status was.
    for (const change of [(bytes: number[]) => [bytes[0]!, 13, 5, ...bytes.slice(3)], (bytes: number[]) => bytes.map((byte, i) => (i === 21 ? 9 : byte))]) {
      const map = PackedRecordMap.fromPacked<object>(withBytes(change));
      expect(map.size).toBe(2);
      expect(() => map.get(A)).toThrow(InvariantError);
      expect(() => map.get(A)).toThrow(`packed record ${A} cannot be read`);
      expect(map.get(B)).toEqual(plain.get(B));
      expect(map.has(A)).toBe(true);
      expect(map.size).toBe(2);
    }
  });

  it('fails a record whose bytes end before or after its value, never reading on into the next record', () => {
    // Record A's last byte dropped: its last number's varint would go on into B's length.
    const shorter = withBytes((bytes) => [bytes[0]! - 1, ...bytes.slice(1, bytes[0]), ...bytes.slice(bytes[0]! + 1)]);
    // Record A with a byte after its value.
    const longer = withBytes((bytes) => [bytes[0]! + 1, ...bytes.slice(1, bytes[0]! + 1), 3, ...bytes.slice(bytes[0]! + 1)]);
    for (const packed of [shorter, longer]) {
      const map = PackedRecordMap.fromPacked<object>(packed);
      expect(() => map.get(A)).toThrow(/packed record .* cannot be read: packed record: its value takes/);
      expect(map.get(B)).toEqual(plain.get(B));
    }
  });

  it('refuses an id that comes twice at the map\'s first use, every time', () => {
    const packed = { ...good(), ids: [A, A] };
    const map = PackedRecordMap.fromPacked<object>(packed);
    expect(map.size).toBe(2);
    expect(() => map.get(A)).toThrow(/an id comes twice/);
    expect(() => map.has(B)).toThrow(/an id comes twice/);
  });
});
