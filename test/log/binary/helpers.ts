/**
 * Shared pieces of the binary log's tests: arbitraries that reach every string form and value
 * tag, a sealed chain's binary bytes (whole or in small blocks), a verifier run that collects
 * what it hands on, and a hand builder of blocks for bytes the writer would never make.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { BINARY_LOG_MAGIC, createBinaryChainVerifier, createBinaryLogWriter } from '../../../src/log/binary/index.js';
import { ByteWriter } from '../../../src/log/binary/bytes.js';
import { decodeBlock } from '../../../src/log/binary/decoder.js';
import { firstWrongDigestInBlock } from '../../../src/log/binary/hashed-text.js';
import { createBinaryBlockVerifier, createBlockSplitter, type DigestVerdict } from '../../../src/log/binary/verifier.js';
import { BLOCK_LENGTH_BYTES, Tag } from '../../../src/log/binary/format.js';
import { unhashedText } from '../../../src/log/codec.js';
import { EMPTY_HEAD, GENESIS_HASH, sealEvent, sha256Hex, type ChainHead, type EventEnvelope, type LogFault, type NewEvent } from '../../../src/log/index.js';
import { codePointArb, codeUnitArb, nodeSha256Hex } from '../fixtures.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HEX = '0123456789abcdef';

/** A string of `length` characters drawn from `alphabet`. */
function stringOf(alphabet: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(fc.integer({ min: 0, max: alphabet.length - 1 }), { minLength, maxLength }).map((codes) => codes.map((c) => alphabet[c]).join(''));
}

/** Decimal digits: without a leading zero (1 to 17 digits, 15 and 16 often), with one, and "0". */
export const digitsArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(stringOf('123456789', 1, 1), fc.oneof(stringOf(HEX.slice(0, 10), 0, 16), stringOf(HEX.slice(0, 10), 14, 15))).map(([a, b]) => a + b),
  stringOf(HEX.slice(0, 10), 1, 16).map((rest) => `0${rest}`),
  fc.constantFrom('0', '999999999999999', '1000000000000000', '9007199254740991', '9007199254740993'),
);

/** A ULID: first character 0-7 (the form's) or 8-Z (not a 128-bit one), and its lowercase. */
export const ulidArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(stringOf('01234567', 1, 1), stringOf(CROCKFORD, 25, 25)).map(([a, b]) => a + b),
  fc.tuple(stringOf(CROCKFORD.slice(8), 1, 1), stringOf(CROCKFORD, 25, 25)).map(([a, b]) => a + b),
  fc.tuple(stringOf('01234567', 1, 1), stringOf(CROCKFORD, 25, 25)).map(([a, b]) => (a + b).toLowerCase()),
  // Letters Crockford leaves out.
  fc.tuple(stringOf('01234567', 1, 1), stringOf('ILOU', 1, 1), stringOf(CROCKFORD, 24, 24)).map(([a, b, c]) => a + b + c),
);

/** A canonical lowercase uuid, 8-4-4-4-12. */
export const uuidArb: fc.Arbitrary<string> = fc
  .tuple(stringOf(HEX, 8, 8), stringOf(HEX, 4, 4), stringOf(HEX, 4, 4), stringOf(HEX, 4, 4), stringOf(HEX, 12, 12))
  .map((parts) => parts.join('-'));

/** `<prefix><uuid>`, with lower- and uppercase hex, prefixes that end in a uuid, and a bare uuid. */
export const prefixedUuidArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('', 'acct_', 'txn_', 'pay_', 'x', '0', '2026-01-05T16:00:00.000Z', 'é_'), uuidArb, fc.constantFrom('lower', 'upper', 'double'), uuidArb)
  .map(([prefix, uuid, form, other]) => (form === 'lower' ? prefix + uuid : form === 'upper' ? prefix + uuid.toUpperCase() : `${prefix}${other}${uuid}`));

/** 0000-01-01T00:00:00.000Z, the first instant of a 4-digit year. */
export const YEAR_0000_MS = -62_167_219_200_000;
/** +010000-01-01T00:00:00.000Z, the first instant toISOString writes with 6 digits. */
export const YEAR_10000_MS = 253_402_300_800_000;

