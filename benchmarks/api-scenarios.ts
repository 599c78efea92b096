/**
 * Issue 16's scenarios, one per process (prints one JSON line), over the realistic API-driven log
 * of api-workload.ts. Usage, after `npm run bench` bundled it:
 *   node --expose-gc bench-out/bundle/api-scenarios.js api <events>      replay, JSONL, memory, snapshots, lists
 *   node --expose-gc bench-out/bundle/api-scenarios.js cold <rows>       cold first balance-change page
 *   node --expose-gc bench-out/bundle/api-scenarios.js ledger <transfers> ledger-only memory (10M: BENCH_10M=1)
 *   node --expose-gc bench-out/bundle/api-scenarios.js profile <events>  CPU profile of the API-driven replay
 *   node --expose-gc bench-out/bundle/api-scenarios.js binary <events>   figure 14: the log audited from disk as binary and as JSONL, beside its in-memory replay
 *   node --expose-gc bench-out/bundle/api-scenarios.js snapshot <events> CPU profile of the API-driven snapshot's load (parse + createEngine), and the heap a loaded engine holds before and after every record is read, beside a replayed one's (snapshotMemory)
 *   node --expose-gc bench-out/bundle/api-scenarios.js lists <items> [transactions|quotes|customers|externalAccounts|cards|agentActions|cardTransactions|stablecoinOperations|balanceChanges]
 *                                                                        list pages at 1k and <items> (list-workload.ts), judged against issue 16's goal (list-goal.ts)
 * Environment of `lists`: BENCH_LIST_REPS (timed calls per side and page, default 30),
 * BENCH_LIST_PAGES (pages walked at the big size, half from its start and half from its middle,
 * default 300), BENCH_LIST_DEEP=0 (no page in the middle: at 1M the walk there is most of the
 * time; the first page then stands for it, and the walk from the start for the walk from the middle).
 */
import { Session } from 'node:inspector/promises';
import { findSourceMap } from 'node:module';
import { GCProfiler } from 'node:v8';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicAuthorization } from '../src/api/auth.js';
import { auditFile } from '../src/cli/audit-file.js';
import { lineWriter, readLines } from '../src/cli/files.js';
import { nativeSha256 } from '../src/cli/native-hash.js';
import { auditLog } from '../src/engine/audit.js';
import type { PackedBytes } from '../src/core/packed-bytes.js';
import { IdTable } from '../src/core/id-table.js';
import { PackedRecordMap } from '../src/core/packed-record-map.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { HOT_RECORDS } from '../src/core/packed-record-map.js';
import { evolve } from '../src/engine/evolve.js';
import { resolveOptions } from '../src/engine/options.js';
import { emptyState } from '../src/engine/state.js';
import { TRUSTED } from '../src/domains/evolver.js';
import { SANDBOX_CREDENTIAL } from '../src/engine/options.js';
import { encodeEnvelope, type EventEnvelope, hashedTextOf } from '../src/log/index.js';
import { apiWorkload, type ApiWorkloadReport } from './api-workload.js';
import { deliveredLog } from './delivered-log.js';
import { judgeList, judgeLists, type ListJudgement } from './list-goal.js';
import { LIST_KINDS, type ListEventSource, type ListKind, listEvents } from './list-workload.js';
import type { ListIndexes } from '../src/domains/listing/store.js';
import { applyTransfers, type TransferRecord } from '../src/domains/movement.js';
import { Ledger } from '../src/ledger/ledger.js';
import { instantToMs } from '../src/core/time.js';
import { rebuildListIndexes } from '../src/domains/listing/rebuild.js';
import { listedLength, listedRecordAt } from '../src/domains/listing/transactions.js';
import { PendingWebhooks, type PendingWebhooksSnapshot } from '../src/domains/webhook-store.js';
import { blockedLedgerLog, pageLog } from './workload.js';
import { fromDiskFigures, inBlocks, writeBothForms } from './binary-log.js';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUTH = basicAuthorization(SANDBOX_CREDENTIAL);
/** The options the workload's engine ran with; a replay must use the same. */
const API_OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;
const BLOCK = 10_000;
/** Block size of the ledger memory scenario (auditLog's chunk). */
const LEDGER_MEMORY_BLOCK = 1_024;
const LEDGER_ACCOUNTS = 10_000;

const [name = '', sizeArg = '1000000', kindArg = 'transactions'] = process.argv.slice(2);
const SIZE = Number(sizeArg);

const gc = (): void => {
  global.gc?.();
  global.gc?.();
};
const minorGc = (): void => global.gc?.({ type: 'minor' });
/** CPU seconds of `fn` (this process, all threads). */
const cpuSeconds = (fn: () => void): number => {
  const cpu0 = process.cpuUsage();
  fn();
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1e6;
};
const heapUsed = (): number => {
  gc();
  return process.memoryUsage().heapUsed;
};
// Bytes of ArrayBuffer backing stores (typed-array columns: the ledger's transfer and account
// tables, id hash tables), which live outside the JS heap and so are not in `heapUsed`. A
// collected buffer is only freed (and uncounted) in a later task, so this waits two turns of the
// event loop after collecting. Each buffer counts at its whole length; pages it never wrote may
// not be resident (peak RSS is the other side of that).
const bufferBytes = async (): Promise<number> => {
  for (let turn = 0; turn < 2; turn += 1) {
    gc();
    await new Promise(setImmediate);
  }
  return process.memoryUsage().arrayBuffers;
};
const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
function seconds<T>(fn: () => T): [number, T] {
  const t0 = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e9, result];
}
const round = (n: number, digits = 2): number => Number(n.toFixed(digits));
const get = (engine: Engine, path: string, authorization = AUTH): { status: number; body: any } =>
  engine.handle({ method: 'GET', path, headers: { authorization } }, { now: Date.UTC(2035, 0, 1) }).response as { status: number; body: any };

/** The ledger-only log (scenario 1's) as an opening (genesis and accounts) and blocks of transfers. */
function ledgerLog(transfers: number, blockSize = BLOCK): { opening: EventEnvelope[]; blocks: Generator<EventEnvelope[]> } {
  const { opening, blocks } = blockedLedgerLog(transfers, LEDGER_ACCOUNTS, blockSize);
  return { opening, blocks: blocks() };
}

/**
 * One round: a fresh engine replays the API-driven log block by block, alternating with a fresh
 * engine replaying as many ledger-only transfers; seconds of each (events: `count`).
 */
function alternatingRound(log: readonly EventEnvelope[], count: number, fresh = false): { api: number; ledger: number; ledgerOpening: number; apiCpu: number; ledgerCpu: number; apiGcMs: number; apiMajorGcs: number; apiAfterGcCpu: number; apiEngine: Engine; ledgerEngine: Engine } {
  const apiEngine = createEngine(API_OPTIONS);
  const { opening, blocks } = ledgerLog(count);
  // Timed apart: figure 8 compares transfers, but the ledger-only log (what figure 13's snapshot
  // holds) also opens its 10,000 accounts.
  const [ledgerOpening, ledgerEngine] = seconds(() => createEngine({ events: opening }));
  let apiS = 0;
  let ledgerS = 0;
  // CPU seconds beside wall seconds: on a shared machine a process waits for a core between
  // blocks, which wall time counts and CPU time does not (the ratio by CPU time swings less).
  let apiCpu = 0;
  let ledgerCpu = 0;
  let apiGcMs = 0;
  let apiMajorGcs = 0;
  let apiAfterGcCpu = 0;
  // `fresh`: each API block is parsed from its JSON text just before it is replayed (untimed), as
  // the ledger-only block is made just before it: both sides' envelopes are then new objects laid
  // out together, as in a replay from a store. Otherwise the envelopes `handle` made, scattered
  // through a heap that held everything else each request allocated.
  const texts: string[] = [];
  if (fresh) for (let start = 0; start < count; start += BLOCK) texts.push(JSON.stringify(log.slice(start, Math.min(count, start + BLOCK))));
  for (let start = 0, index = 0; start < count; start += BLOCK, index += 1) {
    const apiBlock = fresh ? (JSON.parse(texts[index] as string) as EventEnvelope[]) : log.slice(start, Math.min(count, start + BLOCK));
    const ledgerBlock = blocks.next().value as EventEnvelope[];
    const order = index % 2 === 0 ? ['api', 'ledger'] : ['ledger', 'api'];
    for (const which of order) {
      minorGc();
      const gcs = new GCProfiler();
      gcs.start();
      const cpu0 = process.cpuUsage();
      if (which === 'api') apiS += seconds(() => apiEngine.replay(apiBlock))[0];
      else ledgerS += seconds(() => ledgerEngine.replay(ledgerBlock))[0];
      const cpu = process.cpuUsage(cpu0);
      // The API replay's collections, beside figure 13's loads' (which side a major one lands in).
      const gc = gcFigures(gcs.stop());
      if (which === 'api') [apiGcMs, apiMajorGcs] = [apiGcMs + gc.gcMs, apiMajorGcs + gc.majorGcs];
      // A block allocates less than the young generation holds, so the collection of what it
      // made runs in the next block's minorGc(), untimed: timed here for figure 13's ratio with
      // collections counted on both sides.
      if (which === 'api') apiAfterGcCpu += cpuSeconds(minorGc);
      if (which === 'api') apiCpu += (cpu.user + cpu.system) / 1e6;
      else ledgerCpu += (cpu.user + cpu.system) / 1e6;
    }
  }
  return { api: apiS, ledger: ledgerS, ledgerOpening, apiCpu, ledgerCpu, apiGcMs, apiMajorGcs, apiAfterGcCpu, apiEngine, ledgerEngine };
}

/**
 * Figure 8's floors: the same API-driven events folded with no domain work, alternating block by
 * block with a fresh engine's ledger-only replay. `bare`: each event's data kept under its id, as
 * a store keeps a record under its id, its transfers' amounts folded into a Map of balances, as
 * the ledger-only yardstick folds. `posted`: each event's data kept under its id, and its
 * transfers applied by the engine's own ledger (`applyTransfers`, as `evolve` does) to a ledger
 * whose accounts were opened beforehand, untimed, as `accounts` has them (the replayed engine's
 * ledger). What the goal would ask the whole domain (state machines, list indexes, timers, packed
 * records) to cost on top: seconds of each side (events: `count`).
 */
