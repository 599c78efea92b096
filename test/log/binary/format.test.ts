/** docs/binary-log.md's worked example, byte for byte: the layout a reader in another language is told of. */
import { describe, expect, it } from 'vitest';
import { encodeBinaryLog } from '../../../src/log/binary/index.js';
import { EMPTY_HEAD, encodeEnvelope, sealEvent } from '../../../src/log/index.js';
import { verifyChunks } from './helpers.js';

const first = sealEvent(
  EMPTY_HEAD,
  { type: 'transfer.posted', version: 1, at: '2026-01-31T18:00:00.000Z', data: { amountMinor: '1250', currency: 'USD', memo: 'café' } },
  '01JHX5Q8Z2T3V4W5X6Y7Z8A9BC',
);
const second = sealEvent(
  first.envelope,
  { type: 'transfer.posted', version: 1, at: '2026-01-31T18:00:00.250Z', data: { amountMinor: '980', currency: 'USD', memo: 'to acct_0190a4b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b' } },
  '01JHX5Q8Z2T3V4W5X6Y7Z8A9BD',
);

// The annotated bytes of docs/binary-log.md, line by line.
const EXAMPLE_HEX = [
  '89 4c 4f 47 0d 0a 1a 01',
  'f1 00 00 00',
  '02',
  '01',
  '00 '.repeat(32),
  '08 01 94 7a 5b a3 e2 d0 f6 4e 17 a6 f1 fe 85 25 6c',
  '06 0f 74 72 61 6e 73 66 65 72 2e 70 6f 73 74 65 64',
  '01',
  '0b 80 d4 b1 d3 82 67',
  '0e 03',
  '06 0b 61 6d 6f 75 6e 74 4d 69 6e 6f 72',
  '06 08 63 75 72 72 65 6e 63 79',
  '06 04 6d 65 6d 6f',
  '07 e2 09',
  '06 03 55 53 44',
  '06 05 63 61 66 c3 a9',
  first.envelope.hash,
  '08 01 94 7a 5b a3 e2 d0 f6 4e 17 a6 f1 fe 85 25 6d',
  '41',
  '01',
  '0b f4 03',
  '0d 00',
  '07 d4 07',
  '47',
  '09',
  '06 08 74 6f 20 61 63 63 74 5f',
  '01 90 a4 b2 1c 3d 7e 4f 8a 9b 0c 1d 2e 3f 4a 5b',
  second.envelope.hash,
]
  .join('')
  .replace(/ /g, '');

describe("docs/binary-log.md's worked example", () => {
  it('is the bytes the writer makes for the two events, 253 against 692 of JSONL', () => {
    expect(first.envelope.hash).toBe('383ea76c60e9922838a41f57ac649b1317d67004877739ec70128ca944f357c2');
    expect(second.envelope.hash).toBe('79901a3fd88299bbc171a2017f5b1614eae9f0df71d31f481325a3271ce28693');
    const bytes = encodeBinaryLog([first.envelope, second.envelope]);
    expect(Buffer.from(bytes).toString('hex')).toBe(EXAMPLE_HEX);
    expect(bytes.length).toBe(253);
    expect(Buffer.byteLength(`${first.line}\n${second.line}\n`)).toBe(692);
  });

  it('reads back as the two lines', () => {
    const run = verifyChunks([Buffer.from(EXAMPLE_HEX, 'hex')]);
    expect(run.fault).toBeUndefined();
    expect(run.events.map(encodeEnvelope)).toEqual([first.line, second.line]);
  });
});