/** toISOString instants from before year 0000 to past 9999, and the same instants in other forms. */
export const instantArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 4_102_444_800_000 }),
      fc.integer({ min: YEAR_0000_MS - 1000, max: YEAR_10000_MS + 86_400_000 }),
      fc.constantFrom(0, -1, 253_402_300_799_999, YEAR_10000_MS, YEAR_0000_MS, YEAR_0000_MS - 1),
    ),
    fc.constantFrom('ms', 'ms', 'ms', 'seconds', 'offset', 'micros', 'lower'),
  )
  .map(([ms, form]) => {
    const text = new Date(ms).toISOString();
    if (form === 'seconds') return text.replace(/\.\d{3}Z$/, 'Z');
    if (form === 'offset') return text.replace(/Z$/, '+00:00');
    if (form === 'micros') return text.replace(/Z$/, '000Z');
    if (form === 'lower') return text.toLowerCase();
    return text;
  });

/** An instant `at` may hold (the text log's shape): toISOString from 0000 to 9999, or with seconds or an offset. */
export const atArb: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: YEAR_0000_MS, max: 253_402_300_799_999 }), fc.constantFrom('ms', 'ms', 'ms', 'seconds', 'offset'))
  .map(([ms, form]) => {
    const text = new Date(ms).toISOString();
    return form === 'seconds' ? text.replace(/\.\d{3}Z$/, 'Z') : form === 'offset' ? text.replace(/Z$/, '+01:00') : text;
  });

/** Strings with lone surrogates, a byte order mark first, long ASCII and non-ASCII, and the empty string. */
export const oddStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.oneof(codePointArb, codeUnitArb), maxLength: 40 }),
  fc.string({ unit: codeUnitArb, minLength: 1, maxLength: 5 }),
  fc.string({ unit: codePointArb, maxLength: 40 }).map((text) => `\uFEFF${text}`),
  fc.string({ minLength: 30, maxLength: 70 }),
  fc.constantFrom('', '\uD800', '\uDFFF', 'a\uDC00b', '\uD83D\uDE00', '\u0000', '"\\'),
);

/** Any string form's input. */
export const formStringArb: fc.Arbitrary<string> = fc.oneof(digitsArb, ulidArb, prefixedUuidArb, instantArb, oddStringArb);

/** Numbers at the edges of each number form: safe integers, 2^52 and 2^53 around, floats, -0. */
export const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 2 ** 52 - 1, 2 ** 52, -(2 ** 52), -(2 ** 52) - 1, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), -(2 ** 53 - 1), 2 ** 53 + 2, 0.1, 1e21, 5e-324, Number.MAX_VALUE),
);

/** Keys JSON.parse orders apart (array indexes first), `__proto__`, and keys that look like indexes but are not. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', '0', '1', '10', '01', '2', '-1', '1.5', '4294967294', '4294967295', 'constructor', 'amountMinor', 'currency', ''),
  formStringArb,
);

/** JSON values built from the arbitraries above, nested arrays and objects of every key kind. */
export const valueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false),
    numberArb,
    formStringArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 5 }).map(objectOf),
  ),
})).value;

/** An object with `entries` as own properties in insertion order (`__proto__` too), as JSON.parse would make it. */
export function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  return object;
}

/** What JSON.parse gives for the text of `value` (-0 becomes 0): the data a log holds. */
export function canonical(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** A decider's event whose id, type, instant and data reach every form. */
export const eventArb: fc.Arbitrary<{ event: NewEvent; id: string }> = fc.record({
  event: fc.record({
    type: fc.oneof(fc.constantFrom('transfer.posted', 'account.opened'), formStringArb.filter((text) => text.length > 0)),
    version: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom(127, 128, 16_384, 2 ** 53 - 1)),
    at: atArb,
    data: fc.oneof(valueArb, fc.jsonValue({ maxDepth: 3, stringUnit: fc.oneof(codePointArb, codeUnitArb) })).map(canonical),
  }),
  id: fc.oneof(ulidArb, prefixedUuidArb, digitsArb, oddStringArb.filter((text) => text.length > 0)),
});