function floorRound(log: readonly EventEnvelope[], count: number, accounts: Ledger): { bare: number; posted: number; ledger: number } {
  const { opening, blocks } = ledgerLog(count);
  const ledgerEngine = createEngine({ events: opening });
  const records = new Map<string, unknown>();
  const postedRecords = new Map<string, unknown>();
  const balances = new Map<string, bigint>();
  const postedLedger = ledgerWithAccountsOf(log, accounts);
  let bareS = 0;
  let postedS = 0;
  let ledgerS = 0;
  for (let start = 0, index = 0; start < count; start += BLOCK, index += 1) {
    const apiBlock = log.slice(start, Math.min(count, start + BLOCK));
    const ledgerBlock = blocks.next().value as EventEnvelope[];
    const order = index % 2 === 0 ? ['bare', 'posted', 'ledger'] : ['ledger', 'posted', 'bare'];
    for (const which of order) {
      minorGc();
      if (which === 'bare') bareS += seconds(() => bareFold(apiBlock, records, balances))[0];
      else if (which === 'posted') postedS += seconds(() => postedFold(apiBlock, postedRecords, postedLedger))[0];
      else ledgerS += seconds(() => ledgerEngine.replay(ledgerBlock))[0];
    }
  }
  let total = 0n;
  for (const balance of balances.values()) total += balance;
  if (total !== 0n) throw new Error('the bare fold of the API-driven log lost money');
  if (postedLedger.checkInvariants().length > 0) throw new Error("the posted fold broke the ledger's invariants");
  return { bare: bareS, posted: postedS, ledger: ledgerS };
}

// The bare fold's step: a Map set per event (by its id string), two Map updates per transfer with an amount.
function bareFold(events: readonly EventEnvelope[], records: Map<string, unknown>, balances: Map<string, bigint>): void {
  for (const event of events) {
    const data = event.data as { transfers?: readonly TransferRecord[] };
    records.set(event.id, data);
    for (const transfer of data.transfers ?? []) {
      if (!('debitAccountId' in transfer)) continue;
      const amount = BigInt(transfer.amountMinor);
      balances.set(transfer.debitAccountId, (balances.get(transfer.debitAccountId) ?? 0n) - amount);
      balances.set(transfer.creditAccountId, (balances.get(transfer.creditAccountId) ?? 0n) + amount);
    }
  }
}

// The posted fold's step: a Map set per event, its transfers applied as `evolve` applies them.
function postedFold(events: readonly EventEnvelope[], records: Map<string, unknown>, ledger: Ledger): void {
  for (const event of events) {
    const data = event.data as { transfers?: readonly TransferRecord[] } | null;
    records.set(event.id, data);
    const transfers = data?.transfers;
    if (transfers !== undefined && transfers.length > 0) applyTransfers(ledger, transfers, instantToMs(event.at));
  }
}

// A new ledger with every account that `log`'s transfers name opened as `accounts` holds it.
function ledgerWithAccountsOf(log: readonly EventEnvelope[], accounts: Ledger): Ledger {
  const ledger = new Ledger();
  const opened = new Set<string>();
  for (const event of log) {
    for (const transfer of (event.data as { transfers?: readonly TransferRecord[] } | null)?.transfers ?? []) {
      if (!('debitAccountId' in transfer)) continue;
      for (const id of [transfer.debitAccountId, transfer.creditAccountId]) {
        if (opened.has(id)) continue;
        const account = accounts.account(id);
        if (account === undefined) throw new Error(`the replayed ledger has no account ${id}`);
        const result = ledger.openAccount({ id, currency: account.currency, flags: account.flags });
        if (!result.ok) throw new Error(`cannot open ${id}: ${result.error.code}`);
        opened.add(id);
      }
    }
  }
  return ledger;
}

/**
 * Snapshot save (engine.snapshot + JSON.stringify) and load (JSON.parse + createEngine) of
 * `engine`. The first load in a process also compiles the loading code, as replay's first round
 * does: it is timed apart (`cold`), and the figures are the median of three loads after it, as
 * replay's are measured after a warm-up round. Answers compared after the last load: `reads`
 * through handle (timed: the loaded engine's first reads, then the replayed engine's), and the
 * ledger's (every account, rows, totals, invariants).
 */
function snapshotFigures(engine: Engine, replaySeconds: number, reads: readonly string[], options: { readonly regulated?: boolean; readonly seed?: number } = {}, replayCpuSeconds?: number): Record<string, unknown> {
  const [takeS, snapshot] = seconds(() => engine.snapshot());
  const [stringifyS, text] = seconds(() => JSON.stringify(snapshot));
  const load = (): { parseS: number; createS: number; cpuS: number; withGcS: number; gcMs: number; majorGcs: number; loaded: Engine } => {
    minorGc();
    // The collections inside the load (main-thread pauses; a major one marks the whole heap,
    // the replayed engine and its log included, and its helper threads count in CPU time).
    const gcs = new GCProfiler();
    gcs.start();
    const cpu0 = process.cpuUsage();
    const [parseS, parsed] = seconds(() => JSON.parse(text));
    const [createS, loaded] = seconds(() => createEngine({ ...options, snapshot: parsed }));
    const cpu = process.cpuUsage(cpu0);
    const { gcMs, majorGcs } = gcFigures(gcs.stop());
    const afterGcS = cpuSeconds(minorGc);
    return { parseS, createS, cpuS: (cpu.user + cpu.system) / 1e6, withGcS: (cpu.user + cpu.system) / 1e6 + afterGcS, gcMs, majorGcs, loaded };
  };
  const cold = load();
  const warm = [load(), load(), load()].sort((a, b) => a.parseS + a.createS - (b.parseS + b.createS));
  const { parseS, createS, loaded } = warm[1]!;
  // CPU time as well (figure 8 reports replay both ways): a process waiting for a core counts in
  // wall time only, and on a shared machine that swings a ratio of two wall times.
  const byCpu = [...warm].sort((a, b) => a.cpuS - b.cpuS);
  const loadCpuS = byCpu[1]!.cpuS;
  // The first reads after a load decode the records they show (snapshot @5 keeps records packed;
  // @3 and @4 kept them as text until read): timed on the loaded engine, then the same reads on
  // the replayed one.
  const [firstReadsS, loadedAnswers] = seconds(() => reads.map((path) => JSON.stringify(get(loaded, path))));
  const [replayedReadsS, replayedAnswers] = seconds(() => reads.map((path) => JSON.stringify(get(engine, path))));
  const same = reads.every((_, k) => loadedAnswers[k] === replayedAnswers[k]);
  const sameLedger = ledgerAnswers(engine) === ledgerAnswers(loaded) && loaded.state.ledger.checkInvariants().length === 0;
  const saveS = takeS + stringifyS;
  const loadS = parseS + createS;
  return {
    saveMs: Math.round(saveS * 1000),
    loadMs: Math.round(loadS * 1000),
    takeMs: Math.round(takeS * 1000),
    stringifyMs: Math.round(stringifyS * 1000),
    parseMs: Math.round(parseS * 1000),
    createMs: Math.round(createS * 1000),
    coldLoadMs: Math.round((cold.parseS + cold.createS) * 1000),
    coldParseMs: Math.round(cold.parseS * 1000),
    coldCreateMs: Math.round(cold.createS * 1000),
    replayMs: Math.round(replaySeconds * 1000),
    mb: round(text.length / 1e6, 1),
    replayOverLoad: round(replaySeconds / loadS),
    replayOverColdLoad: round(replaySeconds / (cold.parseS + cold.createS)),
    loadCpuMs: Math.round(loadCpuS * 1000),
    // Each warm load's CPU ms, its GC pause ms and major collections (marking) inside it: a major
    // collection landing in a load is what swings the CPU ratio from run to run.
    loadsCpuMs: byCpu.map((l) => Math.round(l.cpuS * 1000)),
    loadsGcMs: byCpu.map((l) => round(l.gcMs, 1)),
    loadsMajorGcs: byCpu.map((l) => l.majorGcs),
    // The median load with the minor collection after it (what it allocated, collected).
    loadWithGcCpuMs: round([...warm].map((l) => l.withGcS * 1000).sort((a, b) => a - b)[1]!, 1),
    ...(replayCpuSeconds === undefined ? {} : { replayCpuMs: Math.round(replayCpuSeconds * 1000), cpuReplayOverLoad: round(replayCpuSeconds / loadCpuS) }),
    sameAnswers: same && sameLedger,
    readsCompared: reads.length,
    ...(reads.length === 0 ? {} : { firstReadsMs: round(firstReadsS * 1000, 1), replayedReadsMs: round(replayedReadsS * 1000, 1) }),
  };
}

/** Main-thread GC pause ms and the major collections (incremental marking, mark-compact) in a GCProfiler's report. */
function gcFigures(report: { statistics: readonly { gcType: string; cost: number }[] }): { gcMs: number; majorGcs: number } {
  let gcMs = 0;
  let majorGcs = 0;
  for (const { gcType, cost } of report.statistics) {
    gcMs += cost / 1000;
    if (gcType === 'MarkSweepCompact') majorGcs += 1;
  }
  return { gcMs, majorGcs };
}

