/**
 * The benchmark workload: the same deterministic transfers as `../shared/bench/baseline.mjs`
 * (xorshift32, seed 1; amounts 1..100,000; one second apart from 2026-01-01), turned into a real
 * event log: genesis, one LedgerAccountOpened per account, one LedgerTransfersCreated per transfer.
 */
import { nativeSha256 } from '../src/cli/native-hash.js';
import { eventIdAt } from '../src/core/ids.js';
import { EMPTY_HEAD, type EventEnvelope, sealEvent } from '../src/log/index.js';

/** One transfer of the yardstick workload. */
export type BareTransfer = { id: string; debit: string; credit: string; amount: bigint; currency: 'USD'; at: string };

/** The yardstick's transfers (same generator and seed as ../shared/bench/baseline.mjs). */
export function workload(transfers: number, accounts: number, seed = 1): BareTransfer[] {
  return [...workloadStream(transfers, accounts, seed)];
}

/** The same transfers one at a time, so a replay benchmark never holds the whole workload. */
export function* workloadStream(transfers: number, accounts: number, seed = 1): Generator<BareTransfer> {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < transfers; i += 1) {
    const debit = Math.floor(next() * accounts);
    let credit = Math.floor(next() * accounts);
    if (credit === debit) credit = (credit + 1) % accounts;
    yield { id: `t${i}`, debit: `a${debit}`, credit: `a${credit}`, amount: BigInt(1 + Math.floor(next() * 100_000)), currency: 'USD', at: new Date(start + i * 1000).toISOString() };
  }
}

/** An event of the benchmark log before it is sealed: what both the in-memory and JSONL runs replay. */
export type WorkloadEvent = { type: string; at: string; data: unknown };

/** Genesis of the benchmark log (one USD world account, no platform accounts). */
export const BENCH_GENESIS: WorkloadEvent = {
  type: 'PlatformInitialized',
  at: '2025-12-31T23:00:00.000Z',
  data: { platformId: 'Platform:bench', regulated: false, worldCurrencies: ['USD'], platformAccounts: [] },
};

/** Genesis, one LedgerAccountOpened per account, then one LedgerTransfersCreated per transfer. */
export function* workloadEvents(transfers: number, accounts: number): Generator<WorkloadEvent> {
  yield BENCH_GENESIS;
  for (let a = 0; a < accounts; a += 1) yield { type: 'LedgerAccountOpened', at: BENCH_GENESIS.at, data: { id: `a${a}`, currency: 'USD' } };
  for (const t of workloadStream(transfers, accounts)) {
    const transfer = { id: t.id, debitAccountId: t.debit, creditAccountId: t.credit, amountMinor: t.amount.toString(), transactionId: t.id };
    yield { type: 'LedgerTransfersCreated', at: t.at, data: { transfers: [transfer] } };
  }
}

/**
 * The ledger-only log as envelopes: its opening (genesis and one LedgerAccountOpened per account)
 * made at once, then `blocks()` yields the transfers in blocks of `blockSize`, made as they are
 * read (so a large log is never held whole).
 */
export function blockedLedgerLog(transfers: number, accounts: number, blockSize: number): { opening: EventEnvelope[]; blocks: () => Generator<EventEnvelope[]> } {
  const make = envelopeMaker();
  const events = workloadEvents(transfers, accounts);
  const opening: EventEnvelope[] = [];
  for (let i = 0; i <= accounts; i += 1) {
    const { type, at, data } = events.next().value as WorkloadEvent;
    opening.push(make(type, at, data));
  }
  function* blocks(): Generator<EventEnvelope[]> {
    let block: EventEnvelope[] = [];
    for (const { type, at, data } of events) {
      block.push(make(type, at, data));
      if (block.length === blockSize) {
        yield block;
        block = [];
      }
    }
    if (block.length > 0) yield block;
  }
  return { opening, blocks };
}

/** Envelopes in log order (seq, a consistent chain of placeholder hashes) for in-memory replay. */
export function envelopeMaker(): (type: string, at: string, data: unknown) => EventEnvelope {
  let seq = 0;
  let prev = '0'.repeat(64);
  return (type, at, data) => {
    seq += 1;
    // In-memory replay trusts the chain links (verification is scenario jsonl); any 64-hex value
    // that links consistently will do.
    const hash = seq.toString(16).padStart(64, '0');
    const env = { seq, id: `E${seq}`, type, version: 1, at, data, prevHash: prev, hash };
    prev = hash;
    return env;
  };
}

