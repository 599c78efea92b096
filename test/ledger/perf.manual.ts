/**
 * Manual micro-benchmark of the ledger's replay path. Not a test: vitest never runs it, and no
 * test asserts on time. Run: `npm run bench:ledger -- [transfers] [accounts] [rounds]`, which
 * bundles it first: under tsx every cross-module import is a getter call and the ledger measures
 * about half as fast as the built package runs.
 *
 * Workload: the shared yardstick's (../shared/bench/baseline.mjs: same xorshift, same shape),
 * 1M posted transfers over 10k accounts one second apart, fresh strings per transfer as a JSONL
 * decoder would make them. Each transfer goes through `createTransfers([spec])`, the engine's
 * call. Baseline: the bare fold `bal.set(d, (bal.get(d) ?? 0n) - amt); bal.set(c, ...)` over the
 * same spec objects, timed in the same process. Two modes, each reported as the median of
 * `rounds`, each round in a fresh child process:
 *
 * - streamed: transfers are generated in blocks of 10,000; each block is folded and replayed
 *   (in alternating order), as a replay that decodes a log and drops each event after applying
 *   it. This is the mode that models the engine.
 * - resident: all 1M spec objects are built first and held, like the shared yardstick. The
 *   ledger pays cache misses on input the fold never reads (each id string, each atMs heap
 *   number), so this ratio is lower.
 *
 * So a peak RSS is one replay's (in resident mode, plus the 1M resident spec objects). Prints
 * rates, ratios, the ledger's own memory and the peak RSS per mode as JSON.
 */
import { spawnSync } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { Ledger, type NewTransferSpec } from '../../src/ledger/index.js';

// `perf.manual.ts [transfers] [accounts] [rounds]`, or internally `... --child <mode>`.
const childMode = process.argv[5] === '--child' ? process.argv[6] : undefined;
const transferCount = Number(process.argv[2] ?? 1_000_000);
const accountCount = Number(process.argv[3] ?? 10_000);
const rounds = Number(process.argv[4] ?? 3);
const BLOCK = 10_000;

// Collect garbage between rounds so only one ledger is alive at a time (peak RSS honest).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The yardstick's transfer generator, as spec objects; `take` more of them on each call. */
function generator(accounts: number, seed = 1): (take: number) => NewTransferSpec[] {
  let state = seed >>> 0 || 1;
  let i = 0;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const startMs = Date.parse('2026-01-01T00:00:00Z');
  return (take) => {
    const out: NewTransferSpec[] = new Array(take);
    for (let k = 0; k < take; k += 1, i += 1) {
      const debit = Math.floor(next() * accounts);
      let credit = Math.floor(next() * accounts);
      if (credit === debit) credit = (credit + 1) % accounts;
      out[k] = {
        id: `t${i}`,
        debitAccountId: `a${debit}`,
        creditAccountId: `a${credit}`,
        amountMinor: BigInt(1 + Math.floor(next() * 100_000)),
        atMs: startMs + i * 1000,
      };
    }
    return out;
  };
}

function fold(balances: Map<string, bigint>, specs: readonly NewTransferSpec[]): void {
  for (const s of specs) {
    balances.set(s.debitAccountId, (balances.get(s.debitAccountId) ?? 0n) - s.amountMinor);
    balances.set(s.creditAccountId, (balances.get(s.creditAccountId) ?? 0n) + s.amountMinor);
  }
}

function newLedger(accounts: number): Ledger {
  const ledger = new Ledger();
  for (let a = 0; a < accounts; a += 1) ledger.openAccount({ id: `a${a}`, currency: 'USD' });
  return ledger;
}

function replay(ledger: Ledger, specs: readonly NewTransferSpec[]): void {
  for (const spec of specs) {
    const result = ledger.createTransfers([spec]);
    if (!result.ok) throw new Error(`refused ${spec.id}: ${result.error.error.code}`);
  }
}

function nowSeconds(): number {
  return Number(process.hrtime.bigint()) / 1e9;
}