/** A head to start a chain from: the empty head, or one far along. */
export const headArb: fc.Arbitrary<ChainHead> = fc.oneof(
  fc.constant(EMPTY_HEAD),
  fc.tuple(fc.integer({ min: 1, max: 2 ** 53 - 100 }), stringOf(HEX, 64, 64)).map(([seq, hash]) => ({ seq, hash })),
);

/** A sealed chain: its envelopes, its JSONL lines and its head. */
export type Chain = { readonly from: ChainHead; readonly envelopes: EventEnvelope[]; readonly lines: string[]; readonly head: ChainHead };

/** Seals `events` in order after `from`, each with its own id. */
export function sealChain(events: ReadonlyArray<{ event: NewEvent; id: string }>, from: ChainHead = EMPTY_HEAD): Chain {
  const envelopes: EventEnvelope[] = [];
  const lines: string[] = [];
  let head = from;
  for (const { event, id } of events) {
    const sealed = sealEventFast(head, event, id);
    envelopes.push(sealed.envelope);
    lines.push(sealed.line);
    head = { seq: sealed.envelope.seq, hash: sealed.envelope.hash };
  }
  return { from, envelopes, lines, head };
}

// sealEvent with node:crypto's SHA-256 (the property tests seal thousands of events).
function sealEventFast(head: ChainHead, event: NewEvent, id: string): ReturnType<typeof sealEvent> {
  return sealEvent(head, event, id, { sha256: nodeSha256Hex });
}

/** The binary log of `envelopes` written in blocks of at most `blockEvents` events or about `blockBytes` bytes. */
export function binaryOf(envelopes: readonly EventEnvelope[], blockEvents?: number, blockBytes?: number): { bytes: Uint8Array; blockEnds: number[] } {
  const out = new ByteWriter();
  out.raw(BINARY_LOG_MAGIC);
  const blockEnds: number[] = [];
  const writer = createBinaryLogWriter({
    onBlock: (block) => {
      out.raw(block);
      blockEnds.push(out.length);
    },
    ...(blockEvents === undefined ? {} : { blockEvents }),
    ...(blockBytes === undefined ? {} : { blockBytes }),
  });
  for (const env of envelopes) {
    const problem = writer.push(env);
    if (problem !== undefined) throw new Error(`seq ${env.seq}: ${problem}`);
  }
  writer.finish();
  return { bytes: out.take(), blockEnds };
}

/** What a verifier made of `chunks`: the events it handed on, its fault, head and count. */
export type Verified = { readonly events: EventEnvelope[]; readonly fault: LogFault | undefined; readonly head: ChainHead; readonly count: number };

/**
 * Whose verdict proves a block's digests: `decoded` hashes the decoded events' canonical lines
 * (createBinaryChainVerifier's own), `bytes` hashes the lines hashed-text.ts writes straight from
 * the block's bytes (the CLI's worker). Either way only the decoded events are handed on.
 */
export type VerdictSource = 'decoded' | 'bytes';

/** Both verdict sources, for tests that must hold under each. */
export const VERDICT_SOURCES: readonly VerdictSource[] = ['decoded', 'bytes'];

const bytesVerdict: DigestVerdict = (_envelopes, block) =>
  firstWrongDigestInBlock(block, 0, block.length, (bytes) => createHash('sha256').update(bytes).digest('hex'));

/** Pushes `chunks` in order to a verifier from `from`, then finishes it. */
export function verifyChunks(chunks: readonly Uint8Array[], from: ChainHead = EMPTY_HEAD, source: VerdictSource = 'decoded'): Verified {
  const events: EventEnvelope[] = [];
  const onEvent = (env: EventEnvelope): void => {
    events.push(env);
  };
  if (source === 'bytes') return verifyByBlocks(chunks, from, onEvent, events);
  const verifier = createBinaryChainVerifier({ from, sha256: nodeSha256Hex, onEvent });
  let fault: LogFault | undefined;
  for (const chunk of chunks) fault ??= verifier.push(chunk);
  fault ??= verifier.finish();
  return { events, fault, head: verifier.head, count: verifier.count };
}

