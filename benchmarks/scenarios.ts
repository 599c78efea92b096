/**
 * One benchmark scenario per process, so each one's peak RSS is its own. Prints one JSON line.
 * Usage, after `npm run bench` bundled it: node --expose-gc bench-out/bundle/scenarios.js <name> [transfers] [accounts]
 */
import { auditLog } from '../src/engine/audit.js';
import { auditFile } from '../src/cli/audit-file.js';
import { createEngine } from '../src/engine/engine.js';
import { nativeSha256 } from '../src/cli/native-hash.js';
import { basicAuthorization } from '../src/api/auth.js';
import { SANDBOX_CREDENTIAL } from '../src/engine/options.js';
import type { EventEnvelope } from '../src/log/index.js';
import { bareFold, blockedLedgerLog, bareParseFold, envelopeFold, pageLog, workload, workloadEnvelopes, workloadLines } from './workload.js';
import { fromDiskFigures, inBlocks, writeBothForms } from './binary-log.js';
import { lineWriter, readLines } from '../src/cli/files.js';
import type { AuditOptions } from '../src/engine/audit.js';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Generated logs go to bench-out/ (git-ignored) at the repo root, beside the bundle.
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The first `limit` items of `items`. */
function* take<T>(items: Iterable<T>, limit: number): Generator<T> {
  if (limit <= 0) return;
  let n = 0;
  for (const item of items) {
    yield item;
    n += 1;
    if (n >= limit) return;
  }
}

const [name = '', transfersArg = '1000000', accountsArg = '10000'] = process.argv.slice(2);
const TRANSFERS = Number(transfersArg);
const ACCOUNTS = Number(accountsArg);

function seconds<T>(fn: () => T): [number, T] {
  const t0 = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e9, result];
}
const minorGc = (): void => global.gc?.({ type: 'minor' });
const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
const rssMb = (): number => Math.round(process.memoryUsage().rss / 1024 / 1024);

/**
 * The log of scenario 1 as blocks of `BLOCK` envelopes, made one block at a time so the log is
 * never all in memory. Making a block is not timed: the engine and the bare fold are each timed
 * over the same finished block, in alternating order, as the yardstick times its fold over
 * transfers it made beforehand.
 */
const BLOCK = 10_000;


/** One replay of the whole log by a fresh engine, block by block, beside the envelope fold. */
function replayRound(): { engine: number; fold: number } {
  const { opening, blocks } = blockedLedgerLog(TRANSFERS, ACCOUNTS, BLOCK);
  const engine = createEngine({ events: opening });
  const balances = new Map<string, bigint>();
  let engineS = 0;
  let foldS = 0;
  let index = 0;
  for (const block of blocks()) {
    const order = index % 2 === 0 ? ['fold', 'engine'] : ['engine', 'fold'];
    for (const which of order) {
      // Start each timed part with an empty young generation, so neither pays for collecting
      // the garbage left by making the block (or by the other part).
      minorGc();
      if (which === 'fold') foldS += seconds(() => envelopeFold(balances, block))[0];
      else engineS += seconds(() => engine.replay(block))[0];
    }
    index += 1;
  }
  if (engine.state.ledger.checkInvariants().length > 0) throw new Error('replay broke an invariant');
  for (const [id, balance] of balances) {
    if (engine.state.ledger.balance(id)?.postedMinor !== balance) throw new Error(`balance of ${id} differs from the fold`);
  }
  return { engine: Math.round(TRANSFERS / engineS), fold: Math.round(TRANSFERS / foldS) };
}

/**
 * Seconds of an in-memory replay of the whole ledger-only log (opening, every block, the
 * invariants: the events an audit of it applies), its blocks made untimed as replayRound makes them.
 */
function ledgerReplaySeconds(): number {
  const { opening, blocks } = blockedLedgerLog(TRANSFERS, ACCOUNTS, BLOCK);
  let [total, engine] = seconds(() => createEngine({ events: opening }));
  for (const block of blocks()) {
    minorGc();
    total += seconds(() => engine.replay(block))[0];
  }
  const [checkS, violations] = seconds(() => engine.state.ledger.checkInvariants());
  if (violations.length > 0) throw new Error('replay broke an invariant');
  return total + checkS;
}

