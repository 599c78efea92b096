/** Hand-made ledger logs with a sound hash chain, for auditors that must judge the contents alone. */
import { EMPTY_HEAD, sealEvent, type ChainHead } from '../../src/log/index.js';

const AT = '2026-01-01T00:00:00.000Z';

/** Sealed JSONL lines of `events` (type, data), all at one instant. */
export function chain(events: readonly { type: string; data: unknown }[]): string[] {
  let head: ChainHead = EMPTY_HEAD;
  return events.map((event, i) => {
    const sealed = sealEvent(head, { type: event.type, version: 1, at: AT, data: event.data }, `E${i + 1}`);
    head = { seq: head.seq + 1, hash: sealed.envelope.hash };
    return sealed.line;
  });
}

/** Genesis of an unregulated platform with a USD world account. */
export const genesis = { type: 'PlatformInitialized', data: { platformId: 'Platform:audit', regulated: false, worldCurrencies: ['USD'], platformAccounts: [] } };

/** LedgerAccountOpened events for USD accounts a0..a{count-1}. */
export function openAccounts(count: number): { type: string; data: unknown }[] {
  return Array.from({ length: count }, (_, a) => ({ type: 'LedgerAccountOpened', data: { id: `a${a}`, currency: 'USD' } }));
}

/** A LedgerTransfersCreated event of one posted transfer of 100 minor units. */
export function transfer(id: string, debit: string, credit: string): { type: string; data: unknown } {
  return { type: 'LedgerTransfersCreated', data: { transfers: [{ id, debitAccountId: debit, creditAccountId: credit, amountMinor: '100' }] } };
}
