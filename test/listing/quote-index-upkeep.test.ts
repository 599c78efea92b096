/**
 * The quote list index is kept by the quote events that list a quote or move its state (created,
 * authorized, executed, expired) and by the transaction events (a quote's wire status follows its
 * transaction's); flow steps, halts and failed SCA attempts leave it alone (issue 16: replay cost).
 * Rule: after every event of an API-driven log, the index kept live equals one rebuilt from the
 * stores, status by status.
 */
import { describe, expect, it } from 'vitest';
import { apiWorkload } from '../../benchmarks/api-workload.js';
import { countCodeBelow } from '../../src/domains/listing/code-index.js';
import { catchUpQuoteList } from '../../src/domains/listing/quote-upkeep.js';
import { emptyQuoteListIndex, type QuoteListIndex } from '../../src/domains/listing/quotes.js';
import { createEngine } from '../../src/engine/engine.js';

const { log } = apiWorkload({ events: 6000 });

function statuses(index: QuoteListIndex): number[] {
  return Array.from(index.status.codes.slice(0, index.status.length));
}

describe('quote list index upkeep', () => {
  it('the live index equals one rebuilt from the stores after each block of a log with flow steps and halts', () => {
    const types = new Set(log.map((event) => event.type));
    expect(types.has('QuoteFlowStepped') && types.has('QuoteExecuted') && types.has('QuoteExpired')).toBe(true);
    const engine = createEngine({ regulated: true, seed: 1 });
    let compared = 0;
    for (let i = 0; i < log.length; i += 250) {
      engine.replay(log.slice(i, i + 250));
      const live = engine.state.lists.quotes;
      const rebuilt = emptyQuoteListIndex();
      catchUpQuoteList(engine.state, rebuilt);
      expect(statuses(live)).toEqual(statuses(rebuilt));
      expect(live.listed).toBe(rebuilt.listed);
      for (let block = 0; block * 64 <= live.status.length; block += 1) {
        for (const code of new Set(statuses(live))) expect(countCodeBelow(live.status, code, block * 64)).toBe(countCodeBelow(rebuilt.status, code, block * 64));
      }
      compared += live.status.length;
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
