/**
 * Small real logs for the PostgreSQL tests: an engine driven through `handle` (sandbox
 * fundings, which also queue webhooks), and a reader that drains a store.
 */
import type { EventEnvelope } from '../../../src/log/index.js';
import type { EventStore } from '../../../src/server/event-store.js';
import type { EngineOptions } from '../../../src/engine/options.js';
import { harness, type Harness } from '../../support/harness.js';

/** A harness with `fundings` sandbox fundings of the first platform account written. */
export function fundedHarness(fundings: number, options: EngineOptions = {}): { h: Harness; account: string } {
  const h = harness(options);
  const account = h.ok('GET', '/platform/internal-accounts').data[0].id as string;
  for (let i = 0; i < fundings; i += 1) h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 100 + i });
  return { h, account };
}

/** Every event the store holds after `afterSeq`. */
export async function loadAll(store: Pick<EventStore, 'load'>, afterSeq = 0): Promise<EventEnvelope[]> {
  const out: EventEnvelope[] = [];
  for await (const event of store.load(afterSeq)) out.push(event);
  return out;
}

/** A table name no other test uses. */
let tables = 0;
export function freshTable(prefix = 't'): string {
  tables += 1;
  return `${prefix}_${process.pid}_${tables}`;
}
