/**
 * Lists at a million items (issue 16, "Lists (stop 18)"): a small API-driven log (api-workload.ts)
 * supplies real records, and this generator appends clones of them as events (not through
 * `handle`: a million quotes through handle would take hours here): `TransactionCreated`
 * (payments), `CardTransactionCreated` (declined rows, which hold no money) or `QuoteCreated`,
 * each with a fresh id, a later `createdAt` and one of the log's customers in turn, replayed in
 * blocks. Nested objects are shared between clones, so the heap holds the index and shallow
 * records. Deterministic.
 */
import type { Engine } from '../src/engine/engine.js';
import type { EventEnvelope } from '../src/log/index.js';

/** What to append: payments and card transactions (`transactions`), or quotes. */
export type ListKind = 'transactions' | 'quotes';

/** A generator of synthetic list events continuing `log` (same chain, later times). */
export type ListEventSource = {
  readonly next: (count: number) => EventEnvelope[];
  readonly customers: readonly string[];
  readonly accountOf: (customer: string) => string | undefined;
  /** The status every synthetic payment has (a status filter then lists them all). */
  readonly paymentStatus: string;
};

/** Templates from `log` and a source of `kind` events after its head. Throws when the log lacks a template. */
export function listEvents(engine: Engine, log: readonly EventEnvelope[], kind: ListKind): ListEventSource {
  const find = (type: string, ok: (data: any) => boolean = () => true): any => log.find((env) => env.type === type && ok(env.data))?.data;
  const payment = find('TransactionCreated', (d) => d.transaction.source?.sourceType === 'ACCOUNT' && d.transaction.status !== 'PENDING_APPROVAL');
  const card = find('CardTransactionCreated', (d) => d.transaction.status === 'DECLINED');
  const quote = find('QuoteCreated', (d) => (d.quote.documentIds ?? []).length === 0);
  if (payment === undefined || quote === undefined) throw new Error('the base log holds no template payment or quote');
  const customers = [...engine.state.customers.order].slice(0, 50);
  const accountOf = (customer: string): string | undefined => engine.state.accounts.byCustomer.get(customer)?.[0];
  const last = log[log.length - 1]!;
  let seq = last.seq;
  let prev = last.hash;
  let atMs = Date.parse(last.at) + 1000;
  let n = 0;
  const envelope = (type: string, data: unknown): EventEnvelope => {
    seq += 1;
    const hash = seq.toString(16).padStart(64, 'f');
    const at = new Date(atMs).toISOString();
    const env = { seq, id: `L${seq}`, type, version: 1, at, data, prevHash: prev, hash } as EventEnvelope;
    prev = hash;
    return env;
  };
  const uuid = (i: number): string => {
    const hex = i.toString(16).padStart(12, '0');
    return `0f0f0f0f-0000-7000-8000-${hex}`;
  };
  const next = (count: number): EventEnvelope[] => {
    const out: EventEnvelope[] = [];
    for (let k = 0; k < count; k += 1) {
      n += 1;
      // 10 events per millisecond, so several share an instant (the order within one is the log's).
      if (n % 10 === 0) atMs += 1;
      const at = new Date(atMs).toISOString();
      const customerId = customers[n % customers.length]!;
      const accountId = accountOf(customerId);
      if (kind === 'quotes') {
        const expiresAt = new Date(atMs + 300_000).toISOString();
        out.push(envelope('QuoteCreated', { quote: { ...quote.quote, id: `Quote:${uuid(n)}`, customerId, createdAt: at, updatedAt: at, expiresAt } }));
      } else if (card !== undefined && n % 5 === 0) {
        out.push(envelope('CardTransactionCreated', { ...card, transaction: { ...card.transaction, id: `CardTransaction:${uuid(n)}`, customerId, createdAt: at, updatedAt: at } }));
      } else {
        const tx = payment.transaction;
        const source = accountId === undefined ? tx.source : { ...tx.source, accountId, customerId };
        out.push(envelope('TransactionCreated', { ...payment, transfers: undefined, transaction: { ...tx, id: `Transaction:${uuid(n)}`, customerId, source, createdAt: at, updatedAt: at } }));
      }
    }
    return out;
  };
  return { next, customers, accountOf, paymentStatus: payment.transaction.status };
}