const scenarios: Record<string, () => Record<string, unknown>> = {
  fold() {
    const transfers = workload(TRANSFERS, ACCOUNTS);
    const [s] = seconds(() => bareFold(transfers));
    return { eventsPerSec: Math.round(TRANSFERS / s), peakRssMb: peakRssMb() };
  },
  replay() {
    global.gc?.();
    const before = rssMb();
    // A warm-up round, then three measured rounds, each a fresh engine over the same log; the
    // figures are the measured rounds' medians. The first round of a process also pays once for
    // compiling the code and growing the heap (~50-100 ms, the first block running several times
    // slower): a fixed cost, not a rate, so it is reported apart instead of as one of three
    // samples. Collecting before each round keeps one engine alive at a time, so peak RSS is one
    // replay's.
    const [warmUp, ...rounds] = [0, 1, 2, 3].map(() => {
      global.gc?.();
      return replayRound();
    });
    const median = (values: number[]): number => values.sort((a, b) => a - b)[1]!;
    return {
      eventsPerSec: median(rounds.map((r) => r.engine)),
      envelopeFoldEventsPerSec: median(rounds.map((r) => r.fold)),
      ratio: Number(median(rounds.map((r) => r.engine / r.fold)).toFixed(2)),
      warmUpEngineEventsPerSec: warmUp!.engine,
      warmUpFoldEventsPerSec: warmUp!.fold,
      roundsEngine: rounds.map((r) => r.engine),
      roundsFold: rounds.map((r) => r.fold),
      peakRssMb: peakRssMb(),
      rssBeforeReplayMb: before,
    };
  },
  jsonl() {
    // The log is written to a file and every pass streams it back line by line, as an auditor
    // replays a log someone else wrote; the page cache keeps the disk out of the figures.
    mkdirSync(OUT_DIR, { recursive: true });
    const path = join(OUT_DIR, 'bench-events.jsonl');
    const writer = lineWriter(path);
    let count = 0;
    let bytes = 0;
    for (const line of workloadLines(TRANSFERS, ACCOUNTS)) {
      writer.write(line);
      count += 1;
      bytes += line.length + 1;
    }
    writer.close();
    try {
      const audit = (options: AuditOptions, limit = count): number => {
        global.gc?.();
        const [s, report] = seconds(() => auditLog(take(readLines(path), limit), options));
        if (!report.ok) throw new Error(`benchmark log failed verification: ${JSON.stringify(report.fault)}`);
        return Math.round(limit / s);
      };
      // The CLI's replay: the lines hashed on a worker thread while this one parses and applies.
      const auditTwoThreads = (canonical: boolean): number => {
        global.gc?.();
        const [s, report] = seconds(() => auditFile(path, { parallel: true, canonical }));
        if (!report.ok) throw new Error(`benchmark log failed verification: ${JSON.stringify(report.fault)}`);
        return Math.round(count / s);
      };
      const baseline = (): number => {
        global.gc?.();
        return Math.round(count / seconds(() => bareParseFold(readLines(path)))[0]);
      };
      // Baseline and replays alternate, and each figure is the better of two passes.
      const baselines: number[] = [];
      const natives: number[] = [];
      const parallels: number[] = [];
      for (let pass = 0; pass < 2; pass += 1) {
        baselines.push(baseline());
        natives.push(audit({ sha256: nativeSha256, canonical: false }));
        parallels.push(auditTwoThreads(false));
      }
      return {
        baselineParseFoldEventsPerSec: Math.max(...baselines),
        verifyReplayNativeEventsPerSec: Math.max(...natives),
        verifyReplayTwoThreadsEventsPerSec: Math.max(...parallels),
        verifyReplayStrictTwoThreadsEventsPerSec: auditTwoThreads(true),
        verifyReplayStrictEventsPerSec: audit({ sha256: nativeSha256 }),
        verifyReplayNobleEventsPerSec: audit({ canonical: false }, Math.min(count, 200_000)),
        bytesPerEvent: Math.round(bytes / count),
        peakRssMb: peakRssMb(),
      };
    } finally {
      rmSync(path, { force: true });
    }
  },
  binary() {
    // Figure 14: scenario 2's log written as JSONL and as binary (one block of envelopes held at
    // a time), each audited from disk on two threads and on one, alternating with the in-memory
    // replay of scenario 1 over the same events.
    mkdirSync(OUT_DIR, { recursive: true });
    const jsonlPath = join(OUT_DIR, 'bench-binary-figure.jsonl');
    const binaryPath = join(OUT_DIR, 'bench-binary-figure.bin');
    try {
      const written = writeBothForms(inBlocks(workloadEnvelopes(TRANSFERS, ACCOUNTS), BLOCK), jsonlPath, binaryPath);
      return fromDiskFigures({ written, jsonlPath, binaryPath, engine: {}, replaySeconds: ledgerReplaySeconds, rounds: 3 });
    } finally {
      rmSync(jsonlPath, { force: true });
      rmSync(binaryPath, { force: true });
    }
  },
  page() {
    const big = TRANSFERS;
    const small = 1000;
    const engine = createEngine({ events: pageLog(big, small) });
    const reps = 2000;
    const time = (account: string, rows: number): number => {
      // Start mid-history so the page must be found, not just read from the front.
      const mid = Date.parse('2026-01-01T00:00:00Z') + Math.floor(rows / 2) * 1000;
      const query = { startDate: new Date(mid).toISOString(), endDate: '2027-01-01T00:00:00.000Z', limit: '100' };
      const auth = basicAuthorization(SANDBOX_CREDENTIAL);
      const request = { method: 'GET', path: `/internal-accounts/${account}/balance-changes`, headers: { authorization: auth }, query };
      const check = engine.handle(request, { now: '2027-01-01T00:00:00Z' });
      if (check.response.status !== 200) throw new Error(`page failed: ${JSON.stringify(check.response.body)}`);
      const [s] = seconds(() => {
        for (let i = 0; i < reps; i += 1) engine.handle(request, { now: '2027-01-01T00:00:00Z' });
      });
      return s / reps;
    };
    time('InternalAccount:big', big);
    time('InternalAccount:small', small);
    const bigS = time('InternalAccount:big', big);
    const smallS = time('InternalAccount:small', small);
    return { bigRows: big, smallRows: small, bigPageMicros: Math.round(bigS * 1e6), smallPageMicros: Math.round(smallS * 1e6), ratio: Number((bigS / smallS).toFixed(2)) };
  },
  quotes() {
    return quoteFlows(Math.min(TRANSFERS, 5_000));
  },
  handle() {
    const engine = createEngine({ sha256: nativeSha256 });
    const auth = basicAuthorization(SANDBOX_CREDENTIAL);
    const list = engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: auth } }, { now: '2026-01-01T00:00:00Z' });
    const account = (list.response.body as { data: { id: string }[] }).data[0]!.id;
    const n = Math.min(TRANSFERS, 50_000);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const [s] = seconds(() => {
      for (let i = 0; i < n; i += 1) {
        const r = engine.handle({ method: 'POST', path: `/sandbox/internal-accounts/${account}/fund`, headers: { authorization: auth }, body: { amount: 100 } }, { now: start + i * 1000 });
        if (r.response.status !== 200) throw new Error('fund failed');
      }
    });
    return { requestsPerSec: Math.round(n / s), requests: n, peakRssMb: peakRssMb() };
  },
};