// CPU seconds of this process (all threads, GC helpers included): steadier than wall time on a
// shared machine, since time spent descheduled does not count.
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Wall and CPU seconds of `fn`. */
function timed(fn: () => void): { wall: number; cpu: number } {
  const wall0 = nowSeconds();
  const cpu0 = cpuSeconds();
  fn();
  return { wall: nowSeconds() - wall0, cpu: cpuSeconds() - cpu0 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function crossCheck(ledger: Ledger, balances: Map<string, bigint>): void {
  for (const [id, balance] of balances) {
    if (ledger.balance(id)?.postedMinor !== balance) throw new Error(`balance of ${id} differs from the fold`);
  }
}

type Round = { ledgerPerSec: number; foldPerSec: number; ledgerPerCpuSec: number; foldPerCpuSec: number };

function streamedRound(): Round & { ledger: Ledger } {
  const take = generator(accountCount);
  const ledger = newLedger(accountCount);
  const balances = new Map<string, bigint>();
  const ledgerTime = { wall: 0, cpu: 0 };
  const foldTime = { wall: 0, cpu: 0 };
  for (let done = 0, block = 0; done < transferCount; done += BLOCK, block += 1) {
    const specs = take(Math.min(BLOCK, transferCount - done));
    const order = block % 2 === 0 ? ['fold', 'ledger'] : ['ledger', 'fold'];
    for (const which of order) {
      const spent = timed(() => (which === 'fold' ? fold(balances, specs) : replay(ledger, specs)));
      const total = which === 'fold' ? foldTime : ledgerTime;
      total.wall += spent.wall;
      total.cpu += spent.cpu;
    }
  }
  crossCheck(ledger, balances);
  return { ...rates(ledgerTime, foldTime), ledger };
}

function residentRound(specs: readonly NewTransferSpec[]): Round {
  const balances = new Map<string, bigint>();
  const foldTime = timed(() => fold(balances, specs));
  const ledger = newLedger(accountCount);
  const ledgerTime = timed(() => replay(ledger, specs));
  crossCheck(ledger, balances);
  return rates(ledgerTime, foldTime);
}

function rates(ledgerTime: { wall: number; cpu: number }, foldTime: { wall: number; cpu: number }): Round {
  return {
    ledgerPerSec: transferCount / ledgerTime.wall,
    foldPerSec: transferCount / foldTime.wall,
    ledgerPerCpuSec: transferCount / ledgerTime.cpu,
    foldPerCpuSec: transferCount / foldTime.cpu,
  };
}

function summary(results: readonly Round[]): Record<string, unknown> {
  // Medians of rounds; the ratios are of the medians.
  const ledgerPerSec = median(results.map((r) => r.ledgerPerSec));
  const foldPerSec = median(results.map((r) => r.foldPerSec));
  const ledgerPerCpuSec = median(results.map((r) => r.ledgerPerCpuSec));
  const foldPerCpuSec = median(results.map((r) => r.foldPerCpuSec));
  return {
    ledgerTransfersPerSec: Math.round(ledgerPerSec),
    mapFoldTransfersPerSec: Math.round(foldPerSec),
    ratio: Number((ledgerPerSec / foldPerSec).toFixed(2)),
    byCpuTime: {
      ledgerTransfersPerSec: Math.round(ledgerPerCpuSec),
      mapFoldTransfersPerSec: Math.round(foldPerCpuSec),
      ratio: Number((ledgerPerCpuSec / foldPerCpuSec).toFixed(2)),
    },
    ledgerRoundsPerSec: results.map((r) => Math.round(r.ledgerPerSec)),
    foldRoundsPerSec: results.map((r) => Math.round(r.foldPerSec)),
  };
}

const mb = (bytes: number): number => Math.round(bytes / 1e6);
const peakRssMB = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

// One round of a mode, in this (child) process.
function runStreamed(): Record<string, unknown> {
  gc();
  const before = process.memoryUsage();
  const { ledger, ...rates } = streamedRound();
  gc();
  const replayed = process.memoryUsage();
  const violations = ledger.checkInvariants();
  if (violations.length > 0) throw new Error(`invariants broken: ${violations[0]!.code}`);
  ledger.indexRows();
  gc();
  const indexed = process.memoryUsage();
  const held = (m: NodeJS.MemoryUsage): number => m.heapUsed + m.external - before.heapUsed - before.external;
  return { ...rates, ledgerAfterReplayMB: mb(held(replayed)), ledgerWithRowsIndexedMB: mb(held(indexed)), peakRssMB: peakRssMB() };
}

function runResident(): Record<string, unknown> {
  const specs = generator(accountCount)(transferCount);
  gc();
  return { ...residentRound(specs), peakRssMB: peakRssMB() };
}

type ChildResult = Round & { peakRssMB: number; ledgerAfterReplayMB?: number; ledgerWithRowsIndexedMB?: number };

if (childMode === 'streamed') {
  console.log(JSON.stringify(runStreamed()));
} else if (childMode === 'resident') {
  console.log(JSON.stringify(runResident()));
} else {
  // Each round of each mode in a fresh process: a peak RSS is then one replay's, not the
  // high-water mark of several (freed heap is not always returned to the system).
  const child = (mode: string): ChildResult => {
    const args = [...process.execArgv, process.argv[1]!, String(transferCount), String(accountCount), '1', '--child', mode];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) throw new Error(`${mode} run failed: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').pop()!) as ChildResult;
  };
  const streamed: ChildResult[] = [];
  const resident: ChildResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    streamed.push(child('streamed'));
    resident.push(child('resident'));
  }
  const first = streamed[0]!;
  console.log(
    JSON.stringify(
      {
        transfers: transferCount,
        accounts: accountCount,
        rows: 2 * transferCount,
        rounds,
        streamed: { ...summary(streamed), peakRssMB: Math.max(...streamed.map((r) => r.peakRssMB)) },
        resident: { ...summary(resident), peakRssMB: Math.max(...resident.map((r) => r.peakRssMB)) },
        ledgerMemoryMB: { afterReplay: first.ledgerAfterReplayMB, withRowsIndexed: first.ledgerWithRowsIndexedMB },
      },
      null,
      2,
    ),
  );
}
