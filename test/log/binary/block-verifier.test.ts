/**
 * The pieces the CLI's two-thread audit drives: the block splitter, a block verifier fed verdicts
 * computed elsewhere, firstWrongDigest, and the writer's well-formedness test without the runtime's.
 */
import { describe, expect, it } from 'vitest';
import { BINARY_LOG_MAGIC, isMagicPrefix } from '../../../src/log/binary/index.js';
import { isWellFormed } from '../../../src/log/binary/encoder.js';
import { createBinaryBlockVerifier, createBlockSplitter, firstWrongDigest } from '../../../src/log/binary/verifier.js';
import { EMPTY_HEAD, type EventEnvelope } from '../../../src/log/index.js';
import { binaryOf, sealChain } from './helpers.js';

const AT = '2026-01-05T16:00:00.000Z';
const chain = sealChain(Array.from({ length: 9 }, (_, i) => ({ id: `evt_${i + 1}`, event: { type: 't', version: 1, at: AT, data: { n: i } } })));
const { bytes, blockEnds } = binaryOf(chain.envelopes, 3);

/** The file's blocks, cut by the splitter from one chunk. */
function blocksOf(file: Uint8Array): Uint8Array[] {
  const cut = createBlockSplitter().push(file);
  expect(cut.problem).toBeUndefined();
  return cut.blocks;
}

describe('createBlockSplitter', () => {
  it('cuts the blocks the writer wrote, each its own copy', () => {
    const file = bytes.slice();
    const blocks = blocksOf(file);
    expect(blocks.map((block) => block.length)).toEqual(blockEnds.map((end, i) => end - (blockEnds[i - 1] ?? BINARY_LOG_MAGIC.length)));
    const before = blocks.map((block) => block.slice());
    file.fill(0);
    expect(blocks).toEqual(before);
  });

  it('says what is wrong with bytes left at the end: none, an unfinished block, or no magic', () => {
    const whole = createBlockSplitter();
    whole.push(bytes);
    expect(whole.leftover()).toBeUndefined();
    const cut = createBlockSplitter();
    cut.push(bytes.subarray(0, bytes.length - 1));
    expect(cut.leftover()).toMatch(/truncated/);
    expect(createBlockSplitter().leftover()).toMatch(/not a binary log/);
    const inMagic = createBlockSplitter();
    inMagic.push(bytes.subarray(0, 3));
    expect(inMagic.leftover()).toMatch(/ends inside its magic bytes \(a truncated file/);
  });
});

describe('createBinaryBlockVerifier', () => {
  it('takes a verdict computed elsewhere: the events before the wrong digest are handed on, then "hash"', () => {
    const handed: EventEnvelope[] = [];
    const verifier = createBinaryBlockVerifier({ onEvent: (env) => handed.push(env) });
    const [first, second] = blocksOf(bytes) as [Uint8Array, Uint8Array];
    expect(verifier.pushBlock(first, () => -1)).toBeUndefined();
    expect(verifier.pushBlock(second, () => 1)).toMatchObject({ kind: 'hash', seq: 5, line: 5 });
    expect(handed).toEqual(chain.envelopes.slice(0, 4));
    expect(verifier.head).toEqual({ seq: 4, hash: chain.envelopes[3]!.hash });
    expect(verifier.pushBlock(first, () => -1)).toMatchObject({ kind: 'hash', seq: 5 });
  });

  it('fails at the next event for a fault found outside the blocks, and keeps its first fault', () => {
    const verifier = createBinaryBlockVerifier({ from: EMPTY_HEAD });
    verifier.pushBlock(blocksOf(bytes)[0]!, () => -1);
    expect(verifier.fail('the framing broke')).toEqual({ seq: 4, line: 4, reason: 'the framing broke', kind: 'malformed' });
    expect(verifier.fail('again')).toMatchObject({ reason: 'the framing broke' });
  });

  it('hands on every event a verdict proves, and faults "hash" after them when it names one past the block', () => {
    const handed: EventEnvelope[] = [];
    const verifier = createBinaryBlockVerifier({ onEvent: (env) => handed.push(env) });
    expect(verifier.pushBlock(blocksOf(bytes)[0]!, () => 3)).toMatchObject({ kind: 'hash', seq: 4, line: 4 });
    expect(handed).toEqual(chain.envelopes.slice(0, 3));
  });

  it('refuses, as a bug, a verdict that is not an event index or -1', () => {
    for (const verdict of [-2, 0.5, Number.NaN]) expect(() => createBinaryBlockVerifier().pushBlock(blocksOf(bytes)[0]!, () => verdict)).toThrow(/digest verdict/);
  });
});

describe('firstWrongDigest', () => {
  it('is -1 for a sealed chain and the index of the first changed hash', () => {
    expect(firstWrongDigest(chain.envelopes)).toBe(-1);
    const changed = chain.envelopes.map((env, i) => (i === 6 || i === 8 ? { ...env, hash: 'f'.repeat(64) } : env));
    expect(firstWrongDigest(changed)).toBe(6);
  });
});

describe('isMagicPrefix', () => {
  it('is true for the magic and any start of it, false for anything else', () => {
    expect(isMagicPrefix(BINARY_LOG_MAGIC)).toBe(true);
    expect(isMagicPrefix(BINARY_LOG_MAGIC.subarray(0, 3))).toBe(true);
    expect(isMagicPrefix(new Uint8Array(0))).toBe(true);
    expect(isMagicPrefix(bytes)).toBe(true);
    expect(isMagicPrefix(new TextEncoder().encode('{"seq":1'))).toBe(false);
  });
});

describe('isWellFormed', () => {
  it('agrees with and without the runtime\'s String.prototype.isWellFormed', () => {
    const texts = ['', 'abc', '\uD83D\uDE00', '\uD800', 'a\uDFFF', '\uDE00\uD83D', '\uD83D\uDE00\uD83D', 'é€'];
    const native = texts.map(isWellFormed);
    expect(native).toEqual([true, true, true, false, false, false, false, true]);
    const descriptor = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    try {
      delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
      expect(texts.map(isWellFormed)).toEqual(native);
    } finally {
      if (descriptor !== undefined) Object.defineProperty(String.prototype, 'isWellFormed', descriptor);
    }
  });
});
