/**
 * The binary log round trip: a sealed chain written as blocks and verified back hands on the very
 * envelopes sealed, each re-encoding to its sealed JSONL line byte for byte, whatever the data,
 * the block sizes, or where the file's bytes are cut into chunks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINARY_LOG_MAGIC, encodeBinaryLog } from '../../../src/log/binary/index.js';
import { VALUE_DEPTH_MAX } from '../../../src/log/binary/format.js';
import { EMPTY_HEAD, encodeEnvelope, type ChainHead } from '../../../src/log/index.js';
import { numRuns } from '../fixtures.js';
import { binaryOf, type Chain, cutAt, eventArb, headArb, sealChain, VERDICT_SOURCES, type Verified, verifyChunks } from './helpers.js';

/** Expects the verifier's run to have handed on exactly `chain`, line for line, and ended at its head. */
function expectWholeChain(chain: Chain, run: Verified): void {
  expect(run.fault).toBeUndefined();
  expect(run.events.map(encodeEnvelope)).toEqual(chain.lines);
  expect(run.events).toEqual(chain.envelopes);
  expect(run.head).toEqual(chain.head);
  expect(run.count).toBe(chain.envelopes.length);
}

const chainArb = fc.tuple(fc.array(eventArb, { minLength: 1, maxLength: 12 }), headArb).map(([events, from]) => sealChain(events, from));

describe.each(VERDICT_SOURCES)('the binary log round trip (%s verdict)', (source) => {
  const verify = (chunks: readonly Uint8Array[], from?: ChainHead): ReturnType<typeof verifyChunks> => verifyChunks(chunks, from, source);

  it('hands on every sealed event, re-encoding to its sealed line, for data of every form', () => {
    fc.assert(
      fc.property(chainArb, (chain) => {
        expectWholeChain(chain, verify([encodeBinaryLog(chain.envelopes)], chain.from));
      }),
      { numRuns: numRuns * 2 },
    );
  });

  it('crosses many blocks the same way (small blockEvents / blockBytes)', () => {
    fc.assert(
      fc.property(chainArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 400 }), (chain, blockEvents, blockBytes) => {
        const { bytes, blockEnds } = binaryOf(chain.envelopes, blockEvents, blockBytes);
        expect(blockEnds.length).toBeGreaterThanOrEqual(Math.ceil(chain.envelopes.length / blockEvents));
        expectWholeChain(chain, verify([bytes], chain.from));
      }),
      { numRuns },
    );
  });

  it('reads the same when the bytes arrive cut at random places (empty chunks too)', () => {
    fc.assert(
      fc.property(chainArb, fc.integer({ min: 1, max: 3 }), fc.array(fc.nat(), { maxLength: 12 }), (chain, blockEvents, cuts) => {
        const { bytes } = binaryOf(chain.envelopes, blockEvents);
        expectWholeChain(chain, verify(cutAt(bytes, cuts.map((cut) => cut % (bytes.length + 1))), chain.from));
      }),
      { numRuns },
    );
  });

  it('reads the same one byte at a time', () => {
    const chain = sealChain(fc.sample(eventArb, { numRuns: 20, seed: 35 }));
    const { bytes } = binaryOf(chain.envelopes, 3);
    expectWholeChain(chain, verify(Array.from(bytes, (b) => Uint8Array.of(b))));
  });

  it('writes the numbers at the edges of the INT form and past it exactly', () => {
    const numbers = [0, -1, 1, 2 ** 52 - 1, -(2 ** 52), 2 ** 52, -(2 ** 52) - 1, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, -(2 ** 53), 0.5, 1e21, 5e-324, Number.MAX_VALUE];
    const chain = sealChain(numbers.map((n, i) => ({ id: `n${i}`, event: { type: 'n', version: 1, at: '2026-01-05T16:00:00.000Z', data: { n, list: [n] } } })));
    expectWholeChain(chain, verify([encodeBinaryLog(chain.envelopes)]));
  });

  it('keeps a byte order mark that starts a string', () => {
    const data = ['\uFEFF', '\uFEFFa', `\uFEFF${'x'.repeat(40)}`, { '\uFEFFkey': '\uFEFF€' }];
    const chain = sealChain([{ id: '\uFEFFid', event: { type: '\uFEFFt', version: 1, at: '2026-01-05T16:00:00.000Z', data } }]);
    expectWholeChain(chain, verify([encodeBinaryLog(chain.envelopes)]));
  });

  it('keeps ids whose prefix ends in a uuid, however many deep', () => {
    const uuid = '0190a4b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b';
    const ids = [`a${uuid}${uuid}`, `b${uuid.repeat(3)}`, `a${uuid}`, `c${uuid.repeat(20_000)}`];
    const chain = sealChain(ids.map((id) => ({ id, event: { type: 't', version: 1, at: '2026-01-05T16:00:00.000Z', data: id.length } })));
    expectWholeChain(chain, verify([encodeBinaryLog(chain.envelopes)]));
  });

  it('holds data nested exactly VALUE_DEPTH_MAX deep, arrays and objects', () => {
    let array: unknown = 1;
    let object: unknown = 1;
    for (let i = 0; i < VALUE_DEPTH_MAX; i += 1) {
      array = [array];
      object = { k: object };
    }
    const chain = sealChain([array, object].map((data, i) => ({ id: `d${i}`, event: { type: 't', version: 1, at: '2026-01-05T16:00:00.000Z', data } })));
    expectWholeChain(chain, verify([encodeBinaryLog(chain.envelopes)]));
  });

  it('gives each new string the next number, a `<prefix><uuid>` before its prefix, across many strings', () => {
    // Over SHORT_REFS strings, so both reference forms are read back; repeats refer back.
    const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    const events = Array.from({ length: 300 }, (_, i) => ({
      id: `evt_${uuid(i)}`,
      event: { type: 't', version: 1, at: '2026-01-05T16:00:00.000Z', data: { to: `acct_${uuid(i % 7)}`, from: `acct_${uuid(i)}`, ref: `evt_${uuid(Math.max(0, i - 3))}` } },
    }));
    const chain = sealChain(events);
    expectWholeChain(chain, verify([encodeBinaryLog(chain.envelopes)]));
  });

  it('is the magic alone for no events, and verifies as an empty log', () => {
    expect(encodeBinaryLog([])).toEqual(BINARY_LOG_MAGIC);
    const run = verify([BINARY_LOG_MAGIC]);
    expect(run).toEqual({ events: [], fault: undefined, head: EMPTY_HEAD, count: 0 });
  });

  it('starts where `from` says: a log sealed after seq 2^40 verifies from that head, and not from the empty one', () => {
    const from: ChainHead = { seq: 2 ** 40, hash: 'ab'.repeat(32) };
    const chain = sealChain(fc.sample(eventArb, { numRuns: 5, seed: 7 }), from);
    const bytes = encodeBinaryLog(chain.envelopes);
    expectWholeChain(chain, verify([bytes], from));
    expect(verify([bytes]).fault).toMatchObject({ kind: 'sequence', seq: 1, line: 1 });
  });
});
