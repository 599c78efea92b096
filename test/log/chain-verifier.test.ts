/** createChainVerifier: the incremental verifier that replay drives line by line. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { createChainVerifier, EMPTY_HEAD, type EventEnvelope, type LogFault } from '../../src/log/index.js';
import { decodeLine, HASH_FIELD_LENGTH, hashedTextOf } from '../../src/log/codec.js';
import { eventsArb, headAt, lineWithValidHash, nodeSha256Hex, numRuns, posted, sealAll } from './fixtures.js';

const log = sealAll([posted(10), posted(20), posted(30), posted(40)]);

describe('createChainVerifier', () => {
  it('advances head and count with each verified line and hands the event to onEvent', () => {
    const seen: EventEnvelope[] = [];
    const verifier = createChainVerifier({ onEvent: (env) => seen.push(env) });
    expect(verifier.head).toEqual(EMPTY_HEAD);
    for (const [i, line] of log.lines.entries()) {
      expect(verifier.push(line)).toBeUndefined();
      expect(verifier.count).toBe(i + 1);
      expect(verifier.head).toEqual(headAt(log, i + 1));
    }
    expect(seen).toEqual(log.envelopes);
    expect(verifier.fault).toBeUndefined();
  });

  it('keeps returning the first fault and stops moving once a line fails', () => {
    const verifier = createChainVerifier();
    verifier.push(log.lines[0] ?? '');
    const fault = verifier.push(log.lines[2] ?? '');
    expect(fault).toMatchObject({ seq: 2, line: 2, kind: 'sequence' });
    expect(verifier.push(log.lines[1] ?? '')).toBe(fault);
    expect(verifier.fault).toBe(fault);
    expect(verifier.count).toBe(1);
    expect(verifier.head).toEqual(headAt(log, 1));
  });

  it('continues a chain from a given head, numbering lines from head.seq + 1 by default', () => {
    const verifier = createChainVerifier({ from: headAt(log, 2) });
    expect(verifier.push(log.lines[2] ?? '')).toBeUndefined();
    expect(verifier.push('{')).toMatchObject({ seq: 4, line: 4, kind: 'malformed' });
    expect(verifier.count).toBe(1);
  });

  it('numbers lines from firstLineNumber when given', () => {
    const verifier = createChainVerifier({ from: headAt(log, 2), firstLineNumber: 1 });
    expect(verifier.push('{')).toMatchObject({ seq: 3, line: 1 });
  });

  it('reports a chain continued from the wrong head as a prev_hash fault', () => {
    const verifier = createChainVerifier({ from: { seq: 2, hash: 'b'.repeat(64) } });
    expect(verifier.push(log.lines[2] ?? '')).toMatchObject({ seq: 3, kind: 'prev_hash' });
  });

  it('hashes with an injected sha256, once per line, over the line without its hash field', () => {
    const hashed: string[] = [];
    const verifier = createChainVerifier({
      sha256: (text) => {
        hashed.push(text);
        return nodeSha256Hex(text);
      },
    });
    for (const line of log.lines) verifier.push(line);
    expect(verifier.count).toBe(4);
    expect(hashed).toEqual(log.lines.map((line) => `${line.slice(0, -75)}}`));
  });

  it('reports a malformed prevHash as a malformed line, whatever the head (the format check is skipped only for a prevHash equal to the head)', () => {
    const verifier = createChainVerifier();
    verifier.push(log.lines[0] ?? '');
    const second = log.envelopes[1]!;
    const unhashed = `${(log.lines[1] ?? '').slice(0, -HASH_FIELD_LENGTH)}}`;
    for (const bad of ['00', second.prevHash.toUpperCase(), `${second.prevHash.slice(0, 63)}g`]) {
      const line = lineWithValidHash(unhashed.replace(second.prevHash, bad));
      expect(createChainVerifier({ from: headAt(log, 1) }).push(line)).toMatchObject({ seq: 2, kind: 'malformed', reason: expect.stringMatching(/prevHash must be/) });
    }
    expect(verifier.push(log.lines[1] ?? '')).toBeUndefined();
  });

  it('treats an injected sha256 with the wrong output format as a bug', () => {
    const verifier = createChainVerifier({ sha256: (text) => Buffer.from(nodeSha256Hex(text), 'hex').toString('base64') });
    expect(() => verifier.push(log.lines[0] ?? '')).toThrow(InvariantError);
  });

  it('never passes a hash field that is not hex, even when a broken sha256 returns that same text', () => {
    // Neither the digest nor the hash field is hex: their being equal must not let the line pass.
    const unhashed = `${(log.lines[0] ?? '').slice(0, -HASH_FIELD_LENGTH)}}`;
    const forged = `${unhashed.slice(0, -1)},"hash":"${'X'.repeat(64)}"}`;
    const verifier = createChainVerifier({ sha256: () => 'X'.repeat(64) });
    expect(verifier.push(forged)).toMatchObject({ seq: 1, kind: 'malformed', reason: expect.stringMatching(/hash must be/) });
  });

  it('treats an invalid starting head as a bug', () => {
    expect(() => createChainVerifier({ from: { seq: 1.5, hash: EMPTY_HEAD.hash } })).toThrow(InvariantError);
    expect(() => createChainVerifier({ from: { seq: 1, hash: 'xyz' } })).toThrow(InvariantError);
  });
});

/**
 * The verifier as specified: decodeLine's checks first (hash field format included), then seq,
 * prevHash and digest. The real one skips the hash field's format check on the way and must
 * still report exactly this fault.
 */
