/**
 * hashed-text.ts writes each event's canonical line straight from a block's bytes, for the
 * worker that only checks digests; decoder.ts makes the events the engine applies. The two read
 * the same bytes by separate code, so the rule tested here is that they agree: for every event the
 * decoder accepts, the line written is the UTF-8 of `unhashedText` of the decoded event, on sound
 * blocks and on damaged ones alike, and a digest is proved only when it is the line's SHA-256.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBlock } from '../../../src/log/binary/decoder.js';
import { createBinaryLogWriter } from '../../../src/log/binary/encoder.js';
import { eachHashedLine, firstWrongDigestInBlock } from '../../../src/log/binary/hashed-text.js';
import { unhashedText } from '../../../src/log/codec.js';
import { EMPTY_HEAD, type EventEnvelope, GENESIS_HASH } from '../../../src/log/envelope.js';
import { sealEvent } from '../../../src/log/seal.js';


/** A chain of events holding `datas`, sealed from seq 1, each minute a new instant. */
function sealed(datas: readonly unknown[]): EventEnvelope[] {
  let head = EMPTY_HEAD;
  return datas.map((data, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const { envelope } = sealEvent(head, { type: i % 3 === 0 ? 'A' : 'B', version: 1, at, data }, `01KDVA7EC0000000${String(i).padStart(10, '0')}`);
    head = { seq: envelope.seq, hash: envelope.hash };
    return envelope;
  });
}

function blocksOf(envelopes: readonly EventEnvelope[], blockEvents: number): Uint8Array[] {
  const blocks: Uint8Array[] = [];
  const writer = createBinaryLogWriter({ onBlock: (block) => blocks.push(block), blockEvents });
  for (const env of envelopes) expect(writer.push(env)).toBeUndefined();
  writer.finish();
  return blocks;
}

function linesOf(block: Uint8Array): string[] {
  const lines: string[] = [];
  eachHashedLine(block, 0, block.length, (line) => {
    lines.push(line);
    return true;
  });
  return lines;
}

// Data that reaches every string form and both object paths (a new shape and one met before).
const data = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ id: fc.constantFrom('Transaction:019a0b1c-2d3e-7f40-8a5b-6c7d8e9f0a1b', 'a1', '01KDVA7EC000000001WR9BY7BJ'), amount: fc.constantFrom('0', '61641', '007', '999999999999999', '1000000000000000'), at: fc.constantFrom('2026-01-05T16:00:00.000Z', '2026-01-05T16:00:00Z'), note: fc.string({ unit: 'binary', maxLength: 6 }) }),
);

describe('hashed-text: the worker\'s lines agree with the decoder', () => {
  it('writes, for every event of a sound block, the UTF-8 of unhashedText of the event decoded', () => {
    fc.assert(
      fc.property(fc.array(data, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 9 }), (datas, blockEvents) => {
        const envelopes = sealed(datas);
        const lines = blocksOf(envelopes, blockEvents).flatMap(linesOf);
        expect(lines).toEqual(envelopes.map((env) => unhashedText(env)));
      }),
    );
  });

  it('proves every digest of a sound block, and names the first event whose hash was changed', () => {
    fc.assert(
      fc.property(fc.array(data, { minLength: 2, maxLength: 12 }), fc.nat(), (datas, pick) => {
        const [block] = blocksOf(sealed(datas), 64);
        expect(firstWrongDigestInBlock(block!, 0, block!.length)).toBe(-1);
        const changed = pick % datas.length;
        let stored = '';
        eachHashedLine(block!, 0, block!.length, (_line, index, storedHash) => {
          if (index === changed) stored = storedHash;
          return true;
        });
        const digestAt = Buffer.from(block!).indexOf(Buffer.from(stored, 'hex'));
        expect(digestAt).toBeGreaterThan(0);
        const damaged = block!.slice();
        damaged[digestAt + (pick % 32)]! ^= 1;
        expect(firstWrongDigestInBlock(damaged, 0, damaged.length)).toBe(changed);
      }),
    );
  });

  it('agrees with the decoder on every event the decoder accepts in a damaged block, and never proves one it does not reach', () => {
    const blocks = blocksOf(sealed(Array.from({ length: 12 }, (_, i) => ({ i, who: `a${i % 4}`, note: i % 2 === 0 ? 'x"y\\z\n' : 'é', list: [i, 1.5, null, true] }))), 64);
    const block = blocks[0]!;
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.nat({ max: block.length - 1 }), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 3 }), (edits) => {
        const damaged = block.slice();
        for (const edit of edits) damaged[Math.max(4, edit.at)] = edit.value;
        // A header damaged out of its place decodes nothing here: there is then nothing to compare.
        const decoded = decodeBlock(damaged, 0, damaged.length, { seq: 1, prevHash: GENESIS_HASH, eventNumber: 1 }).envelopes;
        const lines = linesOf(damaged);
        const both = Math.min(decoded.length, lines.length);
        for (let i = 0; i < both; i += 1) expect(lines[i]).toBe(unhashedText(decoded[i]!));
        // The verdict never proves an event the walker did not write.
        const wrong = firstWrongDigestInBlock(damaged, 0, damaged.length);
        expect(wrong === -1 || wrong <= lines.length).toBe(true);
        if (wrong === -1) expect(lines.length).toBeGreaterThanOrEqual(decoded.length);
      }),
      { numRuns: 300 },
    );
  });
});
