/**
 * Hostile bytes: whatever a binary log's bytes are, the verifier never throws, and never hands on
 * an event whose canonical line does not hash to its `hash`; what it hands on before a fault is a
 * prefix of the log that was written. Then the named ways a file can be wrong, each with its fault.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BINARY_LOG_MAGIC, encodeBinaryLog } from '../../../src/log/binary/index.js';
import { BLOCK_BYTES_MAX, INSTANT_MS_MAX, Tag, VALUE_DEPTH_MAX } from '../../../src/log/binary/format.js';
import { unhashedText } from '../../../src/log/codec.js';
import { encodeEnvelope, hashedTextOf, type ChainHead, type LogFault } from '../../../src/log/index.js';
import { nodeSha256Hex, numRuns } from '../fixtures.js';
import { binaryOf, blockBytes, digestBytes, eventArb, fileOf, frameBytes, hashedFrameBytes, headArb, oneEventFile, sealChain, utf8Value, VERDICT_SOURCES, type VerdictSource, type Verified, varint, verifyChunks } from './helpers.js';

type Mutation =
  | { kind: 'flip'; at: number; xor: number }
  | { kind: 'insert'; at: number; bytes: number[] }
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'truncate'; at: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

/** `bytes` with `mutation` applied (its position taken modulo the length). */
function mutate(bytes: Uint8Array, mutation: Mutation): Uint8Array {
  if (bytes.length === 0) return bytes;
  const at = mutation.at % bytes.length;
  const out = Array.from(bytes);
  if (mutation.kind === 'flip') out[at] = out[at]! ^ mutation.xor;
  else if (mutation.kind === 'insert') out.splice(at, 0, ...mutation.bytes);
  else if (mutation.kind === 'delete') out.splice(at, mutation.count);
  else out.length = at;
  return Uint8Array.from(out);
}

// The verdict source of the describe block running (set in its beforeAll).
let source: VerdictSource = 'decoded';
const verify = (chunks: readonly Uint8Array[], from?: ChainHead): Verified => verifyChunks(chunks, from, source);

const FAULT_KINDS: ReadonlyArray<LogFault['kind']> = ['malformed', 'sequence', 'prev_hash', 'hash'];

describe.each(VERDICT_SOURCES)('hostile bytes (%s verdict)', (current) => {
  beforeAll(() => {
    source = current;
  });

  it('never throw; what is handed on hashes right and is a prefix of the log; a fault stands at the next event', () => {
    let faults = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.array(eventArb, { minLength: 1, maxLength: 8 }),
        headArb,
        fc.integer({ min: 1, max: 4 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (events, from, blockEvents, mutations) => {
          const chain = sealChain(events, from);
          const bytes = mutations.reduce(mutate, binaryOf(chain.envelopes, blockEvents).bytes);
          const run = verify([bytes], from);
          runs += 1;
          const lines = run.events.map(encodeEnvelope);
          for (const [i, line] of lines.entries()) expect(nodeSha256Hex(hashedTextOf(line))).toBe(run.events[i]!.hash);
          expect(lines).toEqual(chain.lines.slice(0, lines.length));
          expect(run.count).toBe(lines.length);
          const last = run.events[lines.length - 1];
          expect(run.head).toEqual(last === undefined ? from : { seq: last.seq, hash: last.hash });
          if (run.fault !== undefined) {
            faults += 1;
            expect(FAULT_KINDS).toContain(run.fault.kind);
            expect(run.fault.line).toBe(lines.length + 1);
            expect(run.fault.seq).toBe(from.seq + lines.length + 1);
          }
        },
      ),
      { numRuns: numRuns * 3 },
    );
    // Nearly every change is caught (the benign ones cut the file at a block's end).
    expect(faults).toBeGreaterThan(runs * 0.8);
  });

  it('never throw for random bytes after the magic, in any chunks', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(), { maxLength: 4 }), (body, cuts) => {
        const bytes = Uint8Array.from([...BINARY_LOG_MAGIC, ...body]);
        const sorted = cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b);
        const chunks = [0, ...sorted].map((start, i) => bytes.slice(start, sorted[i] ?? bytes.length));
        const run = verify(chunks);
        expect(run.events).toEqual([]);
        if (body.length > 0) expect(run.fault).toBeDefined();
      }),
      { numRuns: numRuns * 3 },
    );
  });
});

const AT = '2026-01-05T16:00:00.000Z';
const small = sealChain([1, 2, 3, 4, 5].map((n) => ({ id: `evt_${n}`, event: { type: 'transfer.posted', version: 1, at: AT, data: { amountMinor: String(n * 100) } } })));