/** The ledger's answers as one text: every account's view and balance, the rows of every 100th account, totals. */
function ledgerAnswers(engine: Engine): string {
  const ledger = engine.state.ledger;
  const accounts = [...ledger.accounts()];
  const rows = accounts.filter((_, k) => k % 100 === 0).map((a) => ledger.rows(a.id, Math.max(0, ledger.rowCount(a.id) - 100), 100));
  const balances = accounts.map((a) => ledger.balance(a.id));
  return JSON.stringify([accounts, balances, rows, [...ledger.totalsByCurrency()], ledger.transferCount, ledger.pendingCount], (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
}

/** The reads figure 13 compares after a snapshot load: first pages of every list and the platform's accounts. */
function comparedReads(report: ApiWorkloadReport, engine: Engine): string[] {
  const busiest = busiestAccount(engine, report);
  return [
    '/transactions?limit=100',
    '/customers?limit=100',
    '/cards?limit=100',
    '/platform/internal-accounts',
    ...report.platformAccountIds.map((id) => `/internal-accounts/${id}`),
    ...Object.values(listPaths(report, busiest)).map((path) => `${path}${path.includes('?') ? '&' : '?'}limit=100`),
  ];
}

/** The list endpoints of issue 16 over `engine`: paths by name (absent when the workload has none). */
function listPaths(report: ApiWorkloadReport, busiest: string | undefined): Record<string, string> {
  const paths: Record<string, string> = {
    transactions: '/transactions',
    cardTransactions: '/transactions?type=CARD',
    customers: '/customers',
    externalAccounts: '/customers/external-accounts',
    cards: '/cards',
    quotes: '/quotes',
    agentApprovals: '/agents/approvals',
  };
  if (report.stablecoinIds[0] !== undefined) paths.stablecoinOperations = `/stablecoins/${report.stablecoinIds[0]}/operations`;
  if (busiest !== undefined) paths.balanceChanges = balanceChangesPath(busiest);
  return paths;
}

/** The lists whose records live in a `PackedRecordMap` (the rest are held as objects at every size). */
const PACKED_LISTS: ReadonlySet<string> = new Set(['transactions', 'cardTransactions', 'externalAccounts', 'quotes', 'agentApprovals']);

const withQuery = (path: string, query: string): string => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Median µs of a 100-item first page of `path` over `reps` calls, and its totalCount. */
function pageMicros(engine: Engine, path: string, reps: number, authorization = AUTH): { micros: number; totalCount: number; pageItems: number; status: number } {
  const first = get(engine, withQuery(path, 'limit=100'), authorization);
  if (first.status !== 200) return { micros: 0, totalCount: 0, pageItems: 0, status: first.status };
  const times: number[] = [];
  for (let i = 0; i < reps; i += 1) times.push(seconds(() => get(engine, withQuery(path, 'limit=100'), authorization))[0]);
  times.sort((a, b) => a - b);
  const pageItems = Array.isArray(first.body.data) ? first.body.data.length : 0;
  return { micros: Math.round((times[Math.floor(reps / 2)] ?? 0) * 1e6), totalCount: Number(first.body.totalCount ?? pageItems), pageItems, status: 200 };
}

/** The cursor of the 100-item page that starts at row `row` of `path` (walked there with 100-row pages; undefined: the first page), or null when the walk stops short. */
function cursorAt(engine: Engine, path: string, row: number, authorization = AUTH): string | undefined | null {
  let cursor: string | undefined;
  for (let at = 0; at + 100 <= row; at += 100) {
    const answer = get(engine, withQuery(path, `limit=100${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`), authorization);
    if (answer.status !== 200 || answer.body.hasMore !== true) return null;
    cursor = answer.body.nextCursor;
  }
  return cursor;
}

/** Walks up to `maxPages` 100-item pages of `path` by cursor; ms per page and pages walked. */
function walk(engine: Engine, path: string, maxPages: number, authorization = AUTH): { pages: number; msPerPage: number; complete: boolean } {
  let cursor: string | undefined;
  let pages = 0;
  let more = true;
  const [s] = seconds(() => {
    while (more && pages < maxPages) {
      const answer = get(engine, withQuery(path, `limit=100${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`), authorization);
      if (answer.status !== 200) throw new Error(`walking ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      pages += 1;
      more = answer.body.hasMore === true;
      cursor = answer.body.nextCursor;
    }
  });
  return { pages, msPerPage: round((s * 1000) / Math.max(1, pages), 3), complete: !more };
}

const balanceChangesPath = (accountId: string): string => `/internal-accounts/${accountId}/balance-changes?startDate=2020-01-01T00:00:00.000Z&endDate=2034-01-01T00:00:00.000Z`;

/**
 * The internal account (platform or customer) with the most balance-change rows in `engine`,
 * among those `also` knows too (the small engine, a prefix of the log: an account opened after
 * it would answer 404 there and leave the list without its small side).
 */
function busiestAccount(engine: Engine, report: ApiWorkloadReport, also?: Engine): string | undefined {
  let best: { id: string; rows: number } | undefined;
  for (const id of [...report.platformAccountIds, ...report.customerAccountIds]) {
    if (also !== undefined && get(also, `${balanceChangesPath(id)}&limit=1`).status !== 200) continue;
    const answer = get(engine, `${balanceChangesPath(id)}&limit=1`);
    const rows = answer.status === 200 ? Number(answer.body.totalCount ?? 0) : 0;
    if (best === undefined || rows > best.rows) best = { id, rows };
  }
  return best?.id;
}

/** Every list: first page at the small and the big engine, their ratio, and walks at both. */
function listFigures(small: Engine, big: Engine, report: ApiWorkloadReport): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [list, path] of Object.entries(listPaths(report, busiestAccount(big, report, small)))) {
    const s = pageMicros(small, path, 200);
    const b = pageMicros(big, path, 30);
    if (s.status !== 200 || b.status !== 200) {
      out[list] = { path, status: `${s.status} small, ${b.status} big` };
      continue;
    }
    const ws = walk(small, path, 100_000);
    // At the big size, at most 300 pages (the time budget); ms per page shows the growth.
    const wb = walk(big, path, 300);
    out[list] = {
      path,
      smallItems: s.totalCount,
      bigItems: b.totalCount,
      smallMicros: s.micros,
      bigMicros: b.micros,
      ratio: round(b.micros / Math.max(1, s.micros)),
      // A page of 13 items against one of 89 is not the same work: the goal's page holds 100 at
      // both sizes, so where the small side's page is shorter, the time per item shown compares.
      smallPageItems: s.pageItems,
      bigPageItems: b.pageItems,
      perItemRatio: round(b.micros / Math.max(1, b.pageItems) / Math.max(1e-9, s.micros / Math.max(1, s.pageItems))),
      // Every record of a list this short is still one of the last HOT_RECORDS set, held as an
      // object; at the big size the page decodes packed records (not the case at the issue's 1k).
      smallAllHot: PACKED_LISTS.has(list) && s.totalCount <= HOT_RECORDS,
      hotRecords: HOT_RECORDS,
      smallWalk: ws,
      bigWalk: wb,
      // Walking all pages costs pages x ms per page: linear when ms per page stays flat.
      bigWalkProjectedMs: Math.round((Math.ceil(b.totalCount / 100) || 1) * wb.msPerPage),
    };
  }
  return out;
}

/** Heap and typed-array buffers an engine replayed from `log` holds: with it minus without it. */
async function engineMemory(log: readonly EventEnvelope[]): Promise<{ heap: number; buffers: number; pending: number }> {
  const holder: { engine: Engine | undefined } = { engine: undefined };
  const heapWithout = heapUsed();
  const buffersWithout = await bufferBytes();
  holder.engine = createEngine(API_OPTIONS);
  for (let i = 0; i < log.length; i += BLOCK) holder.engine.replay(log.slice(i, i + BLOCK));
  const pending = holder.engine.state.webhooks.pending.size;
  const heapWith = heapUsed();
  const buffersWith = await bufferBytes();
  holder.engine = undefined;
  return { heap: heapWith - heapWithout, buffers: buffersWith - buffersWithout, pending };
}

/**
 * Figure 12 beside the engine a server holds: the same log with the markers its outbox appends
 * (every webhook delivered, a run every 100 events; `deliveredLog`) replayed into a fresh engine,
 * against the log as written replayed the same way (nothing delivered). Heap with the engine
 * minus without it, and apart the typed arrays' buffers, which `heapUsed` does not count.
 */
async function deliveredMemory(log: readonly EventEnvelope[], transactions: number): Promise<Record<string, number>> {
  const delivered = deliveredLog(log, 100, nativeSha256);
  const per = (bytes: number): number => Math.round(bytes / Math.max(1, transactions));
  // Markers are new to this process: compile their paths before measuring (code is heap too).
  createEngine(API_OPTIONS).replay(delivered.slice(0, Math.min(delivered.length, 20_000)));
  const undelivered = await engineMemory(log);
  const server = await engineMemory(delivered);
  return {
    undeliveredBytesPerTransaction: per(undelivered.heap),
    undeliveredBufferBytesPerTransaction: per(undelivered.buffers),
    undeliveredPending: undelivered.pending,
    deliveredBytesPerTransaction: per(server.heap),
    deliveredBufferBytesPerTransaction: per(server.buffers),
    deliveredMarkers: delivered.length - log.length,
    deliveredPending: server.pending,
  };
}

/** Parse, hash and apply of the JSONL log measured apart, against `auditLog` doing all of it. */
function jsonlFigures(log: readonly EventEnvelope[]): Record<string, unknown> {
  mkdirSync(OUT_DIR, { recursive: true });
  const path = join(OUT_DIR, 'bench-api-events.jsonl');
  const writer = lineWriter(path);
  let bytes = 0;
  for (const env of log) {
    const line = encodeEnvelope(env);
    bytes += line.length + 1;
    writer.write(line);
  }
  writer.close();
  try {
    const count = log.length;
    const audit = (): number => {
      gc();
      const [s, report] = seconds(() => auditLog(readLines(path), { ...API_OPTIONS, canonical: false }));
      if (!report.ok) throw new Error(`API log failed its audit: ${JSON.stringify(report.fault)}`);
      return s;
    };
    const parse = (): number => {
      gc();
      return seconds(() => {
        let n = 0;
        for (const line of readLines(path)) if (line !== '') n += (JSON.parse(line) as { seq: number }).seq > 0 ? 1 : 0;
        return n;
      })[0];
    };
    const hash = (): number => {
      gc();
      return seconds(() => {
        let n = 0;
        for (const line of readLines(path)) if (line !== '') n += nativeSha256(hashedTextOf(line)).length;
        return n;
      })[0];
    };
    const apply = (): number => {
      gc();
      return seconds(() => {
        const engine = createEngine(API_OPTIONS);
        for (let i = 0; i < log.length; i += BLOCK) engine.replay(log.slice(i, i + BLOCK));
        if (engine.state.ledger.checkInvariants().length > 0) throw new Error('API log replay broke an invariant');
      })[0];
    };
    const audits: number[] = [];
    const aparts: { parse: number; hash: number; apply: number }[] = [];
    for (let pass = 0; pass < 2; pass += 1) {
      aparts.push({ parse: parse(), hash: hash(), apply: apply() });
      audits.push(audit());
    }
    const best = aparts.reduce((a, b) => (a.parse + a.hash + a.apply <= b.parse + b.hash + b.apply ? a : b));
    const auditS = Math.min(...audits);
    const apartS = best.parse + best.hash + best.apply;
    gc();
    const [twoThreadS, two] = seconds(() => auditFile(path, { ...API_OPTIONS, parallel: true, canonical: false }));
    if (!two.ok) throw new Error('API log failed auditFile');
    return {
      bytesPerEvent: Math.round(bytes / count),
      auditEventsPerSec: Math.round(count / auditS),
      auditFileTwoThreadsEventsPerSec: Math.round(count / twoThreadS),
      apartEventsPerSec: Math.round(count / apartS),
      parseEventsPerSec: Math.round(count / best.parse),
      hashEventsPerSec: Math.round(count / best.hash),
      applyEventsPerSec: Math.round(count / best.apply),
      ratio: round(apartS / auditS),
      twoThreadsRatio: round(apartS / twoThreadS),
    };
  } finally {
    rmSync(path, { force: true });
  }
}

/**
 * The workload's engine and its log as JSONL text (and the delivered log's), from a function of
 * its own: a suspended async frame keeps its stale registers, so the log's objects made here
 * must not pass through the caller's.
 */
function handledAsText(events: number): { engine: Engine | undefined; lines: string[]; deliveredLines: string[]; transactions: number } {
  const report = apiWorkload({ events });
  const transactions = (report.eventTypes.TransactionCreated ?? 0) + (report.eventTypes.CardTransactionCreated ?? 0);
  const lines = report.log.map((event) => JSON.stringify(event));
  const deliveredLines = deliveredLog(report.log, 100, nativeSha256).map((event) => JSON.stringify(event));
  return { engine: report.engine, lines, deliveredLines, transactions };
}

/** State slices whose bytes figure 12's floor line reports: the ledger, then the payment records. */
const FLOOR_SLICES = { ledger: ['ledger'], records: ['transactions', 'quotes', 'cardTransactions'] } as const;

/**
 * Heap plus typed-array bytes that each part of a state replayed from `lines` holds, each
 * measured by dropping it (an engine's state is read-only, so the state is folded here by
 * `evolve`, as `replay` folds it): the ledger and the payment-record stores (figure 12's floor
 * line), then every other slice in turn (`bySlice`, where the rest sits). Totals, not per
 * transaction, so that two sizes give what each added transaction holds in each.
 */
async function sliceBytes(lines: readonly string[]): Promise<{ ledger: number; records: number; bySlice: Record<string, number> }> {
  const state = emptyState(resolveOptions(API_OPTIONS));
  for (const line of lines) evolve(state, JSON.parse(line) as EventEnvelope, TRUSTED);
  const slices = state as unknown as Record<string, unknown>;
  const dropped = async (keys: readonly string[]): Promise<number> => {
    const before = heapUsed() + (await bufferBytes());
    for (const key of keys) slices[key] = undefined;
    return before - heapUsed() - (await bufferBytes());
  };
  const ledger = await dropped(FLOOR_SLICES.ledger);
  const records = await dropped(FLOOR_SLICES.records);
  const bySlice: Record<string, number> = {};
  for (const key of Object.keys(slices)) if (slices[key] !== undefined) bySlice[key] = await dropped([key]);
  return { ledger, records, bySlice };
}

/** Items on the small side of the `lists` scenario: the issue's 1k, past the hot set (most records packed, as at 1M). */
const SMALL_LIST_ITEMS = 1_000;

/** An engine replayed from the base log, and its own source of `kind` items (every source makes the same items). */
function listEngine(log: readonly EventEnvelope[], kind: ListKind): { engine: Engine; source: ListEventSource } {
  const engine = createEngine({ ...API_OPTIONS, events: log });
  return { engine, source: listEvents(engine, log, kind) };
}

/**
 * The lists of `kind` (the list itself and its filters) by name, read over `engine` after its
 * first items, and the bearer tokens of those read with an agent's token.
 */
function listKindPaths(kind: ListKind, engine: Engine, source: ListEventSource, agentTokens: readonly string[]): { paths: Record<string, string>; bearer: Record<string, string> } {
  const customer = source.customers[1]!;
  const account = source.accountOf(customer);
  const agent = source.agents[1] ?? source.agents[0];
  const agentCustomer = agent === undefined ? undefined : engine.state.agents.byId.get(agent)?.customerId;
  const bearer: Record<string, string> = {};
  const optional = (key: string, path: string | undefined): Record<string, string> => (path === undefined ? {} : { [key]: path });
  switch (kind) {
    case 'quotes':
      return { paths: { quotes: '/quotes', quotesPending: '/quotes?status=PENDING', quotesOfCustomer: `/quotes?customerId=${customer}` }, bearer };
    case 'transactions': {
      // Lists read with an agent's token (`GET /agents/me/transactions`: its customer's payments):
      // the agent allowed to view transactions whose customer has the most payments so far.
      const counts = agentTokens.map((token) => ({ token, answer: get(engine, '/agents/me/transactions?limit=1', `Bearer ${token}`) }));
      const best = counts.filter((c) => c.answer.status === 200).sort((a, b) => Number(b.answer.body.totalCount) - Number(a.answer.body.totalCount))[0];
      if (best !== undefined) bearer.agentTransactions = `Bearer ${best.token}`;
      // Card transactions are the cardTransactions kind's: here one item in five is one, so at
      // 1k the list would hold 278, 256 of them still in the hot set of objects (not like for like).
      const paths = {
        transactions: '/transactions',
        outgoing: '/transactions?type=OUTGOING',
        status: `/transactions?status=${source.paymentStatus}`,
        customer: `/transactions?customerId=${customer}`,
        ...optional('account', account === undefined ? undefined : `/transactions?accountIdentifier=${account}`),
        oldestFirst: '/transactions?sortOrder=asc',
        ...optional('agentTransactions', best === undefined ? undefined : '/agents/me/transactions'),
        // Date-ranged (stop 33: a date bound reads a few records past a search of one time per 64
        // positions): from the middle of the lists both engines share, to past every row.
        dated: `/transactions?${datedRange(engine)}`,
        ...optional('agentDated', best === undefined ? undefined : `/agents/me/transactions?${datedRange(engine)}`),
      };
      if (best !== undefined) bearer.agentDated = bearer.agentTransactions!;
      return { paths, bearer };
    }
    case 'cardTransactions': {
      const paths = {
        cardTransactions: '/transactions?type=CARD',
        // One card's (the cardId filter alone), and one customer's card transactions (two filters).
        ofCard: `/transactions?cardId=${source.cards[0]!.id}`,
        ofCustomer: `/transactions?type=CARD&customerId=${source.cards[source.cards.length - 1]!.customerId}`,
        oldestFirst: '/transactions?type=CARD&sortOrder=asc',
      };
      return { paths, bearer };
    }
    case 'customers':
      return {
        paths: {
          customers: '/customers',
          business: '/customers?customerType=BUSINESS',
          individual: '/customers?customerType=INDIVIDUAL',
          withDeleted: '/customers?isIncludingDeleted=true',
          businessWithDeleted: '/customers?customerType=BUSINESS&isIncludingDeleted=true',
        },
        bearer,
      };
    case 'externalAccounts':
      return {
        paths: {
          externalAccounts: '/customers/external-accounts',
          eur: '/customers/external-accounts?currency=EUR',
          ofCustomer: `/customers/external-accounts?customerId=${customer}`,
          ofCustomerEur: `/customers/external-accounts?customerId=${customer}&currency=EUR`,
          platform: '/platform/external-accounts',
          platformEur: '/platform/external-accounts?currency=EUR',
        },
        bearer,
      };
    case 'cards':
      return {
        paths: {
          cards: '/cards',
          frozen: '/cards?status=FROZEN',
          ofCustomer: `/cards?customerId=${customer}`,
          ofCustomerFrozen: `/cards?customerId=${customer}&status=FROZEN`,
          ...optional('ofAccount', account === undefined ? undefined : `/cards?accountId=${account}`),
          oldestFirst: '/cards?sortOrder=asc',
        },
        bearer,
      };
    case 'agentActions':
      return {
        paths: {
          approvals: '/agents/approvals',
          ...optional('ofCustomer', agentCustomer === undefined ? undefined : `/agents/approvals?customerId=${agentCustomer}`),
          ...optional('ofAgent', agent === undefined ? undefined : `/agents/approvals?agentId=${agent}`),
          oldestFirst: '/agents/approvals?sortOrder=asc',
        },
        bearer,
      };
    case 'stablecoinOperations': {
      const operations = `/stablecoins/${source.stablecoinId}/operations`;
      return { paths: { operations, completed: `${operations}?status=COMPLETED`, expired: `${operations}?status=EXPIRED`, mints: `${operations}?type=MINT` }, bearer };
    }
    case 'balanceChanges':
      return { paths: { balanceChanges: balanceChangesPath(source.balanceAccount!) }, bearer };
  }
}

/** A startDate at the time of the middle row `engine` lists (the lists both sides share up to there), an endDate past every row. */
function datedRange(engine: Engine): string {
  const transactions = engine.state.lists.transactions;
  const middle = listedRecordAt(engine.state, transactions, listedLength(transactions) >>> 1).tx.createdAt;
  return `startDate=${middle}&endDate=2099-01-01T00:00:00.000Z`;
}

/** How many items the big engine lists for `kind` (from the index copy, or the list's own count). */
function listedCount(kind: ListKind, copy: ListIndexes, engine: Engine, source: ListEventSource): number {
  switch (kind) {
    case 'transactions':
    case 'cardTransactions':
      return listedLength(copy.transactions);
    case 'quotes':
      return copy.quotes.listed;
    case 'customers':
      return copy.customers.createdMs.length;
    case 'externalAccounts':
      return copy.externalAccounts.scope.length;
    case 'cards':
      return copy.cards.createdMs.length;
    case 'agentActions':
      return copy.agentActions.createdMs.length;
    case 'stablecoinOperations':
      return copy.stablecoinOperations.byCoin.get(source.stablecoinId ?? '')?.createdMs.length ?? 0;
    case 'balanceChanges':
      // Ledger rows, not a list index.
      return Number(get(engine, `${balanceChangesPath(source.balanceAccount!)}&limit=1`).body.totalCount ?? 0);
  }
}

/** A 100-item page of one side: median µs, its totalCount, how many items it held. */
type SidePage = { micros: number; totalCount: number; hasTotalCount: boolean; pageItems: number; status: number };

/** The first answer of `path` (untimed: it warms the path) as a page figure without its time. */
function firstAnswer(engine: Engine, path: string, authorization: string): SidePage {
  const answer = get(engine, withQuery(path, 'limit=100'), authorization);
  if (answer.status !== 200) return { micros: 0, totalCount: 0, hasTotalCount: false, pageItems: 0, status: answer.status };
  const pageItems = Array.isArray(answer.body.data) ? answer.body.data.length : 0;
  const hasTotalCount = typeof answer.body.totalCount === 'number';
  return { micros: 0, totalCount: hasTotalCount ? answer.body.totalCount : pageItems, hasTotalCount, pageItems, status: 200 };
}

/**
 * Median µs of a 100-item page of `smallPath` at `small` and `bigPath` at `big`, over `reps`
 * calls each, alternating call by call and who goes first, after three untimed pairs.
 */
function alternatingPages(small: Engine, smallPath: string, big: Engine, bigPath: string, reps: number, authorization: string): { small: SidePage; big: SidePage } {
  const s = firstAnswer(small, smallPath, authorization);
  const b = firstAnswer(big, bigPath, authorization);
  if (s.status !== 200 || b.status !== 200) return { small: s, big: b };
  const timed = { small: [] as number[], big: [] as number[] };
  const call = (side: 'small' | 'big', keep: boolean): void => {
    const [engine, path] = side === 'small' ? [small, smallPath] : [big, bigPath];
    const [t] = seconds(() => get(engine, withQuery(path, 'limit=100'), authorization));
    if (keep) timed[side].push(t);
  };
  for (let i = -3; i < reps; i += 1) {
    const order: ('small' | 'big')[] = i % 2 === 0 ? ['small', 'big'] : ['big', 'small'];
    for (const side of order) call(side, i >= 0);
  }
  const medianMicros = (times: number[]): number => Math.round((times.sort((x, y) => x - y)[Math.floor(times.length / 2)] ?? 0) * 1e6);
  return { small: { ...s, micros: medianMicros(timed.small) }, big: { ...b, micros: medianMicros(timed.big) } };
}

/** Where a walk by cursor stands, and what it has cost so far (in all, and µs per item of each page). */
type WalkState = { cursor: string | undefined; more: boolean; pages: number; items: number; seconds: number; pageMicrosPerItem: number[] };
const walkFrom = (cursor: string | undefined): WalkState => ({ cursor, more: true, pages: 0, items: 0, seconds: 0, pageMicrosPerItem: [] });

/** Walks up to `pages` more 100-item pages of `path` from where `state` stands. */
function walkOn(engine: Engine, path: string, state: WalkState, pages: number, authorization: string): void {
  for (let walked = 0; walked < pages && state.more; walked += 1) {
    const query = `limit=100${state.cursor === undefined ? '' : `&cursor=${encodeURIComponent(state.cursor)}`}`;
    const [t, answer] = seconds(() => get(engine, withQuery(path, query), authorization));
    if (answer.status !== 200) throw new Error(`walking ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const items = Array.isArray(answer.body.data) ? answer.body.data.length : 0;
    state.seconds += t;
    state.pages += 1;
    state.items += items;
    state.pageMicrosPerItem.push((t * 1e6) / Math.max(1, items));
    state.more = answer.body.hasMore === true;
    state.cursor = answer.body.nextCursor;
  }
}

/**
 * A walk's figures: pages and items walked, ms per page and µs per item in all (collections
 * included), and `microsPerItem`, the median over its pages: a walk of 150 cheap pages lasts
 * ~10 ms, so one collection of the shared heap landing in it would double its sum.
 */
type WalkFigures = { pages: number; items: number; msPerPage: number; meanMicrosPerItem: number; microsPerItem: number; complete: boolean };
const walkFigures = (w: WalkState, walks = 1): WalkFigures => ({
  pages: Math.round(w.pages / walks),
  items: Math.round(w.items / walks),
  msPerPage: round((w.seconds * 1000) / Math.max(1, w.pages), 3),
  meanMicrosPerItem: round((w.seconds * 1e6) / Math.max(1, w.items), 3),
  microsPerItem: round(w.pageMicrosPerItem.sort((a, b) => a - b)[Math.floor(w.pageMicrosPerItem.length / 2)] ?? 0, 3),
  complete: !w.more,
});

/**
 * Walks by cursor in alternating blocks, each round in turned order: the small list whole, then
 * as many pages of the big one from its start and as many from `bigMiddle` (each continuing its
 * walk), until both big walks have walked `maxPages` pages or reached their end. Each walk's time
 * is summed over its blocks, so load and collections weigh on all three alike.
 */
function alternatingWalk(small: Engine, big: Engine, bigMiddle: string | undefined, path: string, maxPages: number, authorization: string): { small: WalkFigures; big: WalkFigures; bigMiddle: WalkFigures } {
  const smallTotal = walkFrom(undefined);
  const fromStart = walkFrom(undefined);
  const fromMiddle = walkFrom(bigMiddle);
  const open = (w: WalkState): boolean => w.more && w.pages < maxPages;
  let walks = 0;
  while (open(fromStart) || open(fromMiddle)) {
    let block = 1;
    const walkSmall = (): void => {
      const once = walkFrom(undefined);
      walkOn(small, path, once, Number.POSITIVE_INFINITY, authorization);
      walks += 1;
      smallTotal.pages += once.pages;
      smallTotal.items += once.items;
      smallTotal.seconds += once.seconds;
      smallTotal.pageMicrosPerItem.push(...once.pageMicrosPerItem);
      smallTotal.more = false;
      block = Math.max(1, once.pages);
    };
    const walkBig = (w: WalkState) => (): void => walkOn(big, path, w, Math.min(block, maxPages - w.pages), authorization);
    const round = [walkSmall, walkBig(fromStart), walkBig(fromMiddle)];
    // The small walk sets the block, so it stays first; the big walks swap places each round.
    if (walks % 2 === 1) round.splice(1, 2, round[2]!, round[1]!);
    for (const step of round) step();
  }
  return { small: walkFigures(smallTotal, Math.max(1, walks)), big: walkFigures(fromStart), bigMiddle: walkFigures(fromMiddle) };
}

/** The cursor of the middle of `path` (totalCount / 2), or null (BENCH_LIST_DEEP=0, or the walk there stopped short). */
function middleCursor(engine: Engine, path: string, totalCount: number, authorization: string): string | undefined | null {
  if (process.env.BENCH_LIST_DEEP === '0') return null;
  return cursorAt(engine, path, Math.floor(totalCount / 2), authorization);
}

/**
 * One list at both engines: its first page and a page in its middle (alternating calls), walks
 * by cursor (alternating blocks: the small list whole, the big one from its start and from its
 * middle, half of `maxPages` each),
 * and the goal judged over them. A list either side refuses (a filter an older revision lacks)
 * is reported, not judged.
 */
function listSides(small: Engine, big: Engine, path: string, reps: number, maxPages: number, authorization: string): { small: Record<string, unknown>; big: Record<string, unknown>; judged: ListJudgement | undefined } {
  const first = alternatingPages(small, path, big, path, reps, authorization);
  if (first.small.status !== 200 || first.big.status !== 200) return { small: first.small, big: first.big, judged: undefined };
  // A page deep in the list (its middle), timed as the first page is. BENCH_LIST_DEEP=0 skips it
  // (at 1M the walk there is most of the scenario's time); the first page then stands for it.
  const smallMiddle = middleCursor(small, path, first.small.totalCount, authorization);
  const bigMiddle = middleCursor(big, path, first.big.totalCount, authorization);
  const deepPath = (cursor: string | undefined): string => (cursor === undefined ? path : withQuery(path, `cursor=${encodeURIComponent(cursor)}`));
  const hasMiddle = smallMiddle !== null && bigMiddle !== null;
  const deep = hasMiddle ? alternatingPages(small, deepPath(smallMiddle), big, deepPath(bigMiddle), reps, authorization) : first;
  const walk = alternatingWalk(small, big, hasMiddle ? bigMiddle : undefined, path, Math.max(1, Math.floor(maxPages / 2)), authorization);
  const side = (page: SidePage, deepPage: SidePage, walked: WalkFigures) => ({ ...page, deepMicros: deepPage.micros, deepPageItems: deepPage.pageItems, walk: walked });
  const judged = judgeList({
    small: { ...first.small, deep: deep.small, walkMicrosPerItem: walk.small.microsPerItem },
    big: { ...first.big, deep: deep.big, walkMicrosPerItem: walk.big.microsPerItem, middleWalkMicrosPerItem: walk.bigMiddle.microsPerItem },
  });
  return { small: side(first.small, deep.small, walk.small), big: { ...side(first.big, deep.big, walk.big), middleWalk: walk.bigMiddle }, judged };
}

const scenarios: Record<string, () => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  lists() {
    // A small API-driven log for real records, then synthetic items of one kind (list-workload.ts)
    // into two engines: SMALL_LIST_ITEMS (the issue's 1k) and SIZE. Both stay alive and every
    // figure alternates between them, so load and collections weigh on both sides alike.
    const kind = kindArg as ListKind;
    if (!LIST_KINDS.includes(kind)) throw new Error(`lists: kind ${kindArg} is not one of ${LIST_KINDS.join(', ')}`);
    const base = apiWorkload({ events: 3_000 });
    const small = listEngine(base.log, kind);
    const big = listEngine(base.log, kind);
    small.engine.replay(small.source.next(SMALL_LIST_ITEMS));
    big.engine.replay(big.source.next(SMALL_LIST_ITEMS));
    const { paths, bearer } = listKindPaths(kind, small.engine, small.source, base.agentTokens);
    const [replayS] = seconds(() => {
      for (let done = SMALL_LIST_ITEMS; done < SIZE; done += BLOCK) big.engine.replay(big.source.next(Math.min(BLOCK, SIZE - done)));
    });
    gc();
    const reps = Number(process.env.BENCH_LIST_REPS ?? 30);
    const maxPages = Number(process.env.BENCH_LIST_PAGES ?? 300);
    const measured = Object.entries(paths).map(([list, path]) => [list, listSides(small.engine, big.engine, path, reps, maxPages, bearer[list] ?? AUTH)] as const);
    const sideOf = (side: 'small' | 'big'): Record<string, unknown> => Object.fromEntries(measured.map(([list, m]) => [list, m[side]]));
    const judged = Object.fromEntries(measured.flatMap(([list, m]) => (m.judged === undefined ? [] : [[list, m.judged]])));
    const ratios = Object.fromEntries(measured.map(([list, m]) => [list, m.judged?.page.ratio ?? 0]));
    // The index's own heap: a second copy built from the stores, measured beside the first.
    const before = heapUsed();
    const copy = rebuildListIndexes(big.engine.state);
    const indexBytesPerItem = round((heapUsed() - before) / SIZE, 1);
    return {
      kind,
      items: SIZE,
      smallItems: SMALL_LIST_ITEMS,
      hotRecords: HOT_RECORDS,
      listed: listedCount(kind, copy, big.engine, big.source),
      replaySeconds: round(replayS, 1),
      heapMB: Math.round(heapUsed() / 1e6),
      indexBytesPerItem,
      small: sideOf('small'),
      big: sideOf('big'),
      ratios,
      judged,
      goal: judgeLists(judged),
    };
  },
  async memory() {
    // Figure 12 as a process holds it: the engine alone, with no log beside it (a server hands
    // each event to its store and keeps no copy; the other figures keep the log alive, so the
    // strings and objects it shares with the records are not counted there). The log is kept
    // as JSONL text meanwhile, which is in both sides of every difference.
    // The only reference to each engine measured is `holder.engine`.
    const holder = handledAsText(SIZE);
    const { lines, deliveredLines, transactions } = holder;
    const per = (bytes: number): number => Math.round(bytes / Math.max(1, transactions));
    const alone = async (): Promise<{ heap: number; buffers: number }> => {
      const heapWith = heapUsed();
      const buffersWith = await bufferBytes();
      holder.engine = undefined;
      const heapWithout = heapUsed();
      const buffersWithout = await bufferBytes();
      return { heap: heapWith - heapWithout, buffers: buffersWith - buffersWithout };
    };
    const handled = await alone();
    // Replayed from the text, block by block as a server boots from its store (nothing parsed kept).
    const fromText = (texts: readonly string[]): Engine => {
      const engine = createEngine(API_OPTIONS);
      for (let i = 0; i < texts.length; i += BLOCK) engine.replay(texts.slice(i, i + BLOCK).map((line) => JSON.parse(line) as EventEnvelope));
      return engine;
    };
    holder.engine = fromText(lines);
    const replayed = await alone();
    holder.engine = fromText(deliveredLines);
    const delivered = await alone();
    const floor = await sliceBytes(lines);
    return {
      transactions,
      // The totals too, so that a second size gives the bytes each added transaction holds (memory-growth.ts).
      handleHeapBytes: handled.heap,
      handleBufferBytes: handled.buffers,
      handleBytesPerTransaction: per(handled.heap),
      handleBufferBytesPerTransaction: per(handled.buffers),
      replayedBytesPerTransaction: per(replayed.heap),
      replayedBufferBytesPerTransaction: per(replayed.buffers),
      deliveredBytesPerTransaction: per(delivered.heap),
      deliveredBufferBytesPerTransaction: per(delivered.buffers),
      deliveredMarkers: deliveredLines.length - lines.length,
      // What the design's floor holds (figure 12's floor line): the ledger, and the three stores of
      // payment records, each taken out of a replayed engine in turn.
      ledgerSliceBytesPerTransaction: per(floor.ledger),
      paymentRecordsBytesPerTransaction: per(floor.records),
      // Every part's total bytes (the floor's two and each other slice), for the line by slice.
      sliceBytes: { ledger: floor.ledger, paymentRecords: floor.records, ...floor.bySlice },
    };
  },

  async api() {
    // 1. The workload through handle (its requests/s is the handle figure for this mix).
    const [generateS, report] = seconds(() => apiWorkload({ events: SIZE }));
    const { log } = report;
    const count = log.length;
    const transactions = (report.eventTypes.TransactionCreated ?? 0) + (report.eventTypes.CardTransactionCreated ?? 0);
    const handleFigures = {
      requests: report.requests,
      refused: report.refused,
      aborted: report.aborted,
      advances: report.advances,
      requestsPerSec: Math.round(report.requests / report.handleSeconds),
      eventsPerSecThroughHandle: Math.round(count / (report.handleSeconds + report.advanceSeconds)),
      generateSeconds: round(generateS, 1),
    };
    let small: Engine | undefined = createEngine(API_OPTIONS);
    // The lists at two sizes: a prefix of the log (~1k transactions) and the whole log.
    const prefix = Math.max(1, Math.min(count, Math.round((count * 1000) / Math.max(1, transactions))));
    small.replay(log.slice(0, prefix));
    const lists = listFigures(small, report.engine, report);
    small = undefined;
    const reads = comparedReads(report, report.engine);
    void small;
    // Only the log stays: the heap before any replay engine exists.
    (report as { engine: Engine | undefined }).engine = undefined;
    const heapLogOnly = heapUsed();

    // 2. Alternating blocks: the API-driven log against as many ledger-only transfers, after a
    // warm-up round over the first 50,000 events of each.
    alternatingRound(log, Math.min(count, 50_000));
    gc();
    const measured = alternatingRound(log, count);
    // The same comparison with both sides' blocks freshly made (see alternatingRound), after its
    // own warm-up; only its timings are kept.
    alternatingRound(log, Math.min(count, 50_000), true);
    const freshRound = alternatingRound(log, count, true);
    const fresh = {
      apiEventsPerSec: Math.round(count / freshRound.api),
      ledgerEventsPerSec: Math.round(count / freshRound.ledger),
      ratio: round(freshRound.ledger / freshRound.api, 3),
      apiCpuEventsPerSec: Math.round(count / freshRound.apiCpu),
      ledgerCpuEventsPerSec: Math.round(count / freshRound.ledgerCpu),
      cpuRatio: round(freshRound.ledgerCpu / freshRound.apiCpu, 3),
    };
    (freshRound as { apiEngine: Engine | undefined }).apiEngine = undefined;
    (freshRound as { ledgerEngine: Engine | undefined }).ledgerEngine = undefined;
    floorRound(log, Math.min(count, 50_000), measured.apiEngine.state.ledger);
    const floor = floorRound(log, count, measured.apiEngine.state.ledger);
    const heapBoth = heapUsed();
    const buffersBoth = await bufferBytes();

    // 3. Snapshots of each engine against replaying the same log.
    const ledgerSnapshot = { ...snapshotFigures(measured.ledgerEngine, measured.ledger + measured.ledgerOpening, [], {}, measured.ledgerCpu), openingMs: Math.round(measured.ledgerOpening * 1000), transfersReplayOverLoad: 0 };
    ledgerSnapshot.transfersReplayOverLoad = round(measured.ledger / (((ledgerSnapshot as Record<string, unknown>).loadMs as number) / 1000));
    const ledgerChecks = measured.ledgerEngine.state.ledger.checkInvariants().length === 0;
    (measured as { ledgerEngine: Engine | undefined }).ledgerEngine = undefined;
    const heapApiOnly = heapUsed();
    const buffersApiOnly = await bufferBytes();
    const figures = snapshotFigures(measured.apiEngine, measured.api, reads, API_OPTIONS, measured.apiCpu);
    const replayWithGcMs = (measured.apiCpu + measured.apiAfterGcCpu) * 1000;
    const apiSnapshot = {
      ...figures,
      replayGcMs: round(measured.apiGcMs, 1),
      replayMajorGcs: measured.apiMajorGcs,
      // Each side charged with the minor collection of what it allocated (the replay's blocks
      // never collect inside; a load sometimes does, which swings cpuReplayOverLoad).
      replayWithGcCpuMs: Math.round(replayWithGcMs),
      cpuReplayOverLoadWithGc: round(replayWithGcMs / (figures.loadWithGcCpuMs as number)),
    };
    (measured as { apiEngine: Engine | undefined }).apiEngine = undefined;
    const heapNone = heapUsed();
    const buffersNone = await bufferBytes();
    const delivered = await deliveredMemory(log, transactions);

    // 4. JSONL: auditLog against parse + hash + apply apart.
    const jsonl = jsonlFigures(log);

    const apiPerEventUs = (measured.api * 1e6) / count;
    const ledgerPerEventUs = (measured.ledger * 1e6) / count;
    return {
      events: count,
      transactions,
      eventTypes: report.eventTypes,
      operations: report.operations,
      handle: handleFigures,
      replay: {
        apiEventsPerSec: Math.round(count / measured.api),
        ledgerEventsPerSec: Math.round(count / measured.ledger),
        apiPerEventUs: round(apiPerEventUs, 3),
        ledgerPerEventUs: round(ledgerPerEventUs, 3),
        ratio: round(ledgerPerEventUs / apiPerEventUs, 3),
        apiCpuEventsPerSec: Math.round(count / measured.apiCpu),
        ledgerCpuEventsPerSec: Math.round(count / measured.ledgerCpu),
        cpuRatio: round(measured.ledgerCpu / measured.apiCpu, 3),
        fresh,
        floor: {
          bareEventsPerSec: Math.round(count / floor.bare),
          ledgerEventsPerSec: Math.round(count / floor.ledger),
          ratio: round(floor.ledger / floor.bare, 3),
          postedEventsPerSec: Math.round(count / floor.posted),
          postedRatio: round(floor.ledger / floor.posted, 3),
        },
      },
      memory: {
        apiBytesPerTransaction: Math.round((heapApiOnly - heapNone) / Math.max(1, transactions)),
        apiBytesPerEvent: Math.round((heapApiOnly - heapNone) / count),
        ledgerBytesPerTransfer: Math.round((heapBoth - heapApiOnly) / count),
        // Off the JS heap, not in the figures above: typed-array columns at their capacity.
        apiBufferBytesPerTransaction: Math.round((buffersApiOnly - buffersNone) / Math.max(1, transactions)),
        ledgerBufferBytesPerTransfer: Math.round((buffersBoth - buffersApiOnly) / count),
        heapLogOnlyMb: Math.round(heapLogOnly / 1e6),
        ...delivered,
        ledgerInvariantsHold: ledgerChecks,
      },
      snapshot: { api: apiSnapshot, ledger: ledgerSnapshot },
      jsonl,
      lists,
      prefixEvents: prefix,
      peakRssMb: peakRssMb(),
    };
  },

  cold() {
    // One account of SIZE rows and one of 1,000, replayed. The very first request of a process
    // also compiles the request pipeline (parsing, routing, the query schema), which a server
    // pays once at start, not per account: it is measured apart on the small account, and the
    // big account's first page is then measured cold for its rows only.
    const engine = createEngine({ events: pageLog(SIZE, 1000) });
    const path = (account: string): string => `/internal-accounts/InternalAccount:${account}/balance-changes?startDate=2020-01-01T00:00:00.000Z&endDate=2034-01-01T00:00:00.000Z&limit=100`;
    const [firstRequestS] = seconds(() => get(engine, path('small')));
    const [coldBigS, first] = seconds(() => get(engine, path('big')));
    if (first.status !== 200) throw new Error(`balance changes answered ${first.status}: ${JSON.stringify(first.body)}`);
    const warm = (account: string): number => [0, 1, 2, 3, 4].map(() => seconds(() => get(engine, path(account)))[0]).sort((a, b) => a - b)[2]!;
    const warmBigS = warm('big');
    const warmSmallS = warm('small');
    return {
      rows: SIZE,
      firstRequestMs: round(firstRequestS * 1000, 3),
      coldBigMs: round(coldBigS * 1000, 3),
      warmBigMs: round(warmBigS * 1000, 3),
      warmSmallMs: round(warmSmallS * 1000, 3),
      totalCount: first.body.totalCount,
      peakRssMb: peakRssMb(),
    };
  },

  async ledger() {
    // Ledger-only replay of SIZE transfers: heap per transfer after a forced GC, and peak RSS
    // (the 10M check runs this with SIZE = 10,000,000).
    // Blocks of 1,024 envelopes, the chunk auditLog replays a file in: a block of 10,000 (6 MB of
    // envelopes) outlived two scavenges while it was made and replayed, so its garbage was
    // promoted and grew the old generation between full collections (the 10M peak RSS).
    const { opening, blocks } = ledgerLog(SIZE, LEDGER_MEMORY_BLOCK);
    const before = heapUsed();
    const buffersBefore = await bufferBytes();
    const [openingS, engine] = seconds(() => createEngine({ events: opening }));
    const [s] = seconds(() => {
      for (const block of blocks) engine.replay(block);
    });
    const after = heapUsed();
    const buffersAfter = await bufferBytes();
    const ok = engine.state.ledger.checkInvariants().length === 0;
    const rssMb = peakRssMb();
    // Figure 13 at this size, after peak RSS was read (a snapshot's text is large): up to 2M.
    const snapshot = SIZE <= 2_000_000 ? { ...snapshotFigures(engine, s + openingS, []), openingMs: Math.round(openingS * 1000) } : undefined;
    return { transfers: SIZE, eventsPerSec: Math.round(SIZE / s), bytesPerTransfer: Math.round((after - before) / SIZE), bufferBytesPerTransfer: Math.round((buffersAfter - buffersBefore) / SIZE), heapMb: Math.round(after / 1e6), bufferMb: Math.round(buffersAfter / 1e6), invariantsHold: ok, peakRssMb: rssMb, snapshot };
  },

  binary() {
    // Figure 14's API-driven part: the log written as JSONL and as binary, each audited from disk
    // on two threads and on one, alternating with the in-memory replay of its envelopes (held,
    // as every scenario here holds the API-driven log).
    const { log } = apiWorkload({ events: SIZE });
    mkdirSync(OUT_DIR, { recursive: true });
    const jsonlPath = join(OUT_DIR, 'bench-api-binary-figure.jsonl');
    const binaryPath = join(OUT_DIR, 'bench-api-binary-figure.bin');
    // The in-memory replay as figure 9's apply: a fresh engine, blocks of BLOCK envelopes, the invariants.
    const replaySeconds = (): number =>
      seconds(() => {
        const engine = createEngine(API_OPTIONS);
        for (let i = 0; i < log.length; i += BLOCK) engine.replay(log.slice(i, i + BLOCK));
        if (engine.state.ledger.checkInvariants().length > 0) throw new Error('API log replay broke an invariant');
      })[0];
    try {
      const written = writeBothForms(inBlocks(log, BLOCK), jsonlPath, binaryPath);
      const { sha256: _nodeCrypto, ...engine } = API_OPTIONS;
      return fromDiskFigures({ written, jsonlPath, binaryPath, engine, replaySeconds, rounds: 3 });
    } finally {
      rmSync(jsonlPath, { force: true });
      rmSync(binaryPath, { force: true });
    }
  },

  types() {
    // CPU cost of each event type in the API-driven replay: the log replayed by `evolve` into a
    // fresh state twice (the first warms the code up), each call timed; the chain links are
    // checked by replay, not here, so the sum is a little under figure 8's replay.
    // p50Ns: the median call of each type, which a GC pause or a wait for a core on a loaded
    // machine (both land on whichever call they interrupt) does not move; it includes one
    // hrtime read (hrtimeNs).
    const { log } = apiWorkload({ events: SIZE });
    const byType = new Map<string, { count: number; ns: bigint; calls: number[] }>();
    for (let round = 0; round < 2; round += 1) {
      const state = emptyState(resolveOptions(API_OPTIONS));
      byType.clear();
      gc();
      for (const event of log) {
        const t0 = process.hrtime.bigint();
        evolve(state, event, TRUSTED);
        const ns = process.hrtime.bigint() - t0;
        const entry = byType.get(event.type) ?? { count: 0, ns: 0n, calls: [] };
        entry.count += 1;
        entry.ns += ns;
        entry.calls.push(Number(ns));
        byType.set(event.type, entry);
      }
    }
    const median = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const empty = Array.from({ length: 10_000 }, () => {
      const t0 = process.hrtime.bigint();
      return Number(process.hrtime.bigint() - t0);
    });
    const totalNs = [...byType.values()].reduce((sum, { ns }) => sum + Number(ns), 0);
    const rows = [...byType.entries()]
      .map(([type, { count, ns, calls }]) => ({ type, count, share: round((100 * Number(ns)) / totalNs, 1), nsPerEvent: Math.round(Number(ns) / count), p50Ns: median(calls) }))
      .sort((a, b) => b.share - a.share);
    const allCalls = [...byType.values()].flatMap(({ calls }) => calls);
    return { events: log.length, nsPerEvent: Math.round(totalNs / log.length), p50Ns: median(allCalls), hrtimeNs: median(empty), types: rows };
  },

  async profile() {
    // The API-driven replay under the V8 CPU profiler (the generation is not profiled).
    const { log } = apiWorkload({ events: SIZE });
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    const engine = createEngine(API_OPTIONS);
    gc();
    await session.post('Profiler.start');
    const [s] = seconds(() => {
      for (let i = 0; i < log.length; i += BLOCK) engine.replay(log.slice(i, i + BLOCK));
    });
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    mkdirSync(OUT_DIR, { recursive: true });
    const file = join(OUT_DIR, 'api-replay.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    return { events: log.length, eventsPerSec: Math.round(log.length / s), profile: file, top: topSelf(profile, 30) };
  },

  async snapshot() {
    // The API-driven snapshot's load (JSON.parse + createEngine) under the CPU profiler, after
    // three loads that compile the loading code; also each part's size in the text.
    const report = apiWorkload({ events: SIZE });
    const { engine } = report;
    const [saveS, text] = seconds(() => JSON.stringify(engine.snapshot()));
    const parts = Object.entries(JSON.parse(text) as Record<string, unknown>)
      .map(([key, value]) => [key, round(JSON.stringify(value).length / 1e6, 2)] as const)
      .sort((a, b) => b[1] - a[1]);
    const load = (): Engine => createEngine({ ...API_OPTIONS, snapshot: JSON.parse(text) });
    for (let i = 0; i < 3; i += 1) load();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    gc();
    const rounds = 10;
    const cpu0 = process.cpuUsage();
    await session.post('Profiler.start');
    const [s] = seconds(() => {
      for (let i = 0; i < rounds; i += 1) loadForProfile(text);
    });
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    const cpu = process.cpuUsage(cpu0);
    session.disconnect();
    const file = join(OUT_DIR, 'api-snapshot-load.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    // Each compared read, CPU µs, on a fresh load of the snapshot (@5; @3 before stop 22) and as format @2 wrote it
    // (records as objects, list indexes rebuilt: reads parse nothing), alternating, five fresh
    // loads each after one of each (which also compiles the read code for the loaded stores'
    // shapes), medians; then again on the last load (warm) and on the engine that wrote the log.
    const reads = comparedReads(report, engine);
    // CPU time: on this shared machine a single read's wall time is often a wait for a core.
    const cpuMicros = (fn: () => unknown): number => {
      const cpu0 = process.cpuUsage();
      fn();
      const cpu = process.cpuUsage(cpu0);
      return cpu.user + cpu.system;
    };
    const timed = (on: Engine): number[] => {
      gc();
      return reads.map((path) => cpuMicros(() => get(on, path)));
    };
    const text2 = JSON.stringify(asFormat2(JSON.parse(text) as Record<string, unknown>));
    const load2 = (): Engine => createEngine({ ...API_OPTIONS, snapshot: JSON.parse(text2) });
    const [coldLoaded2, coldLoaded] = [timed(load2()), timed(load())];
    const rows2: number[][] = [];
    const rows3: number[][] = [];
    let last = engine;
    for (let round = 0; round < 5; round += 1) {
      rows2.push(timed(load2()));
      last = load();
      rows3.push(timed(last));
    }
    const [warmLoaded, written] = [timed(last), timed(engine)];
    const median = (rows: number[][], k: number): number => rows.map((row) => row[k] ?? 0).sort((a, b) => a - b)[rows.length >> 1] ?? 0;
    const sum = (micros: number[]): number => micros.reduce((a, b) => a + b, 0);
    const medians2 = reads.map((_, k) => median(rows2, k));
    const medians3 = reads.map((_, k) => median(rows3, k));
    const firstReadMicros = {
      columns: ['@2 first load', '@5 first load', '@2 median', '@5 median', '@5 warm', 'writer'],
      total: [sum(coldLoaded2), sum(coldLoaded), sum(medians2), sum(medians3), sum(warmLoaded), sum(written)],
      ...Object.fromEntries(reads.map((path, k) => [path, [coldLoaded2[k], coldLoaded[k], medians2[k], medians3[k], warmLoaded[k], written[k]]])),
    };
    const snapshotMemory = await loadedMemory(text, report.log);
    return { mb: round(text.length / 1e6, 1), saveMs: Math.round(saveS * 1000), loadMs: round((s * 1000) / rounds, 1), loadCpuMs: round((cpu.user + cpu.system) / 1000 / rounds, 1), parts: Object.fromEntries(parts), firstReadMicros, snapshotMemory, profile: file, top: topSelf(profile, 30, 'loadForProfile') };
  },
};

/**
 * Heap and typed-array buffers (MB) an engine loaded from snapshot `text` holds, with it minus
 * without it: just loaded (records packed), and after every record of its growing stores was
 * read once (issue 16, stop 21: before it a loaded store kept each record read as an object; now
 * all but the last `hotRecords` read are packed); beside them what an engine that replayed `log`
 * (the log the snapshot was taken at the end of) holds, measured in this process, and the loaded
 * engine's share of it. Also the time that full read took.
 */
async function loadedMemory(text: string, log: readonly EventEnvelope[]): Promise<Record<string, number>> {
  const holder: { engine: Engine | undefined } = { engine: undefined };
  const without = await heldBytes();
  holder.engine = replayedEngine(log);
  const replayed = await heldBytes();
  holder.engine = undefined;
  const withoutLoaded = await heldBytes();
  holder.engine = loadedEngine(text);
  const loaded = await heldBytes();
  const cpu0 = process.cpuUsage();
  const records = readEveryRecord(holder.engine);
  const cpu = process.cpuUsage(cpu0);
  const read = await heldBytes();
  holder.engine = undefined;
  const mb = (bytes: number): number => round(bytes / 1e6, 1);
  const replayedBytes = replayed.heap - without.heap + replayed.buffers - without.buffers;
  return {
    records,
    loadedHeapMb: mb(loaded.heap - withoutLoaded.heap),
    loadedBufferMb: mb(loaded.buffers - withoutLoaded.buffers),
    readHeapMb: mb(read.heap - withoutLoaded.heap),
    readBufferMb: mb(read.buffers - withoutLoaded.buffers),
    replayedHeapMb: mb(replayed.heap - without.heap),
    replayedBufferMb: mb(replayed.buffers - without.buffers),
    loadedOverReplayed: round((loaded.heap - withoutLoaded.heap + loaded.buffers - withoutLoaded.buffers) / replayedBytes),
    readBytesPerRecord: Math.round((read.heap - withoutLoaded.heap + read.buffers - withoutLoaded.buffers) / Math.max(1, records)),
    readAllCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

/**
 * The heap used and the typed-array buffers held, after a collection, measured after two turns
 * of the event loop (`bufferBytes`). The turns matter for the heap too: a value a caller's frame
 * made and dropped (such as the parsed snapshot a load took) may stay in a dead register of that
 * frame until it is suspended at an `await` (before stop 30 `loadedHeapMb` counted the parsed
 * snapshot: ~10 MB at 100k events).
 */
async function heldBytes(): Promise<{ heap: number; buffers: number }> {
  const buffers = await bufferBytes();
  return { heap: heapUsed(), buffers };
}

/** An engine loaded from snapshot `text` (parsed here, so that no caller's frame holds the parse). */
function loadedEngine(text: string): Engine {
  return createEngine({ ...API_OPTIONS, snapshot: JSON.parse(text) });
}

/** An engine that replayed `log` block by block. */
function replayedEngine(log: readonly EventEnvelope[]): Engine {
  const engine = createEngine(API_OPTIONS);
  for (let i = 0; i < log.length; i += BLOCK) engine.replay(log.slice(i, i + BLOCK));
  return engine;
}

/** Reads every record of `engine`'s growing stores once (their iteration); returns how many. */
function readEveryRecord(engine: Engine): number {
  const { transactions, quotes, idempotency, externalAccounts, cardTransactions, incoming, agents } = engine.state;
  const stores: ReadonlyMap<string, object>[] = [transactions.byId, quotes.byId, idempotency, externalAccounts.byId, cardTransactions.byId, incoming.byTransactionId, agents.byId, agents.deviceCodes, agents.actions];
  let records = 0;
  for (const store of stores) for (const _record of store.values()) records += 1;
  return records;
}

/** A parsed `@7` snapshot as format `@2` held it: records and idempotency responses as objects, pending webhooks as ids, no saved indexes. */
function asFormat2(snapshot: Record<string, unknown>): Record<string, unknown> {
  // The stores' bytes name the entries of the snapshot's shared id table.
  const ids = IdTable.fromTexts(snapshot.ids, 'shared');
  const unpacked = (packed: unknown): unknown[] => [...PackedRecordMap.fromPacked(packed as PackedBytes, { freeze: false }, ids).values()];
  const { lists: _lists, webhooks: _webhooks, ids: _ids, ...rest } = snapshot;
  const { ids: _q, codec: _c, bytes: _b, ...quotes } = snapshot.quotes as Record<string, unknown>;
  const idempotencyKeys = (snapshot.idempotency as { ids: string[] }).ids;
  return {
    ...rest,
    format: 'payments-engine/snapshot@2',
    pendingWebhooks: [...PendingWebhooks.fromSnapshot(snapshot.webhooks as PendingWebhooksSnapshot)],
    transactions: { records: unpacked(snapshot.transactions) },
    quotes: { ...quotes, records: unpacked(snapshot.quotes) },
    idempotency: unpacked(snapshot.idempotency).map((response, k) => [idempotencyKeys[k], response]),
    externalAccounts: {
      records: unpacked(snapshot.externalAccounts).map((record, k) => [(snapshot.externalAccounts as { ids: string[] }).ids[k], record]),
      order: (snapshot.externalAccounts as { order: string[] }).order,
    },
    cardTransactions: { records: unpacked(snapshot.cardTransactions), transactionsBefore: (snapshot.cardTransactions as { transactionsBefore: number[] }).transactionsBefore },
  };
}

/** One snapshot load, as a named frame the profile summary selects. */
function loadForProfile(text: string): Engine {
  return createEngine({ ...API_OPTIONS, snapshot: JSON.parse(text) });
}

/** The parts of a V8 CPU profile the summary reads. */
type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
};

/**
 * Self time by function, largest first, as shares of the samples taken inside `root` (by default
 * `replayInto`, the engine's replay; the profiler's own start and stop are left out). Bundle positions are mapped
 * back to source files through the bundle's source map (run with --enable-source-maps).
 */
function topSelf(profile: CpuProfile, limit: number, root = 'replayInto'): { fn: string; selfPct: number; selfMs: number }[] {
  const byNode = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (deltas[i] ?? 0));
  });
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const inReplay = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (nodes.get(at)?.callFrame.functionName === root) return true;
    return false;
  };
  const byFn = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    if (us === 0 || !inReplay(node.id)) continue;
    total += us;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${where(url, lineNumber, columnNumber)}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  return [...byFn.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([fn, us]) => ({ fn, selfPct: round((100 * us) / Math.max(1, total), 1), selfMs: Math.round(us / 1000) }));
}

/** A bundle position as `src/file.ts:line` when the source map knows it. */
function where(url: string, line: number, column: number): string {
  if (url === '') return '(native)';
  const entry = url.startsWith('file:') ? (findSourceMap(url)?.findEntry(line, column) as { originalSource?: string; originalLine?: number } | undefined) : undefined;
  const source = entry?.originalSource ?? url;
  const at = entry?.originalLine ?? line;
  const modules = source.lastIndexOf('/node_modules/');
  const short = modules === -1 ? source.replace(/^.*\/(src|benchmarks)\//, '$1/') : source.slice(modules + '/node_modules/'.length);
  return `${short}:${at + 1}`;
}


const run = scenarios[name];
if (run === undefined) {
  process.stderr.write(`unknown scenario ${name}; one of ${Object.keys(scenarios).join(', ')}\n`);
  process.exit(2);
}
process.stdout.write(`${JSON.stringify({ scenario: name, size: SIZE, ...(await run()) })}\n`);