// As the CLI's audit drives it: the splitter cuts blocks, hashed-text proves their digests.
function verifyByBlocks(chunks: readonly Uint8Array[], from: ChainHead, onEvent: (env: EventEnvelope) => void, events: EventEnvelope[]): Verified {
  const blocks = createBinaryBlockVerifier({ from, onEvent });
  const splitter = createBlockSplitter();
  let fault: LogFault | undefined;
  for (const chunk of chunks) {
    if (fault !== undefined) break;
    const cut = splitter.push(chunk);
    for (const block of cut.blocks) fault ??= blocks.pushBlock(block, bytesVerdict);
    if (fault === undefined && cut.problem !== undefined) fault = blocks.fail(cut.problem);
  }
  const leftover = fault === undefined ? splitter.leftover() : undefined;
  if (leftover !== undefined) fault = blocks.fail(leftover);
  return { events, fault, head: blocks.head, count: blocks.count };
}

/** `bytes` cut at `cuts` (positions, any order, duplicates allowed: empty chunks too). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const sorted = [...cuts].map((cut) => Math.min(cut, bytes.length)).sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const cut of sorted) {
    chunks.push(bytes.slice(start, cut));
    start = cut;
  }
  chunks.push(bytes.slice(start));
  return chunks;
}

/** The 32 bytes of a hex digest. */
export function digestBytes(hex: string): number[] {
  return Array.from({ length: 32 }, (_, i) => Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** Bytes of a varint (7 bits a byte, low first). */
export function varint(value: number): number[] {
  const out = new ByteWriter(16);
  out.varint(value);
  return Array.from(out.take());
}

/** A new UTF-8 string value. */
export function utf8Value(text: string): number[] {
  const bytes = new TextEncoder().encode(text);
  return [Tag.STRING_UTF8, ...varint(bytes.length), ...bytes];
}

/**
 * One hand-made frame: id, type and at as new UTF-8 strings (dictionary numbers 0, 1, 2), version
 * 1, then `data` (the value's bytes as given) and a digest (zeros unless given).
 */
export function frameBytes(data: readonly number[], options: { id?: string; hash?: string } = {}): number[] {
  const { id = 'e1', hash = GENESIS_HASH } = options;
  return [...utf8Value(id), ...utf8Value('t'), 1, ...utf8Value('2026-01-05T16:00:00+01:00'), ...data, ...digestBytes(hash)];
}

/** A hand-made block: length prefix, count, first seq, prevHash, then `frames` as given. */
export function blockBytes(frames: readonly number[], count: number, firstSeq = 1, prevHash = GENESIS_HASH): number[] {
  const body = [...varint(count), ...varint(firstSeq), ...digestBytes(prevHash), ...frames];
  const length = body.length;
  return [length & 0xff, (length >>> 8) & 0xff, (length >>> 16) & 0xff, length >>> 24, ...body];
}

/** A file of the magic then `blocks`. */
export function fileOf(...blocks: ReadonlyArray<readonly number[]>): Uint8Array {
  return Uint8Array.from([...BINARY_LOG_MAGIC, ...blocks.flat()]);
}

/**
 * The hand-made frame of `data` (bytes) carrying its real digest when the bytes decode as the
 * first event of a block (so that a fault can only come from them), zeros when they do not.
 */
export function hashedFrameBytes(data: readonly number[]): number[] {
  const draft = Uint8Array.from(blockBytes(frameBytes(data), 1));
  const env = decodeBlock(draft, 0, draft.length, { seq: 1, prevHash: GENESIS_HASH, eventNumber: 1 }).envelopes[0];
  return frameBytes(data, { hash: env === undefined ? GENESIS_HASH : sha256Hex(unhashedText(env)) });
}

/** The file of one hand-made event whose data is `data` (bytes), as hashedFrameBytes. */
export function oneEventFile(data: readonly number[]): Uint8Array {
  return fileOf(blockBytes(hashedFrameBytes(data), 1));
}

export { BLOCK_LENGTH_BYTES, Tag };