/** The fault of verifying `bytes` from the empty head, with the count of events handed on. */
function faultOf(bytes: Uint8Array): { fault: LogFault | undefined; count: number } {
  const run = verify([bytes]);
  return { fault: run.fault, count: run.events.length };
}

/** Expects the one-event file of `data` to fault 'malformed' at seq 1, for `reason`. */
function expectMalformed(data: readonly number[], reason: RegExp): void {
  const { fault, count } = faultOf(oneEventFile(data));
  expect(fault).toMatchObject({ kind: 'malformed', seq: 1, line: 1 });
  expect(fault?.reason).toMatch(reason);
  expect(count).toBe(0);
}

/** Expects the one-event file of `data` to verify, handing on data equal to `value`. */
function expectAccepted(data: readonly number[], value: unknown): void {
  const run = verify([oneEventFile(data)]);
  expect(run.fault).toBeUndefined();
  expect(run.events[0]?.data).toEqual(value);
}

const float = (value: number): number[] => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  return [Tag.FLOAT, ...new Uint8Array(view.buffer)];
};
const zigzag = (value: number): number[] => varint(value < 0 ? -value * 2 - 1 : value * 2);
// Dictionary numbers in a hand-made frame: id 0, type 1, at 2; the data's first new string is 3.
const SHORT_REF = (n: number): number => Tag.SHORT_REF + n;
const key = (text: string): number[] => utf8Value(text);

