/** The JSONL codec and sealing: exact line format, the hashed bytes, and what decodeLine rejects. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import {
  decodeLine,
  EMPTY_HEAD,
  encodeEnvelope,
  GENESIS_HASH,
  HASH_FIELD_LENGTH,
  hashedTextOf,
  LINE_LENGTH_MAX,
  sealEvent,
} from '../../src/log/index.js';
import { AT, lineWithValidHash, newEventArb, nodeSha256Hex, numRuns, posted } from './fixtures.js';

// The worked example of docs/log.md; its hash was cross-checked with `sha256sum`.
const EXAMPLE_LINE =
  '{"seq":1,"id":"01JHX5Q8Z2T3V4W5X6Y7Z8A9BC","type":"transfer.posted","version":1,' +
  '"at":"2026-01-31T18:00:00.000Z","data":{"amountMinor":"1250","currency":"USD","memo":"café"},' +
  '"prevHash":"0000000000000000000000000000000000000000000000000000000000000000",' +
  '"hash":"383ea76c60e9922838a41f57ac649b1317d67004877739ec70128ca944f357c2"}';

describe('sealEvent', () => {
  it('writes the worked example of docs/log.md byte for byte', () => {
    const sealed = sealEvent(
      EMPTY_HEAD,
      { type: 'transfer.posted', version: 1, at: AT, data: { amountMinor: '1250', currency: 'USD', memo: 'café' } },
      '01JHX5Q8Z2T3V4W5X6Y7Z8A9BC',
    );
    expect(sealed.line).toBe(EXAMPLE_LINE);
    expect(sealed.envelope).toEqual({
      seq: 1,
      id: '01JHX5Q8Z2T3V4W5X6Y7Z8A9BC',
      type: 'transfer.posted',
      version: 1,
      at: AT,
      data: { amountMinor: '1250', currency: 'USD', memo: 'café' },
      prevHash: GENESIS_HASH,
      hash: '383ea76c60e9922838a41f57ac649b1317d67004877739ec70128ca944f357c2',
    });
    expect(Object.keys(sealed.envelope)).toEqual(['seq', 'id', 'type', 'version', 'at', 'data', 'prevHash', 'hash']);
  });

  it('chains the next event to the head: seq + 1 and prevHash = head hash', () => {
    const first = sealEvent(EMPTY_HEAD, posted(1), 'a');
    const second = sealEvent(first.envelope, posted(2), 'b');
    expect(second.envelope.seq).toBe(2);
    expect(second.envelope.prevHash).toBe(first.envelope.hash);
  });

  it('uses an injected sha256 instead of the default', () => {
    const seen: string[] = [];
    const sealed = sealEvent(EMPTY_HEAD, posted(1), 'a', {
      sha256: (text) => {
        seen.push(text);
        return nodeSha256Hex(text);
      },
    });
    expect(seen).toEqual([hashedTextOf(sealed.line)]);
  });

  it('treats an injected sha256 returning another format as a bug', () => {
    const upper = (text: string): string => nodeSha256Hex(text).toUpperCase();
    expect(() => sealEvent(EMPTY_HEAD, posted(1), 'a', { sha256: upper })).toThrow(InvariantError);
  });

  it.each([
    ['an instant without zone offset', { ...posted(1), at: '2026-01-31T18:00:00' }],
    ['a version of 0', { ...posted(1), version: 0 }],
    ['an empty type', { ...posted(1), type: '' }],
    ['bigint data', { ...posted(1), data: { amountMinor: 1n } }],
    ['undefined data', { ...posted(1), data: undefined }],
    ['data longer than LINE_LENGTH_MAX', { ...posted(1), data: 'x'.repeat(LINE_LENGTH_MAX) }],
  ])('treats %s as a bug (throws InvariantError)', (_name, event) => {
    expect(() => sealEvent(EMPTY_HEAD, event, 'a')).toThrow(InvariantError);
  });

  it('treats an empty id or an invalid head as a bug', () => {
    expect(() => sealEvent(EMPTY_HEAD, posted(1), '')).toThrow(InvariantError);
    expect(() => sealEvent({ seq: -1, hash: GENESIS_HASH }, posted(1), 'a')).toThrow(InvariantError);
    expect(() => sealEvent({ seq: 0, hash: 'abc' }, posted(1), 'a')).toThrow(InvariantError);
  });

  it('stores -0 as 0, so sealed data must already be JSON-canonical for replay to equal live state', () => {
    const sealed = sealEvent(EMPTY_HEAD, { ...posted(1), data: { delta: -0 } }, 'a');
    const decoded = decodeLine(sealed.line, 1);
    expect(decoded.ok && Object.is((decoded.value.data as { delta: number }).delta, 0)).toBe(true);
  });
});

describe('the hashed bytes', () => {
  it('are the stored line with its final ,"hash":"<64 hex>"} replaced by }', () => {
    expect(HASH_FIELD_LENGTH).toBe(75);
    const unhashed = `${EXAMPLE_LINE.slice(0, -75)}}`;
    expect(hashedTextOf(EXAMPLE_LINE)).toBe(unhashed);
    expect(EXAMPLE_LINE.slice(-66, -2)).toBe(nodeSha256Hex(unhashed));
  });

  it('equal the sha256 (by node:crypto) of the line without its hash field, for any event', () => {
    fc.assert(
      fc.property(newEventArb, (event) => {
        const { envelope, line } = sealEvent(EMPTY_HEAD, event, 'id');
        expect(line.endsWith(`,"hash":"${envelope.hash}"}`)).toBe(true);
        expect(envelope.hash).toBe(nodeSha256Hex(`${line.slice(0, -HASH_FIELD_LENGTH)}}`));
      }),
      { numRuns },
    );
  });
});

describe('encodeEnvelope and decodeLine', () => {
  it('round-trip: decode(line) equals the sealed envelope and encode(envelope) equals the line', () => {
    fc.assert(
      fc.property(newEventArb, fc.string({ minLength: 1, maxLength: 30 }), (event, id) => {
        const { envelope, line } = sealEvent(EMPTY_HEAD, event, id);
        expect(encodeEnvelope(envelope)).toBe(line);
        const decoded = decodeLine(line, 1);
        expect(decoded).toEqual({ ok: true, value: envelope });
        expect(decoded.ok && encodeEnvelope(decoded.value)).toBe(line);
      }),
      { numRuns },
    );
  });

  it('treats encoding an envelope with a malformed hash as a bug', () => {
    const { envelope } = sealEvent(EMPTY_HEAD, posted(1), 'a');
    expect(() => encodeEnvelope({ ...envelope, hash: 'ABC' })).toThrow(InvariantError);
  });

  const unhashed = EXAMPLE_LINE.slice(0, -75);
  const prevHash = `"prevHash":"${GENESIS_HASH}"`;
  const rejected: ReadonlyArray<readonly [string, string, RegExp]> = [
    ['text that is not JSON', '{"seq":1,', /not valid JSON/],
    ['a JSON array', '[1,2,3]', /not a JSON object/],
    ['an object without seq', lineWithValidHash(`${unhashed.replace('"seq":1,', '')}}`), /missing field "seq"/],
    ['an extra field', lineWithValidHash(`${unhashed.replace('"seq":1,', '"seq":1,"x":0,')}}`), /unexpected field "x"/],
    ['an extra field after the hash', `${EXAMPLE_LINE.slice(0, -1)},"x":0}`, /unexpected field "x"/],
    [
      'fields out of order',
      lineWithValidHash(`${unhashed.replace('"seq":1,"id":"01JHX5Q8Z2T3V4W5X6Y7Z8A9BC"', '"id":"01JHX5Q8Z2T3V4W5X6Y7Z8A9BC","seq":1')}}`),
      /out of order/,
    ],
    ['seq 0', lineWithValidHash(`${unhashed.replace('"seq":1', '"seq":0')}}`), /seq must be/],
    ['seq as a string', lineWithValidHash(`${unhashed.replace('"seq":1', '"seq":"1"')}}`), /seq must be/],
    ['a fractional version', lineWithValidHash(`${unhashed.replace('"version":1', '"version":1.5')}}`), /version must be/],
    ['an instant without offset', lineWithValidHash(`${unhashed.replace('18:00:00.000Z', '18:00:00.000')}}`), /at must be/],
    ['a short prevHash', lineWithValidHash(`${unhashed.replace(prevHash, '"prevHash":"00"')}}`), /prevHash must be/],
    ['an uppercase hash', `${EXAMPLE_LINE.slice(0, -66)}${EXAMPLE_LINE.slice(-66, -2).toUpperCase()}"}`, /hash must be/],
    ['whitespace after a colon', lineWithValidHash(`${unhashed.replace('"seq":1', '"seq": 1')}}`), /canonical/],
    ['a needless escape', lineWithValidHash(`${unhashed.replace('"USD"', '"\\u0055SD"')}}`), /canonical/],
    ['a number written as 1.0', lineWithValidHash(`${unhashed.replace('"version":1', '"version":1.0')}}`), /canonical/],
    ['-0 in data', lineWithValidHash(`${unhashed.replace('"memo":"café"', '"memo":-0')}}`), /canonical/],
    ['a duplicate key', lineWithValidHash(`${unhashed.replace('"data":{', '"data":1,"data":{')}}`), /canonical/],
    ['a trailing carriage return', `${EXAMPLE_LINE}\r`, /canonical/],
    ['a raw lone surrogate', lineWithValidHash(`${unhashed.replace('café', 'caf\ud800')}}`), /canonical/],
    ['a line longer than LINE_LENGTH_MAX', `${EXAMPLE_LINE}${' '.repeat(LINE_LENGTH_MAX)}`, /longer than/],
    [
      'data nested too deeply to re-encode (a stack overflow, not a throw)',
      lineWithValidHash(`${unhashed.replace(/"data":\{[^}]*\}/, `"data":${'['.repeat(400_000)}${']'.repeat(400_000)}`)}}`),
      /nested too deeply/,
    ],
  ];

  it.each(rejected)('rejects %s as malformed, naming the expected seq and line', (_name, line, reason) => {
    const decoded = decodeLine(line, 7, 5);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.error).toMatchObject({ seq: 5, line: 7, kind: 'malformed' });
    expect(decoded.error.reason).toMatch(reason);
  });

  it('names the line number as the seq when no expected seq is given', () => {
    expect(decodeLine('nope', 3)).toMatchObject({ ok: false, error: { seq: 3, line: 3 } });
  });

  it('accepts a structurally valid line whatever its hash value (the chain is not its job)', () => {
    const otherHash = `${EXAMPLE_LINE.slice(0, -66)}${'a'.repeat(64)}"}`;
    expect(decodeLine(otherHash, 1).ok).toBe(true);
  });
});