/** Quote-and-execute through `handle`, then a replay of the log those flows wrote. */
function quoteFlows(iterations: number): Record<string, unknown> {
  // A server passes its native SHA-256, as the CLI does.
  const engine = createEngine({ sha256: nativeSha256 });
  const auth = basicAuthorization(SANDBOX_CREDENTIAL);
  const log: EventEnvelope[] = [];
  let clockMs = Date.parse('2026-01-05T16:00:00Z');
  const call = (method: string, path: string, body?: unknown): { status: number; body: any } => {
    const { response, events } = engine.handle({ method, path, headers: { authorization: auth }, ...(body === undefined ? {} : { body }) }, { now: clockMs });
    log.push(...events);
    return response as { status: number; body: any };
  };
  const now = (): string => new Date(clockMs).toISOString();
  call('POST', '/sandbox/exchange-rates', { rates: [{ sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08', asOf: now() }] });
  const customer = call('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: 'bench-1',
    fullName: 'Bench Customer',
    agreementConsents: [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '2025-10-13' }],
  }).body;
  const account = call('GET', `/customers/internal-accounts?customerId=${customer.id}`).body.data[0].id as string;
  call('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 100_000_000_000 });
  const external = call('POST', '/customers/external-accounts', {
    customerId: customer.id,
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '12345000', routingNumber: '021000021', bankAccountType: 'CHECKING', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Bench Customer' } },
  }).body.id as string;
  const quoteBody = {
    source: { sourceType: 'ACCOUNT', accountId: account },
    destination: { destinationType: 'ACCOUNT', accountId: external, paymentRail: 'ACH' },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1_000,
  };
  const [s] = seconds(() => {
    for (let i = 0; i < iterations; i += 1) {
      clockMs += 10;
      const quote = call('POST', '/quotes', quoteBody);
      if (quote.status !== 200) throw new Error(`quote failed: ${JSON.stringify(quote.body)}`);
      const executed = call('POST', `/quotes/${quote.body.id}/execute`);
      if (executed.status !== 200) throw new Error(`execute failed: ${JSON.stringify(executed.body)}`);
    }
  });
  log.push(...engine.advance(clockMs + 3_600_000));
  global.gc?.();
  const [replayS, replayed] = seconds(() => createEngine({ events: log }));
  if (replayed.state.ledger.checkInvariants().length > 0) throw new Error('replayed flows broke an invariant');
  return {
    requestsPerSec: Math.round((2 * iterations) / s),
    quotesExecuted: iterations,
    flowEvents: log.length,
    flowReplayEventsPerSec: Math.round(log.length / replayS),
    peakRssMb: peakRssMb(),
  };
}


const run = scenarios[name];
if (run === undefined) {
  process.stderr.write(`unknown scenario ${name}; one of ${Object.keys(scenarios).join(', ')}\n`);
  process.exit(2);
}
process.stdout.write(`${JSON.stringify({ scenario: name, transfers: TRANSFERS, accounts: ACCOUNTS, ...run() })}\n`);