/** The workload sealed into an event log, one JSONL line at a time (hash chain and all). */
export function* workloadLines(transfers: number, accounts: number): Generator<string> {
  for (const sealed of sealedWorkload(transfers, accounts)) yield sealed.line;
}

/** The log of `workloadLines` as its sealed envelopes, one at a time (figure 14 writes them in both forms). */
export function* workloadEnvelopes(transfers: number, accounts: number): Generator<EventEnvelope> {
  for (const sealed of sealedWorkload(transfers, accounts)) yield sealed.envelope;
}

function* sealedWorkload(transfers: number, accounts: number): Generator<{ envelope: EventEnvelope; line: string }> {
  let head = { seq: EMPTY_HEAD.seq, hash: EMPTY_HEAD.hash };
  for (const { type, at, data } of workloadEvents(transfers, accounts)) {
    const seq = head.seq + 1;
    const sealed = sealEvent(head, { type, version: 1, at, data }, eventIdAt(0, seq, Date.parse(at)), { sha256: nativeSha256 });
    head = { seq, hash: sealed.envelope.hash };
    yield sealed;
  }
}

/** The bare fold: a Map of balances, debit minus, credit plus. */
export function bareFold(transfers: readonly BareTransfer[]): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const e of transfers) {
    balances.set(e.debit, (balances.get(e.debit) ?? 0n) - e.amount);
    balances.set(e.credit, (balances.get(e.credit) ?? 0n) + e.amount);
  }
  return balances;
}

/** A transfer as the benchmark's events carry it. */
type LoggedTransfer = { debitAccountId: string; creditAccountId: string; amountMinor: string };

/**
 * The bare fold over envelopes: the same Map fold, reading each event's one transfer as stored
 * (amount a decimal string).
 */
export function envelopeFold(balances: Map<string, bigint>, envelopes: readonly EventEnvelope[]): void {
  for (const e of envelopes) foldLogged(balances, (e.data as { transfers?: LoggedTransfer[] } | null)?.transfers?.[0]);
}

/** The bare JSONL fold: JSON.parse each line, then the same fold. */
export function bareParseFold(lines: Iterable<string>): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const line of lines) {
    // A file's final newline reads as one empty last line.
    if (line !== '') foldLogged(balances, (JSON.parse(line) as { data?: { transfers?: LoggedTransfer[] } }).data?.transfers?.[0]);
  }
  return balances;
}

function foldLogged(balances: Map<string, bigint>, t: LoggedTransfer | undefined): void {
  if (t === undefined) return;
  const amount = BigInt(t.amountMinor);
  balances.set(t.debitAccountId, (balances.get(t.debitAccountId) ?? 0n) - amount);
  balances.set(t.creditAccountId, (balances.get(t.creditAccountId) ?? 0n) + amount);
}

/** A log with one account of `big` rows and one of `small` rows (funded from the world). */
export function* pageLog(big: number, small: number): Generator<EventEnvelope> {
  const make = envelopeMaker();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const t0 = BENCH_GENESIS.at;
  yield make(BENCH_GENESIS.type, t0, BENCH_GENESIS.data);
  for (const id of ['InternalAccount:big', 'InternalAccount:small']) {
    yield make('InternalAccountOpened', t0, { account: { id, type: 'INTERNAL_FIAT', status: 'ACTIVE', currency: 'USD', createdAt: t0, updatedAt: t0 } });
  }
  for (let i = 0; i < big; i += 1) {
    const at = new Date(start + i * 1000).toISOString();
    const transfers = [{ id: `b${i}`, debitAccountId: 'world:USD', creditAccountId: 'InternalAccount:big', amountMinor: '100' }];
    if (i < small) transfers.push({ id: `s${i}`, debitAccountId: 'world:USD', creditAccountId: 'InternalAccount:small', amountMinor: '100' });
    yield make('LedgerTransfersCreated', at, { transfers });
  }
}
