/** verifyLog: one row per kind of damage, each reporting the first broken event's seq and kind. */
import { describe, expect, it } from 'vitest';
import { EMPTY_HEAD, GENESIS_HASH, sealEvent, verifyLog, type LogFaultKind } from '../../src/log/index.js';
import { headAt, lineWithValidHash, posted, sealAll } from './fixtures.js';

const log = sealAll([posted(100), posted(200), posted(300), posted(400), posted(500)]);
const [l1, l2, l3, l4, l5] = log.lines as [string, string, string, string, string];

/** Line 3 re-sealed on top of a wrong head: valid by itself, chained to the wrong hash. */
const l3OnWrongHead = sealEvent({ seq: 2, hash: 'f'.repeat(64) }, posted(300), 'evt_3').line;
/** Line 3 with its stored hash changed to another well-formed digest. */
const l3WrongHash = `${l3.slice(0, -66)}${'e'.repeat(64)}"}`;
/** Line 3 re-encoded (valid hash) with a structural defect. */
const restructured = (edit: (unhashed: string) => string): string => lineWithValidHash(`${edit(l3.slice(0, -75))}}`);

type Row = { name: string; lines: string[]; seq: number; line: number; kind: LogFaultKind; reason: RegExp };

const rows: Row[] = [
  { name: 'a gap in seq', lines: [l1, l2, l4, l5], seq: 3, line: 3, kind: 'sequence', reason: /expected seq 3, found seq 4/ },
  { name: 'a duplicated seq', lines: [l1, l2, l2, l3], seq: 3, line: 3, kind: 'sequence', reason: /expected seq 3, found seq 2/ },
  { name: 'a log that does not start at 1', lines: [l2, l3], seq: 1, line: 1, kind: 'sequence', reason: /found seq 2/ },
  { name: 'a wrong prevHash', lines: [l1, l2, l3OnWrongHead, l4], seq: 3, line: 3, kind: 'prev_hash', reason: /not the hash of seq 2/ },
  { name: 'a wrong hash', lines: [l1, l2, l3WrongHash, l4], seq: 3, line: 3, kind: 'hash', reason: /not the SHA-256/ },
  { name: 'malformed JSON', lines: [l1, l2, l3.slice(0, 40), l4], seq: 3, line: 3, kind: 'malformed', reason: /not valid JSON/ },
  {
    name: 'a missing field',
    lines: [l1, l2, restructured((u) => u.replace(/"at":"[^"]*",/, '')), l4],
    seq: 3, line: 3, kind: 'malformed', reason: /missing field "at"/,
  },
  {
    name: 'a wrong key order',
    lines: [l1, l2, restructured((u) => u.replace('"type":"transfer.posted","version":1', '"version":1,"type":"transfer.posted"')), l4],
    seq: 3, line: 3, kind: 'malformed', reason: /out of order/,
  },
  {
    name: 'an extra field',
    lines: [l1, l2, restructured((u) => u.replace('"version":1,', '"version":1,"signature":"x",')), l4],
    seq: 3, line: 3, kind: 'malformed', reason: /unexpected field "signature"/,
  },
  { name: 'a blank line inside the log', lines: [l1, l2, '', l3], seq: 3, line: 3, kind: 'malformed', reason: /blank line/ },
  { name: 'two trailing blank lines', lines: [l1, l2, '', ''], seq: 3, line: 3, kind: 'malformed', reason: /blank line/ },
  { name: 'a CRLF line ending', lines: [l1, `${l2}\r`, l3], seq: 2, line: 2, kind: 'malformed', reason: /canonical/ },
  {
    // TextEncoder (and node:crypto) turn a lone surrogate into U+FFFD: same bytes, same hash.
    name: 'U+FFFD replaced by a lone surrogate, which hashes the same',
    lines: [l1, l2, sealEvent(headAt(log, 2), { ...posted(300), data: { memo: '\ufffd' } }, 'evt_3').line.replace('\ufffd', '\ud800')],
    seq: 3, line: 3, kind: 'malformed', reason: /canonical/,
  },
  { name: 'a first event with a wrong prevHash', lines: [sealEvent({ seq: 0, hash: 'a'.repeat(64) }, posted(1), 'x').line], seq: 1, line: 1, kind: 'prev_hash', reason: /hash of seq 0/ },
];

describe('verifyLog reports the first broken event', () => {
  it.each(rows)('$name: seq $seq, kind $kind', ({ lines, seq, line, kind, reason }) => {
    const result = verifyLog(lines);
    expect(result).toMatchObject({ ok: false, fault: { seq, line, kind }, verifiedCount: seq - 1, head: headAt(log, seq - 1) });
    expect(!result.ok && result.fault.reason).toMatch(reason);
  });

  it('accepts an intact log and ends at its last event', () => {
    expect(verifyLog(log.lines)).toEqual({ ok: true, count: 5, head: log.head });
  });

  it('accepts one trailing blank line', () => {
    expect(verifyLog([...log.lines, ''])).toEqual({ ok: true, count: 5, head: log.head });
  });

  it('accepts an empty log with the empty head', () => {
    expect(verifyLog([])).toEqual({ ok: true, count: 0, head: EMPTY_HEAD });
    expect(verifyLog([''])).toEqual({ ok: true, count: 0, head: { seq: 0, hash: GENESIS_HASH } });
  });

  it('stops reading at the first fault', () => {
    let reads = 0;
    function* lines(): Generator<string> {
      for (const line of [l1, l2, l4, l5]) {
        reads += 1;
        yield line;
      }
    }
    expect(verifyLog(lines()).ok).toBe(false);
    expect(reads).toBe(3);
  });

  it('hands each verified event to onEvent in order, and none after the fault', () => {
    const seen: number[] = [];
    verifyLog([l1, l2, l3WrongHash, l4], { onEvent: (env) => seen.push(env.seq) });
    expect(seen).toEqual([1, 2]);
  });
});