function referenceFault(lines: readonly string[], canonical: boolean): LogFault | undefined {
  let head = EMPTY_HEAD;
  for (const [i, line] of lines.entries()) {
    const seq = head.seq + 1;
    const decoded = decodeLine(line, i + 1, seq, canonical, head.hash);
    if (!decoded.ok) return decoded.error;
    const env = decoded.value;
    if (env.seq !== seq) return { seq, line: i + 1, kind: 'sequence', reason: `expected seq ${seq}, found seq ${env.seq}` };
    if (env.prevHash !== head.hash) return { seq, line: i + 1, kind: 'prev_hash', reason: `prevHash ${env.prevHash} is not the hash of seq ${head.seq} (${head.hash})` };
    const digest = nodeSha256Hex(hashedTextOf(line));
    if (digest !== env.hash) return { seq, line: i + 1, kind: 'hash', reason: `hash ${env.hash} is not the SHA-256 of the line (${digest})` };
    head = { seq, hash: env.hash };
  }
  return undefined;
}

describe('createChainVerifier against the specified order of checks', () => {
  const edit = fc.record({
    line: fc.nat(),
    at: fc.nat(),
    text: fc.constantFrom('A', 'F', 'g', '0', '"', '1', ' ', '}', '\\u0041', ',"x":1'),
    swapWith: fc.option(fc.nat(), { nil: undefined }),
  });
  it('reports the same first fault for lines changed anywhere, the hash field included', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean(), (events, edits, canonical) => {
        const lines = [...sealAll(events).lines];
        for (const e of edits) {
          const i = e.line % lines.length;
          const line = lines[i]!;
          // Half the edits land in the stored hash field, which the fast decode does not scan.
          const at = e.at % 2 === 0 ? line.length - 2 - (e.at % 66) : e.at % line.length;
          lines[i] = line.slice(0, at) + e.text + line.slice(at + 1);
          if (e.swapWith !== undefined) {
            const j = e.swapWith % lines.length;
            [lines[i], lines[j]] = [lines[j]!, lines[i]!];
          }
        }
        const verifier = createChainVerifier({ sha256: nodeSha256Hex, canonical });
        for (const line of lines) if (verifier.push(line) !== undefined) break;
        expect(verifier.fault).toEqual(referenceFault(lines, canonical));
      }),
      { numRuns },
    );
  });
});
