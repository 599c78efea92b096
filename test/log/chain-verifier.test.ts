/** createChainVerifier: the incremental verifier that replay drives line by line. */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { createChainVerifier, EMPTY_HEAD, type EventEnvelope } from '../../src/log/index.js';
import { headAt, nodeSha256Hex, posted, sealAll } from './fixtures.js';

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

  it('treats an injected sha256 with the wrong output format as a bug', () => {
    const verifier = createChainVerifier({ sha256: (text) => Buffer.from(nodeSha256Hex(text), 'hex').toString('base64') });
    expect(() => verifier.push(log.lines[0] ?? '')).toThrow(InvariantError);
  });

  it('treats an invalid starting head as a bug', () => {
    expect(() => createChainVerifier({ from: { seq: 1.5, hash: EMPTY_HEAD.hash } })).toThrow(InvariantError);
    expect(() => createChainVerifier({ from: { seq: 1, hash: 'xyz' } })).toThrow(InvariantError);
  });
});
