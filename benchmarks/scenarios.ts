/**
 * One benchmark scenario per process, so each one's peak RSS is its own. Prints one JSON line.
 * Usage: node --expose-gc --import tsx benchmarks/scenarios.ts <name> [transfers] [accounts]
 */
import { auditLog } from '../src/engine/audit.js';
import { createEngine } from '../src/engine/engine.js';
import { nativeSha256 } from '../src/cli/native-hash.js';
import { basicAuthorization } from '../src/api/auth.js';
import { SANDBOX_CREDENTIAL } from '../src/engine/options.js';
import type { EventEnvelope } from '../src/log/index.js';
import { bareFold, bareParseFold, workload, workloadLog, workloadStream, type BareTransfer } from './workload.js';

const [name = '', transfersArg = '1000000', accountsArg = '10000'] = process.argv.slice(2);
const TRANSFERS = Number(transfersArg);
const ACCOUNTS = Number(accountsArg);

function seconds<T>(fn: () => T): [number, T] {
  const t0 = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e9, result];
}
const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
const rssMb = (): number => Math.round(process.memoryUsage().rss / 1024 / 1024);

/**
 * The workload in columns of primitives (ids, amounts and times already as the strings events
 * carry), about a third of the memory of 1M transfer objects, so that making each envelope on
 * the fly costs little and the log itself is never all in memory.
 */
type Columns = { ids: string[]; debit: Int32Array; credit: Int32Array; amounts: string[]; ats: string[]; accountIds: string[] };

function columnsOf(transfers: Iterable<BareTransfer>, count: number, accounts: number): Columns {
  const columns: Columns = { ids: [], debit: new Int32Array(count), credit: new Int32Array(count), amounts: [], ats: [], accountIds: [] };
  for (let a = 0; a < accounts; a += 1) columns.accountIds.push(`a${a}`);
  let i = 0;
  for (const t of transfers) {
    columns.ids.push(t.id);
    columns.debit[i] = Number(t.debit.slice(1));
    columns.credit[i] = Number(t.credit.slice(1));
    columns.amounts.push(t.amount.toString());
    columns.ats.push(t.at);
    i += 1;
  }
  return columns;
}

/** Envelopes made one at a time from the columns. */
function* streamedEnvelopes(columns: Columns): Generator<EventEnvelope> {
  let seq = 0;
  let prev = '0'.repeat(64);
  const make = (type: string, at: string, data: unknown): EventEnvelope => {
    seq += 1;
    // In-memory replay trusts the chain links (verification is scenario jsonl); any 64-hex value
    // that links consistently will do.
    const hash = seq.toString(16).padStart(64, '0');
    const env = { seq, id: `E${seq}`, type, version: 1, at, data, prevHash: prev, hash };
    prev = hash;
    return env;
  };
  const t0 = '2025-12-31T23:00:00.000Z';
  yield make('PlatformInitialized', t0, { platformId: 'Platform:bench', regulated: false, worldCurrencies: ['USD'], platformAccounts: [] });
  for (const id of columns.accountIds) yield make('LedgerAccountOpened', t0, { id, currency: 'USD' });
  for (let i = 0; i < columns.ids.length; i += 1) {
    const id = columns.ids[i] as string;
    yield make('LedgerTransfersCreated', columns.ats[i] as string, {
      transfers: [{ id, debitAccountId: columns.accountIds[columns.debit[i] as number], creditAccountId: columns.accountIds[columns.credit[i] as number], amountMinor: columns.amounts[i], transactionId: id }],
    });
  }
}

const scenarios: Record<string, () => Record<string, unknown>> = {
  fold() {
    const transfers = workload(TRANSFERS, ACCOUNTS);
    const [s] = seconds(() => bareFold(transfers));
    return { eventsPerSec: Math.round(TRANSFERS / s), peakRssMb: peakRssMb() };
  },
  generate() {
    const columns = columnsOf(workloadStream(TRANSFERS, ACCOUNTS), TRANSFERS, ACCOUNTS);
    const [s] = seconds(() => {
      let n = 0;
      for (const _ of streamedEnvelopes(columns)) n += 1;
      return n;
    });
    return { eventsPerSec: Math.round(TRANSFERS / s), peakRssMb: peakRssMb() };
  },
  replay() {
    const columns = columnsOf(workloadStream(TRANSFERS, ACCOUNTS), TRANSFERS, ACCOUNTS);
    global.gc?.();
    const before = rssMb();
    const [s, engine] = seconds(() => createEngine({ events: streamedEnvelopes(columns) }));
    const rows = engine.state.ledger.rowCount('a0');
    const violations = engine.state.ledger.checkInvariants().length;
    return { eventsPerSec: Math.round(TRANSFERS / s), peakRssMb: peakRssMb(), rssBeforeReplayMb: before, rowsOfA0: rows, invariantViolations: violations };
  },
  jsonl() {
    const transfers = workload(TRANSFERS, ACCOUNTS);
    const { lines } = workloadLog(transfers, ACCOUNTS);
    transfers.length = 0;
    global.gc?.();
    const [baseS] = seconds(() => bareParseFold(lines));
    global.gc?.();
    const [noble, nobleReport] = seconds(() => auditLog(lines.slice(0, Math.min(lines.length, 200_000)), { canonical: false }));
    const [native, report] = seconds(() => auditLog(lines, { sha256: nativeSha256, canonical: false }));
    global.gc?.();
    const [strict, strictReport] = seconds(() => auditLog(lines, { sha256: nativeSha256 }));
    if (!report.ok || !nobleReport.ok || !strictReport.ok) throw new Error('benchmark log failed verification');
    const bytes = lines.reduce((n, l) => n + l.length + 1, 0);
    return {
      baselineParseFoldEventsPerSec: Math.round(lines.length / baseS),
      verifyReplayNativeEventsPerSec: Math.round(lines.length / native),
      verifyReplayNobleEventsPerSec: Math.round(Math.min(lines.length, 200_000) / noble),
      verifyReplayStrictEventsPerSec: Math.round(lines.length / strict),
      bytesPerEvent: Math.round(bytes / lines.length),
      peakRssMb: peakRssMb(),
    };
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

/** A log with one account of `big` rows and one of `small` rows (funded from the world). */
function* pageLog(big: number, small: number): Generator<EventEnvelope> {
  let seq = 0;
  let prev = '0'.repeat(64);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const make = (type: string, at: string, data: unknown): EventEnvelope => {
    seq += 1;
    const hash = seq.toString(16).padStart(64, '0');
    const env = { seq, id: `E${seq}`, type, version: 1, at, data, prevHash: prev, hash };
    prev = hash;
    return env;
  };
  const t0 = '2025-12-31T23:00:00.000Z';
  yield make('PlatformInitialized', t0, { platformId: 'Platform:bench', regulated: false, worldCurrencies: ['USD'], platformAccounts: [] });
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

const run = scenarios[name];
if (run === undefined) {
  process.stderr.write(`unknown scenario ${name}; one of ${Object.keys(scenarios).join(', ')}\n`);
  process.exit(2);
}
process.stdout.write(`${JSON.stringify({ scenario: name, transfers: TRANSFERS, accounts: ACCOUNTS, ...run() })}\n`);
