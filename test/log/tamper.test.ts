/**
 * Tamper evidence: any single changed character, deleted, swapped or duplicated line is found
 * at exactly the first event it breaks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLines, verifyLog } from '../../src/log/index.js';
import { codePointArb, codeUnitArb, eventsArb, headAt, numRuns, sealAll } from './fixtures.js';

/** Characters that matter to JSON, to the line structure and to hex, plus any code unit at all. */
const replacementArb = fc.oneof(
  fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', '\n', '\r', ' ', '0', '1', '9', 'a', 'f', 'A', 'e', '-', '.'),
  fc.constantFrom('\u2028', '\ufffd', '\ud800', '\udc00', 'é'),
  codeUnitArb,
  codePointArb,
);

/** Distance from a position to the next newline: the line ends `<64 hex>"}`, so 3..66 is a hex digit. */
function toLineEnd(text: string, position: number): number {
  return text.indexOf('\n', position) - position;
}

const isInHash = (text: string, position: number): boolean =>
  toLineEnd(text, position) >= 3 && toLineEnd(text, position) <= 66;

/** Where to change: anywhere, on a newline, or inside a stored hash; `pick` chooses among them. */
const targetArb = fc.record({ where: fc.constantFrom('anywhere', 'newline', 'hash'), pick: fc.nat() });

function positionIn(text: string, target: { where: string; pick: number }): number {
  if (target.where === 'anywhere') return target.pick % text.length;
  const candidates: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (target.where === 'newline' ? text[i] === '\n' : isInHash(text, i)) candidates.push(i);
  }
  return candidates[target.pick % candidates.length] ?? 0;
}

/** 1 + the number of newlines before `position`: the line that holds it (a newline ends its line). */
function lineOf(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position; i += 1) if (text[i] === '\n') line += 1;
  return line;
}

describe('verifyLog on a tampered log', () => {
  it('fails at the event whose line holds any single changed character (a newline belongs to the line it ends)', () => {
    fc.assert(
      fc.property(eventsArb, targetArb, replacementArb, (events, target, replacement) => {
        const log = sealAll(events);
        const position = positionIn(log.text, target);
        const original = log.text[position] ?? '';
        fc.pre(replacement !== original);
        const tampered = `${log.text.slice(0, position)}${replacement}${log.text.slice(position + 1)}`;
        const seq = lineOf(log.text, position);

        const result = verifyLog(splitLines(tampered));

        expect(result).toMatchObject({
          ok: false,
          fault: { seq, line: seq },
          verifiedCount: seq - 1,
          head: headAt(log, seq - 1),
        });
        if (result.ok) return;
        // A changed newline merges two lines or breaks the last one: never a valid line.
        if (original === '\n') expect(result.fault.kind).toBe('malformed');
        // Another lowercase hex digit in a stored hash leaves a well-formed line with a wrong hash.
        if (isInHash(log.text, position) && /^[0-9a-f]$/.test(replacement)) expect(result.fault.kind).toBe('hash');
      }),
      { numRuns },
    );
  });

  it('fails at a deleted line; a deleted last line leaves a valid shorter log (truncation needs an anchored head)', () => {
    fc.assert(
      fc.property(eventsArb, fc.nat(), (events, pick) => {
        const log = sealAll(events);
        const seq = (pick % events.length) + 1;
        const result = verifyLog(log.lines.filter((_, i) => i !== seq - 1));
        if (seq === events.length) {
          expect(result).toEqual({ ok: true, count: seq - 1, head: headAt(log, seq - 1) });
        } else {
          expect(result).toMatchObject({ ok: false, fault: { seq, line: seq, kind: 'sequence' }, verifiedCount: seq - 1 });
        }
      }),
      { numRuns },
    );
  });

  it('fails at the earlier of two swapped lines', () => {
    fc.assert(
      fc.property(eventsArb.filter((events) => events.length >= 2), fc.nat(), fc.nat(), (events, a, b) => {
        const log = sealAll(events);
        const i = a % events.length;
        const j = (i + 1 + (b % (events.length - 1))) % events.length;
        const lines = [...log.lines];
        [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
        const seq = Math.min(i, j) + 1;
        expect(verifyLog(lines)).toMatchObject({ ok: false, fault: { seq, line: seq, kind: 'sequence' }, verifiedCount: seq - 1 });
      }),
      { numRuns },
    );
  });

  it('fails at the copy of a duplicated line', () => {
    fc.assert(
      fc.property(eventsArb, fc.nat(), (events, pick) => {
        const log = sealAll(events);
        const i = pick % events.length;
        const lines = [...log.lines.slice(0, i + 1), ...log.lines.slice(i)];
        const seq = i + 2;
        expect(verifyLog(lines)).toMatchObject({ ok: false, fault: { seq, line: seq, kind: 'sequence' }, verifiedCount: seq - 1 });
      }),
      { numRuns },
    );
  });
});

describe('hash-only verification (canonical: false)', () => {
  it('still catches every changed character of a sealed log', async () => {
    const { verifyLog, sealEvent, EMPTY_HEAD } = await import('../../src/log/index.js');
    let head = EMPTY_HEAD;
    const lines: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const sealed = sealEvent(head, { type: 'T', version: 1, at: '2026-01-01T00:00:00.000Z', data: { n: i, s: 'héllo' } }, `E${i}`);
      lines.push(sealed.line);
      head = { seq: sealed.envelope.seq, hash: sealed.envelope.hash };
    }
    expect(verifyLog(lines, { canonical: false }).ok).toBe(true);
    for (let line = 0; line < lines.length; line += 1) {
      const text = lines[line] as string;
      for (let at = 0; at < text.length; at += 7) {
        const changed = [...lines];
        changed[line] = text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);
        const result = verifyLog(changed, { canonical: false });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.fault.seq).toBe(line + 1);
      }
    }
  });

  it('refuses a lone surrogate, whose bytes would hash like U+FFFD', async () => {
    const { decodeLine, sealEvent, EMPTY_HEAD } = await import('../../src/log/index.js');
    const sealed = sealEvent(EMPTY_HEAD, { type: 'T', version: 1, at: '2026-01-01T00:00:00.000Z', data: { s: '\ufffd' } }, 'E1');
    for (const lone of ['\ud800', '\udc00', '\udc00\ud800', 'a\ud83d']) {
      const decoded = decodeLine(sealed.line.replace('\ufffd', lone), 1, 1, false);
      expect(decoded.ok, JSON.stringify(lone)).toBe(false);
    }
    // A proper pair is one code point, stored as is.
    const emoji = sealEvent(EMPTY_HEAD, { type: 'T', version: 1, at: '2026-01-01T00:00:00.000Z', data: { s: '\ud83d\ude00' } }, 'E1');
    expect(decodeLine(emoji.line, 1, 1, false).ok).toBe(true);
  });
});