describe.each(VERDICT_SOURCES)('named faults (%s verdict)', (current) => {
  beforeAll(() => {
    source = current;
  });

  it('a file truncated at every byte: a prefix of whole blocks verifies, anything else is malformed "truncated"', () => {
    const { bytes, blockEnds } = binaryOf(small.envelopes, 2);
    for (let cut = 0; cut < bytes.length; cut += 1) {
      const run = verify([bytes.subarray(0, cut)]);
      const whole = blockEnds.filter((end) => end <= cut).length;
      const events = Math.min(small.envelopes.length, 2 * whole);
      expect(run.events).toEqual(small.envelopes.slice(0, events));
      if (cut === 0) expect(run.fault).toMatchObject({ kind: 'malformed', seq: 1, line: 1, reason: expect.stringMatching(/not a binary log/) });
      else if (cut < BINARY_LOG_MAGIC.length) expect(run.fault).toMatchObject({ kind: 'malformed', seq: 1, line: 1, reason: expect.stringMatching(/ends inside its magic bytes \(a truncated file/) });
      else if (cut === BINARY_LOG_MAGIC.length || blockEnds.includes(cut)) expect(run.fault).toBeUndefined();
      else expect(run.fault).toMatchObject({ kind: 'malformed', seq: events + 1, line: events + 1, reason: expect.stringMatching(/truncated/) });
    }
  });

  it('an empty file, and a JSONL log given as a binary one, are not binary logs', () => {
    expect(faultOf(new Uint8Array(0)).fault).toMatchObject({ kind: 'malformed', seq: 1, line: 1, reason: expect.stringMatching(/not a binary log/) });
    const text = new TextEncoder().encode(small.lines.map((line) => `${line}\n`).join(''));
    expect(faultOf(text).fault).toMatchObject({ kind: 'malformed', seq: 1, reason: expect.stringMatching(/not a binary log/) });
    // A magic with another format version, or one line ends rewritten (CR LF -> LF).
    const bytes = encodeBinaryLog(small.envelopes);
    expect(faultOf(Uint8Array.from([...bytes.subarray(0, 7), 2, ...bytes.subarray(8)])).fault?.reason).toMatch(/not a binary log/);
    expect(faultOf(Uint8Array.from([...bytes.subarray(0, 4), ...bytes.subarray(5)])).fault?.reason).toMatch(/not a binary log/);
  });

  it('a block length of 0 or over BLOCK_BYTES_MAX is refused at once; BLOCK_BYTES_MAX itself waits for its bytes', () => {
    const prefix = (length: number): number[] => [length & 0xff, (length >>> 8) & 0xff, (length >>> 16) & 0xff, length >>> 24];
    for (const length of [0, BLOCK_BYTES_MAX + 1, 0xffffffff]) {
      const { fault } = faultOf(fileOf(prefix(length)));
      expect(fault).toMatchObject({ kind: 'malformed', seq: 1, reason: expect.stringMatching(/length of 0 or more than the format allows/) });
    }
    expect(faultOf(fileOf(prefix(BLOCK_BYTES_MAX))).fault?.reason).toMatch(/truncated/);
    // After a good block, at the next event.
    const good = binaryOf(small.envelopes.slice(0, 2)).bytes;
    expect(faultOf(Uint8Array.from([...good, ...prefix(0)])).fault).toMatchObject({ seq: 3, line: 3 });
  });

  it('a block of no events, or of fewer than it says', () => {
    const frame = hashedFrameBytes([Tag.NULL]);
    expect(faultOf(fileOf(blockBytes([], 0))).fault?.reason).toMatch(/a block holds no events/);
    const { fault } = faultOf(fileOf(blockBytes(frame, 2)));
    expect(fault).toMatchObject({ kind: 'malformed', seq: 2, line: 2, reason: expect.stringMatching(/ends inside a value/) });
  });

  it('a dictionary reference past its end, a shape not yet met', () => {
    expectMalformed([SHORT_REF(3)], /string 3 is not in the block's dictionary/);
    expectMalformed([Tag.STRING_REF, ...varint(300)], /string 300 is not/);
    expectMalformed([Tag.OBJECT_SHAPE, 0], /shape 0 is not/);
    expect(faultOf(fileOf(blockBytes([SHORT_REF(0), ...frameBytes([Tag.NULL]).slice(4)], 1))).fault?.reason).toMatch(/string 0 is not/);
    expectAccepted([Tag.ARRAY, 2, SHORT_REF(2), Tag.STRING_REF, 0], ['2026-01-05T16:00:00+01:00', 'e1']);
  });

  it('an unknown tag, and a value that is not a string where a string must be', () => {
    for (const tag of [15, 16, 40, 63]) expectMalformed([tag], new RegExp(`unknown value tag ${tag}`));
    expect(faultOf(fileOf(blockBytes([Tag.NULL, ...frameBytes([Tag.NULL]).slice(4)], 1))).fault?.reason).toMatch(/must be a string/);
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 1, Tag.INT, 2, Tag.NULL], /must be a string/);
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 1, Tag.ARRAY, 0, Tag.NULL], /must be a string/);
  });

  it('keys or uuid prefixes nested without end: malformed, never a stack overflow', () => {
    const shapes = Array.from({ length: 100_000 }, () => [Tag.OBJECT_NEW_SHAPE, 1]).flat();
    expectMalformed(shapes, /must be a string/);
    expectMalformed(new Array<number>(200_000).fill(Tag.STRING_UUID), /prefix is itself in the uuid form/);
    const arrays = Array.from({ length: 100_000 }, () => [Tag.ARRAY, 1]).flat();
    expectMalformed(arrays, new RegExp(`nested deeper than ${VALUE_DEPTH_MAX}`));
  });

  it('a varint not in its shortest form, over 2^53 - 1, or over 8 bytes', () => {
    expectMalformed([Tag.INT, 0x80, 0x00], /not in its shortest form/);
    expectMalformed([Tag.INT, 0x81, 0x80, 0x00], /not in its shortest form/);
    expectMalformed([Tag.STRING_DIGITS, 0x85, 0x00], /not in its shortest form/);
    expectMalformed([Tag.INT, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10], /larger than 2\^53 - 1/);
    expectMalformed([Tag.INT, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f], /larger than 2\^53 - 1/);
    expectMalformed([Tag.INT, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01], /longer than 8 bytes/);
    expectAccepted([Tag.INT, ...varint(2 ** 53 - 1)], -(2 ** 52));
    expectAccepted([Tag.STRING_DIGITS, ...varint(2 ** 53 - 1)], '9007199254740991');
  });

  it('a shape with duplicate keys, or keys out of the order JSON.parse gives them', () => {
    const order = /duplicate keys, or keys out of the order/;
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 2, ...key('a'), SHORT_REF(3), Tag.NULL, Tag.NULL], order);
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 2, ...key('a'), ...key('0'), Tag.NULL, Tag.NULL], order);
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 2, ...key('10'), ...key('2'), Tag.NULL, Tag.NULL], order);
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 2, ...key('01'), ...key('0'), Tag.NULL, Tag.NULL], order);
    expectMalformed([Tag.OBJECT_NEW_SHAPE, 2, ...key('b'), ...key('4294967294'), Tag.NULL, Tag.NULL], order);
    // Insertion order for keys that are not array indexes ("01", "-1", 2^32 - 1), indexes first.
    expectAccepted([Tag.OBJECT_NEW_SHAPE, 5, ...key('2'), ...key('10'), ...key('b'), ...key('4294967295'), ...key('01'), 1, 2, 1, 2, 1], {
      2: false,
      10: true,
      b: false,
      '4294967295': true,
      '01': false,
    });
    const proto = verify([oneEventFile([Tag.OBJECT_NEW_SHAPE, 1, ...key('__proto__'), Tag.INT, 2])]);
    expect(proto.fault).toBeUndefined();
    expect(Object.hasOwn(proto.events[0]!.data as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(proto.events[0]!.data)).toBe(Object.prototype);
  });

  it('a float NaN, -0 or infinite; a float holding an integer reads as that integer', () => {
    expectMalformed(float(Number.NaN), /no JSON form/);
    expectMalformed(float(-0), /no JSON form/);
    expectMalformed(float(Number.POSITIVE_INFINITY), /no JSON form/);
    expectMalformed(float(Number.NEGATIVE_INFINITY), /no JSON form/);
    expectMalformed([Tag.FLOAT, 1, 2, 3], /ends inside a value/);
    expectAccepted(float(1), 1);
  });

  it('invalid UTF-8, short and long', () => {
    expectMalformed([Tag.STRING_UTF8, 1, 0xff], /not valid UTF-8/);
    expectMalformed([Tag.STRING_UTF8, 2, 0xc0, 0x80], /not valid UTF-8/);
    expectMalformed([Tag.STRING_UTF8, 3, 0xed, 0xa0, 0x80], /not valid UTF-8/);
    expectMalformed([Tag.STRING_UTF8, 40, ...new Array<number>(39).fill(0x61), 0xc3], /not valid UTF-8/);
    expectMalformed([Tag.STRING_UTF8, 5, 0x61], /ends inside a value/);
    expectAccepted([Tag.STRING_UTF8, 5, 0xef, 0xbb, 0xbf, 0xc3, 0xa9], '\uFEFFé');
    expectAccepted([Tag.STRING_UTF16, 2, 0x00, 0xd8, 0x61, 0x00], '\uD800a');
  });

  it('a digest made over a string without its leading U+FEFF proves nothing: the string keeps it', () => {
    // id = U+FEFF, U+0000, "x" (the control forces the escaping path); hashed as if the BOM were not there.
    const idBytes = [Tag.STRING_UTF8, 5, 0xef, 0xbb, 0xbf, 0x00, 0x78];
    const rest = [...utf8Value('t'), 1, ...utf8Value('2026-01-05T16:00:00+01:00'), Tag.NULL];
    const withoutBom = { seq: 1, id: '\u0000x', type: 't', version: 1, at: '2026-01-05T16:00:00+01:00', data: null, prevHash: '0'.repeat(64) };
    const file = fileOf(blockBytes([...idBytes, ...rest, ...digestBytes(nodeSha256Hex(unhashedText(withoutBom)))], 1));
    const run = verify([file]);
    expect(run.events).toEqual([]);
    expect(run.fault).toMatchObject({ kind: 'hash', seq: 1, line: 1 });
    const withBom = { ...withoutBom, id: '\uFEFF\u0000x' };
    const honest = fileOf(blockBytes([...idBytes, ...rest, ...digestBytes(nodeSha256Hex(unhashedText(withBom)))], 1));
    expect(verify([honest]).events.map((env) => env.id)).toEqual(['\uFEFF\u0000x']);
  });

  it('an instant past 9999 or before 1970, from the block\'s previous instant', () => {
    expectMalformed([Tag.STRING_INSTANT, ...zigzag(INSTANT_MS_MAX + 1)], /out of the years 0000-9999/);
    expectMalformed([Tag.STRING_INSTANT, ...zigzag(-1)], /out of the years/);
    expectMalformed([Tag.ARRAY, 2, Tag.STRING_INSTANT, ...zigzag(INSTANT_MS_MAX), Tag.STRING_INSTANT, 2], /out of the years/);
    expectAccepted([Tag.STRING_INSTANT, ...zigzag(INSTANT_MS_MAX)], '9999-12-31T23:59:59.999Z');
    expectAccepted([Tag.ARRAY, 2, Tag.STRING_INSTANT, ...zigzag(86_400_000), Tag.STRING_INSTANT, ...zigzag(-1)], ['1970-01-02T00:00:00.000Z', '1970-01-01T23:59:59.999Z']);
  });

  it('nesting past VALUE_DEPTH_MAX, in arrays and in objects', () => {
    const arrays = (depth: number): number[] => [...Array.from({ length: depth }, () => [Tag.ARRAY, 1]).flat(), Tag.NULL];
    expectMalformed(arrays(VALUE_DEPTH_MAX + 1), /nested deeper than 512/);
    const objects = (depth: number): number[] => [Tag.OBJECT_NEW_SHAPE, 1, ...key('k'), ...Array.from({ length: depth - 1 }, () => [Tag.OBJECT_SHAPE, 0]).flat(), Tag.NULL];
    expectMalformed(objects(VALUE_DEPTH_MAX + 1), /nested deeper than 512/);
    expect(verify([oneEventFile(arrays(VALUE_DEPTH_MAX))]).fault).toBeUndefined();
    expect(verify([oneEventFile(objects(VALUE_DEPTH_MAX))]).fault).toBeUndefined();
  });

  it('a uuid string whose prefix is a new uuid string (the writer never nests them)', () => {
    const uuid = new Array<number>(16).fill(0xab);
    expectMalformed([Tag.STRING_UUID, Tag.STRING_UUID, ...utf8Value('a'), ...uuid, ...uuid], /prefix is itself in the uuid form/);
    // The data's string is number 3; a prefix naming it has no text to give yet.
    expectMalformed([Tag.STRING_UUID, SHORT_REF(3), ...uuid], /string 3 is not in the block's dictionary/);
    expectAccepted([Tag.STRING_UUID, ...utf8Value('acct_'), ...uuid], `acct_${'abababab-abab-abab-abab-abababababab'}`);
  });

  it('a block whose first seq or prevHash does not continue the chain', () => {
    const { bytes: head } = binaryOf(small.envelopes.slice(0, 2));
    const skipped = sealChain([3, 4].map((n) => ({ id: `x${n}`, event: { type: 't', version: 1, at: AT, data: n } })), { seq: 3, hash: small.envelopes[1]!.hash });
    const forked = sealChain([3, 4].map((n) => ({ id: `x${n}`, event: { type: 't', version: 1, at: AT, data: n } })), { seq: 2, hash: small.envelopes[2]!.hash });
    const tail = (envelopes: typeof skipped.envelopes): Uint8Array => encodeBinaryLog(envelopes).subarray(BINARY_LOG_MAGIC.length);
    const sequence = verify([head, tail(skipped.envelopes)]);
    expect(sequence.fault).toMatchObject({ kind: 'sequence', seq: 3, line: 3, reason: 'expected seq 3, found seq 4' });
    expect(sequence.events).toEqual(small.envelopes.slice(0, 2));
    expect(verify([head, tail(forked.envelopes)]).fault).toMatchObject({ kind: 'prev_hash', seq: 3, line: 3 });
  });

  it('a changed hash: "hash" at that seq, the events before it handed on', () => {
    const { bytes } = binaryOf(small.envelopes, 2);
    for (const [index, env] of small.envelopes.entries()) {
      // Its own digest: the next block's prevHash, when it carries the same, comes later.
      const own = indexOfBytes(bytes, digestBytes(env.hash));
      const changed = bytes.slice();
      changed[own + 31] = changed[own + 31]! ^ 1;
      const run = verify([changed]);
      expect(run.fault).toMatchObject({ kind: 'hash', seq: env.seq, line: env.seq });
      expect(run.events).toEqual(small.envelopes.slice(0, index));
    }
  });

  it('bytes after a block\'s last event', () => {
    // The event itself is whole and handed on; the fault stands where a next event would.
    const { fault, count } = faultOf(fileOf(blockBytes([...hashedFrameBytes([Tag.NULL]), Tag.NULL], 1)));
    expect(fault).toMatchObject({ kind: 'malformed', seq: 2, line: 2, reason: expect.stringMatching(/bytes after its last event/) });
    expect(count).toBe(1);
  });

  it('an envelope field the text log would refuse: version 0, an empty id or type, an `at` that is no instant', () => {
    const frame = (id: string, type: string, version: number, at: string): number[] => [...utf8Value(id), ...utf8Value(type), ...varint(version), ...utf8Value(at), Tag.NULL, ...digestBytes('0'.repeat(64))];
    expect(faultOf(fileOf(blockBytes(frame('e', 't', 0, AT), 1))).fault?.reason).toMatch(/version must be an integer >= 1/);
    expect(faultOf(fileOf(blockBytes(frame('', 't', 1, AT), 1))).fault?.reason).toMatch(/id must be a non-empty string/);
    expect(faultOf(fileOf(blockBytes(frame('e', '', 1, AT), 1))).fault?.reason).toMatch(/type must be a non-empty string/);
    expect(faultOf(fileOf(blockBytes(frame('e', 't', 1, 'yesterday'), 1))).fault?.reason).toMatch(/at must be an ISO instant/);
  });
});

/** Where `needle` first occurs in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: readonly number[]): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
