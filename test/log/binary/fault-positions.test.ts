/**
 * Where a binary log's fault stands: at the first broken event by seq, as in a text log, even when
 * a block holds a wrong digest before bytes that do not decode; `line` is the event's number in
 * the file, `seq` the seq it should have.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_HEAD, splitLines, verifyLog, type ChainHead } from '../../../src/log/index.js';
import { binaryOf, type Chain, digestBytes, sealChain, verifyChunks } from './helpers.js';

const AT = '2026-01-05T16:00:00.000Z';
const MARKER = 'MARKER';

/** Twelve events; event `markerAt` (1-based) holds MARKER as its data, the others a number. */
function chainOf(from: ChainHead = EMPTY_HEAD, markerAt = 10): Chain {
  return sealChain(
    Array.from({ length: 12 }, (_, i) => ({ id: `evt_${i + 1}`, event: { type: 't', version: 1, at: AT, data: i + 1 === markerAt ? MARKER : { n: i + 1 } } })),
    from,
  );
}

/** Where `needle` first occurs in `bytes`, or -1. */
function indexOf(bytes: Uint8Array, needle: readonly number[]): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** `bytes` with event `index`'s digest changed (its first occurrence: its own, before any block's prevHash). */
function wrongDigest(bytes: Uint8Array, chain: Chain, index: number): Uint8Array {
  const at = indexOf(bytes, digestBytes(chain.envelopes[index]!.hash));
  const out = bytes.slice();
  out[at] = out[at]! ^ 0x40;
  return out;
}

/** `bytes` with MARKER's UTF-8 made invalid (its first byte 0xff). */
function badUtf8(bytes: Uint8Array): Uint8Array {
  const at = indexOf(bytes, Array.from(new TextEncoder().encode(MARKER)));
  const out = bytes.slice();
  out[at] = 0xff;
  return out;
}

describe('fault positions', () => {
  it('a wrong digest at event 3 and malformed bytes at event 10 of one block: "hash" at event 3', () => {
    const chain = chainOf();
    const { bytes, blockEnds } = binaryOf(chain.envelopes);
    expect(blockEnds).toHaveLength(1);
    const run = verifyChunks([badUtf8(wrongDigest(bytes, chain, 2))]);
    expect(run.fault).toMatchObject({ kind: 'hash', seq: 3, line: 3 });
    expect(run.events).toEqual(chain.envelopes.slice(0, 2));
    expect(run.head).toEqual({ seq: 2, hash: chain.envelopes[1]!.hash });
  });

  it('as a text log with the same damage reports it', () => {
    const chain = chainOf();
    const lines = [...chain.lines];
    lines[2] = lines[2]!.replace(/"hash":"(.)/, (_, c: string) => `"hash":"${c === 'a' ? 'b' : 'a'}`);
    lines[9] = lines[9]!.replace(MARKER, `${MARKER}"`);
    const text = verifyLog(splitLines(lines.map((line) => `${line}\n`).join('')));
    expect(text).toMatchObject({ ok: false, fault: { kind: 'hash', seq: 3, line: 3 } });
  });

  it('malformed bytes at event 10 alone: "malformed" at event 10, the nine before handed on', () => {
    const chain = chainOf();
    const run = verifyChunks([badUtf8(binaryOf(chain.envelopes).bytes)]);
    expect(run.fault).toMatchObject({ kind: 'malformed', seq: 10, line: 10, reason: expect.stringMatching(/not valid UTF-8/) });
    expect(run.events).toEqual(chain.envelopes.slice(0, 9));
  });

  it('malformed bytes at event 3 and a wrong digest at event 10: "malformed" at event 3', () => {
    const chain = chainOf(EMPTY_HEAD, 3);
    const run = verifyChunks([badUtf8(wrongDigest(binaryOf(chain.envelopes).bytes, chain, 9))]);
    expect(run.fault).toMatchObject({ kind: 'malformed', seq: 3, line: 3 });
    expect(run.events).toHaveLength(2);
  });

  it('line counts events across blocks: a wrong digest at event 6 (block 2) wins over bad bytes at event 10 (block 3)', () => {
    const chain = chainOf();
    const { bytes, blockEnds } = binaryOf(chain.envelopes, 4);
    expect(blockEnds).toHaveLength(3);
    expect(verifyChunks([badUtf8(wrongDigest(bytes, chain, 5))]).fault).toMatchObject({ kind: 'hash', seq: 6, line: 6 });
    expect(verifyChunks([badUtf8(bytes)]).fault).toMatchObject({ kind: 'malformed', seq: 10, line: 10 });
    expect(verifyChunks([wrongDigest(bytes, chain, 11)]).fault).toMatchObject({ kind: 'hash', seq: 12, line: 12 });
  });

  it('line is the number in the file and seq the chain\'s: a log after seq 1000 faults at seq 1003, line 3', () => {
    const from = { seq: 1000, hash: 'cd'.repeat(32) };
    const chain = chainOf(from);
    const run = verifyChunks([badUtf8(wrongDigest(binaryOf(chain.envelopes, 5).bytes, chain, 2))], from);
    expect(run.fault).toMatchObject({ kind: 'hash', seq: 1003, line: 3 });
    expect(verifyChunks([badUtf8(binaryOf(chain.envelopes, 5).bytes)], from).fault).toMatchObject({ kind: 'malformed', seq: 1010, line: 10 });
  });

  it('a fault stays: pushing more bytes after it returns it again, and hands nothing more on', () => {
    const chain = chainOf();
    const { bytes } = binaryOf(chain.envelopes, 4);
    const run = verifyChunks([wrongDigest(bytes, chain, 1), bytes, bytes]);
    expect(run.fault).toMatchObject({ kind: 'hash', seq: 2, line: 2 });
    expect(run.events).toHaveLength(1);
  });
});
