/** splitLines and encodeLog: whole-log text in memory. */
import { describe, expect, it } from 'vitest';
import { encodeLog, splitLines, verifyLog } from '../../src/log/index.js';
import { posted, sealAll } from './fixtures.js';

describe('splitLines', () => {
  it.each([
    ['', []],
    ['\n', ['']],
    ['a', ['a']],
    ['a\n', ['a']],
    ['a\nb\n', ['a', 'b']],
    ['a\nb', ['a', 'b']],
    ['a\n\n', ['a', '']],
    ['a\r\nb\r\n', ['a\r', 'b\r']],
  ])('splits %j into %j (one trailing empty line dropped, CR kept)', (text, lines) => {
    expect(splitLines(text)).toEqual(lines);
  });
});

describe('encodeLog', () => {
  it('writes one line per envelope, each ending in a newline', () => {
    const log = sealAll([posted(1), posted(2)]);
    expect(encodeLog(log.envelopes)).toBe(`${log.lines[0]}\n${log.lines[1]}\n`);
    expect(verifyLog(splitLines(encodeLog(log.envelopes)))).toMatchObject({ ok: true, count: 2 });
  });

  it('writes an empty log as the empty string', () => {
    expect(encodeLog([])).toBe('');
  });
});
