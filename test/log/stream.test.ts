/** verifyLogStream: the async twin of verifyLog gives the same verdict and the same events. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyLog, verifyLogStream, type EventEnvelope } from '../../src/log/index.js';
import { asyncLines, eventsArb, numRuns, posted, sealAll } from './fixtures.js';

/** A log's lines after one kind of damage (or none). */
const damageArb = fc.record({
  kind: fc.constantFrom('none', 'char', 'delete', 'swap', 'blank'),
  at: fc.nat(),
  char: fc.constantFrom('x', '"', '\n', '0', '}'),
});

function damaged(lines: readonly string[], damage: { kind: string; at: number; char: string }): string[] {
  const out = [...lines];
  const i = damage.at % out.length;
  const line = out[i] ?? '';
  if (damage.kind === 'char') out[i] = `${line.slice(0, damage.at % line.length)}${damage.char}${line.slice((damage.at % line.length) + 1)}`;
  if (damage.kind === 'delete') out.splice(i, 1);
  if (damage.kind === 'swap' && out.length > 1) [out[0], out[i]] = [out[i] ?? '', out[0] ?? ''];
  if (damage.kind === 'blank') out.splice(i, 0, '');
  return out;
}

describe('verifyLogStream', () => {
  it('gives the same verdict and hands out the same events as verifyLog', async () => {
    await fc.assert(
      fc.asyncProperty(eventsArb, damageArb, async (events, damage) => {
        const lines = damaged(sealAll(events).lines, damage);
        const syncEvents: EventEnvelope[] = [];
        const streamEvents: EventEnvelope[] = [];
        const expected = verifyLog(lines, { onEvent: (env) => syncEvents.push(env) });
        const actual = await verifyLogStream(asyncLines(lines), { onEvent: (env) => streamEvents.push(env) });
        expect(actual).toEqual(expected);
        expect(streamEvents).toEqual(syncEvents);
      }),
      { numRuns },
    );
  });

  it('stops reading at the first fault and closes the source', async () => {
    const log = sealAll([posted(1), posted(2), posted(3), posted(4)]);
    let reads = 0;
    let closed = false;
    async function* source(): AsyncGenerator<string> {
      try {
        for (const line of [log.lines[0] ?? '', 'garbage', ...log.lines.slice(2)]) {
          reads += 1;
          yield line;
        }
      } finally {
        closed = true;
      }
    }
    const result = await verifyLogStream(source());
    expect(result).toMatchObject({ ok: false, fault: { seq: 2, kind: 'malformed' } });
    expect(reads).toBe(2);
    expect(closed).toBe(true);
  });
});
