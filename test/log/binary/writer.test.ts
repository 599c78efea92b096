/**
 * The binary log writer refuses what a chain or a JSON log could not hold: it returns a reason,
 * writes nothing, and takes the next valid envelope as if the refused one had not come.
 */
import { describe, expect, it } from 'vitest';
import { BINARY_LOG_MAGIC, createBinaryLogWriter, encodeBinaryLog, type BinaryLogWriter } from '../../../src/log/binary/index.js';
import { VALUE_DEPTH_MAX } from '../../../src/log/binary/format.js';
import { EMPTY_HEAD, encodeEnvelope, type EventEnvelope } from '../../../src/log/index.js';
import { sealChain, verifyChunks } from './helpers.js';

const AT = '2026-01-05T16:00:00.000Z';
const chain = sealChain([1, 2, 3].map((n) => ({ id: `evt_${n}`, event: { type: 'transfer.posted', version: 1, at: AT, data: { amountMinor: String(n) } } })));
const [first, second, third] = chain.envelopes as [EventEnvelope, EventEnvelope, EventEnvelope];

/** A writer with one block per event, and the blocks it has written. */
function writer(): { writer: BinaryLogWriter; blocks: Uint8Array[] } {
  const blocks: Uint8Array[] = [];
  return { writer: createBinaryLogWriter({ onBlock: (block) => blocks.push(block), blockEvents: 1 }), blocks };
}

/** Nests `leaf` in `depth` arrays. */
function nested(depth: number, leaf: unknown = 0): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

// Each refused envelope is pushed after seq 1 (so it is checked against a head), and seq 2 then goes in.
const refused: ReadonlyArray<readonly [string, EventEnvelope, RegExp]> = [
  ['a seq gap', { ...second, seq: 3 }, /seq 3 does not follow seq 1/],
  ['a seq that repeats', { ...second, seq: 1 }, /seq 1 does not follow seq 1/],
  ['a wrong prevHash', { ...second, prevHash: third.hash }, /prevHash is not the hash of seq 1/],
  ['a hash in uppercase', { ...second, hash: second.hash.toUpperCase() }, /hash must be 64 lowercase hex/],
  ['a short hash', { ...second, hash: second.hash.slice(1) }, /hash must be 64 lowercase hex/],
  ['a malformed prevHash', { ...second, prevHash: 'x'.repeat(64) }, /prevHash must be 64 lowercase hex/],
  ['an empty id', { ...second, id: '' }, /id must be a non-empty string/],
  ['version 0', { ...second, version: 0 }, /version must be an integer >= 1/],
  ['an instant without a zone', { ...second, at: '2026-01-05T16:00:00' }, /at must be an ISO instant/],
  ['undefined data', { ...second, data: undefined }, /a undefined is not JSON/],
  ['no data field', (({ data: _, ...rest }) => rest as EventEnvelope)(second), /data is missing/],
  ['a function', { ...second, data: { f: () => 1 } }, /a function is not JSON/],
  ['a bigint', { ...second, data: [10n] }, /a bigint is not JSON/],
  ['a symbol', { ...second, data: Symbol('s') }, /a symbol is not JSON/],
  ['NaN', { ...second, data: { n: Number.NaN } }, /the number NaN has no JSON form/],
  ['Infinity', { ...second, data: -Infinity }, /the number -Infinity has no JSON form/],
  ['a Date', { ...second, data: { at: new Date(0) } }, /not plain JSON/],
  ['a Map', { ...second, data: new Map([['a', 1]]) }, /not plain JSON/],
  ['a class instance', { ...second, data: new (class Amount {})() }, /not plain JSON/],
  ['an undefined in an object', { ...second, data: { a: undefined } }, /a undefined is not JSON/],
  ['a hole in an array', { ...second, data: new Array<unknown>(3).fill(1, 1) }, /a undefined is not JSON/],
  ['nesting deeper than VALUE_DEPTH_MAX', { ...second, data: nested(VALUE_DEPTH_MAX + 1) }, new RegExp(`nested deeper than ${VALUE_DEPTH_MAX}`)],
  ['objects nested deeper than VALUE_DEPTH_MAX', { ...second, data: nested(VALUE_DEPTH_MAX, {}) }, new RegExp(`nested deeper than ${VALUE_DEPTH_MAX}`)],
];

