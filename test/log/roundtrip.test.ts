/** Sealing, encoding and verifying a whole log: what was written is what is read back. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLog, splitLines, verifyLog, type EventEnvelope } from '../../src/log/index.js';
import { eventsArb, numRuns, sealAll } from './fixtures.js';

describe('a sealed log', () => {
  it('verifies, ending at the last event and its hash', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        const log = sealAll(events);
        const last = log.envelopes[log.envelopes.length - 1];
        expect(encodeLog(log.envelopes)).toBe(log.text);
        expect(verifyLog(splitLines(log.text))).toEqual({
          ok: true,
          count: events.length,
          head: { seq: events.length, hash: last?.hash },
        });
      }),
      { numRuns },
    );
  });

  it('decodes and replays into the same envelopes, in order', () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        const log = sealAll(events);
        const lines = splitLines(log.text);
        expect(lines.map((line, i) => decodeLine(line, i + 1))).toEqual(
          log.envelopes.map((value) => ({ ok: true, value })),
        );
        const replayed: EventEnvelope[] = [];
        verifyLog(lines, { onEvent: (env) => replayed.push(env) });
        expect(replayed).toEqual(log.envelopes);
      }),
      { numRuns },
    );
  });
});