describe('the binary log writer refuses', () => {
  it.each(refused)('%s: returns why, writes nothing, and the next valid push still works', (_, env, reason) => {
    const { writer: w, blocks } = writer();
    expect(w.push(first)).toBeUndefined();
    expect(blocks).toHaveLength(1);
    expect(w.push(env)).toMatch(reason);
    expect(blocks).toHaveLength(1);
    expect(w.push(second)).toBeUndefined();
    expect(w.push(third)).toBeUndefined();
    w.finish();
    const run = verifyChunks([BINARY_LOG_MAGIC, ...blocks]);
    expect(run.fault).toBeUndefined();
    expect(run.events.map(encodeEnvelope)).toEqual(chain.lines);
  });

  it('as the first event too (data is checked with no head), and the block it would have opened stays unopened', () => {
    const blocks: Uint8Array[] = [];
    const w = createBinaryLogWriter({ onBlock: (block) => blocks.push(block) });
    expect(w.push({ ...first, data: { n: Number.NaN } })).toMatch(/NaN/);
    w.finish();
    expect(blocks).toEqual([]);
    expect(w.push(first)).toBeUndefined();
    w.finish();
    expect(verifyChunks([BINARY_LOG_MAGIC, ...blocks]).events).toEqual([first]);
  });

  it('writes -0 as 0, as its JSON text is: the event reads back with 0 and its sealed line', () => {
    const zero = sealChain([{ id: 'z', event: { type: 't', version: 1, at: AT, data: { n: -0, list: [-0, 0.5] } } }]);
    const run = verifyChunks([encodeBinaryLog(zero.envelopes)]);
    expect(run.fault).toBeUndefined();
    expect(run.events[0]?.data).toEqual({ n: 0, list: [0, 0.5] });
    expect(Object.is((run.events[0]!.data as { n: number }).n, 0)).toBe(true);
    expect(run.events.map(encodeEnvelope)).toEqual(zero.lines);
  });

  it('takes data exactly VALUE_DEPTH_MAX deep', () => {
    const deep = sealChain([{ id: 'd', event: { type: 't', version: 1, at: AT, data: nested(VALUE_DEPTH_MAX) } }]);
    expect(createBinaryLogWriter({ onBlock: () => undefined }).push(deep.envelopes[0]!)).toBeUndefined();
  });

  it('takes a well-formed but wrong hash (it checks the chain, not the digests), which the verifier then reports', () => {
    const wrong = '0'.repeat(63) + (first.hash.endsWith('0') ? '1' : '0');
    const bytes = encodeBinaryLog([{ ...first, hash: wrong }]);
    expect(verifyChunks([bytes]).fault).toMatchObject({ kind: 'hash', seq: 1, line: 1 });
  });

  it('encodeBinaryLog throws, naming the seq, for envelopes that are not a chain', () => {
    expect(() => encodeBinaryLog([first, third])).toThrow(/cannot encode seq 3: seq 3 does not follow seq 1/);
    expect(() => encodeBinaryLog([{ ...first, data: new Map() }])).toThrow(/cannot encode seq 1/);
  });

  it('starts a chain anywhere: the first envelope needs no particular seq or prevHash', () => {
    const { writer: w } = writer();
    expect(w.push(second)).toBeUndefined();
    expect(verifyChunks([encodeBinaryLog([second, third])], { seq: 1, hash: first.hash }).count).toBe(2);
    expect(verifyChunks([encodeBinaryLog([second])], EMPTY_HEAD).fault).toMatchObject({ kind: 'sequence', seq: 1 });
  });
});
