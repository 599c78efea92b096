/**
 * Test support for the ledger (not a test file): ledger operations as plain data, fast-check
 * arbitraries for them, their conversion to ledger calls, and `dumpLedger`, which reads every
 * query of a ledger into one plain value so two ledgers (or a ledger and the naive model) can be
 * compared with `toEqual`.
 */
import { fc } from '@fast-check/vitest';
import type { CurrencyCode } from '../../src/core/currency.js';
import type {
  AccountSpec,
  AccountView,
  BalanceRow,
  BalanceView,
  Ledger,
  LedgerBatchError,
  LedgerError,
  TransferSpec,
  TransferView,
} from '../../src/ledger/index.js';
import type { Result } from '../../src/core/result.js';

/** Number of property runs, from FC_NUM_RUNS (default 100). */
export const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 100);

/** Small id pools, so that generated operations collide (TRANSFER_EXISTS, ACCOUNT_EXISTS...). */
export const ACCOUNT_POOL = 5;
export const TRANSFER_POOL = 40;
export const accountId = (n: number): string => `acct-${n}`;
// Transfer and transaction ids of both shapes the ledger stores (id-column.ts): `<Prefix>:<uuid>`
// ids it packs, and other text it keeps as strings.
const uuidOf = (n: number): string => `0190${(n % 65_536).toString(16).padStart(4, '0')}-${n % 7}a00-7000-8000-${n.toString(16).padStart(12, '0')}`;
export const transferId = (n: number): string => (n % 3 === 0 ? `tr-${n}` : n % 3 === 1 ? `Transfer:${uuidOf(n)}` : `Hold:${uuidOf(n)}`);
/** The transaction id of pool number `n`. */
export const transactionIdOf = (n: number): string => (n % 2 === 0 ? `txn-${n}` : `Transaction:${uuidOf(n)}`);
export const ALL_ACCOUNT_IDS = Array.from({ length: ACCOUNT_POOL }, (_, n) => accountId(n));
export const ALL_TRANSFER_IDS = Array.from({ length: TRANSFER_POOL }, (_, n) => transferId(n));

const INT64_MAX = 2n ** 63n - 1n;

/** Where the clock starts in generated histories. */
export const START_MS = Date.parse('2026-03-01T00:00:00Z');

/** An account to open: pool number, currency and the flag bits (3 = both, refused). */
export type OpenOp = { readonly kind: 'open'; readonly account: number; readonly currency: CurrencyCode; readonly flags: 0 | 1 | 2 | 3 };
/** A new transfer; `dtMs` is added to the clock (negative: back in time). */
export type NewOp = {
  readonly kind: 'new';
  readonly id: number;
  readonly debit: number;
  readonly credit: number;
  readonly amountMinor: bigint;
  readonly dtMs: number;
  readonly pending: boolean;
  /** Relative to the transfer's time; may be invalid on purpose. */
  readonly timeoutInMs?: number;
  readonly transaction?: number;
};
/**
 * A post or void. Which pending transfer: `open` picks among the open ones (n modulo their
 * number), `earlier` among the pending transfers created earlier in the same batch, `pool` any
 * pool id (often not pending at all).
 */
export type ResolveOp = {
  readonly kind: 'post' | 'void';
  readonly id: number;
  readonly pick: { readonly from: 'open' | 'earlier' | 'pool'; readonly n: number };
  readonly amountMinor?: bigint;
  readonly dtMs: number;
  readonly transaction?: number;
};
/** expirePending(clock + dtMs). */
export type ExpireOp = { readonly kind: 'expire'; readonly dtMs: number };
/** A linked batch of new transfers and resolutions. */
export type BatchOp = { readonly kind: 'batch'; readonly items: readonly (NewOp | ResolveOp)[] };
/** Any operation. */
export type Op = OpenOp | NewOp | ResolveOp | ExpireOp | BatchOp;

const amountArb: fc.Arbitrary<bigint> = fc.oneof(
  { weight: 30, arbitrary: fc.bigInt({ min: 1n, max: 1_000n }) },
  { weight: 1, arbitrary: fc.constantFrom(0n, -5n) },
  { weight: 1, arbitrary: fc.bigInt({ min: INT64_MAX - 2_000n, max: INT64_MAX + 10n }) },
);
// Mostly forward in time, sometimes standing still, rarely backwards (TIME_WENT_BACKWARDS).
const dtArb = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 40 }) },
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: -20, max: -1 }) },
);
// Account 0 is the unlimited "world" account of the setup; debits come from it often.
const debitArb = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: ACCOUNT_POOL - 1 }) });
const creditArb = fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 1, max: ACCOUNT_POOL - 1 }) }, { weight: 1, arbitrary: fc.constant(0) });
const transferArb = fc.integer({ min: 0, max: TRANSFER_POOL - 1 });
const transactionArb = fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined });

/** Any open op: usually refused later in a history (the setup opened the pool already). */
export const openOpArb: fc.Arbitrary<OpenOp> = fc.record({
  kind: fc.constant('open' as const),
  account: fc.integer({ min: 0, max: ACCOUNT_POOL + 1 }),
  currency: fc.constantFrom<CurrencyCode>('USD', 'USD', 'USD', 'EUR'),
  flags: fc.constantFrom<0 | 1 | 2 | 3>(0, 0, 1, 1, 2, 3),
});

/** Opens the pool: account 0 is USD without limits, the others mostly USD, mostly limited. */
export const setupArb: fc.Arbitrary<OpenOp[]> = fc
  .tuple(
    fc.array(fc.constantFrom<CurrencyCode>('USD', 'USD', 'USD', 'USD', 'USD', 'USD', 'USD', 'EUR'), { minLength: ACCOUNT_POOL - 1, maxLength: ACCOUNT_POOL - 1 }),
    fc.array(fc.constantFrom<0 | 1 | 2>(0, 0, 1, 1, 1, 2), { minLength: ACCOUNT_POOL - 1, maxLength: ACCOUNT_POOL - 1 }),
  )
  .map(([currencies, flags]) => [
    { kind: 'open' as const, account: 0, currency: 'USD' as const, flags: 0 as const },
    ...currencies.map((currency, k) => ({ kind: 'open' as const, account: k + 1, currency, flags: flags[k]! })),
  ]);

export const newOpArb: fc.Arbitrary<NewOp> = fc
  .record({
    id: transferArb,
    debit: debitArb,
    credit: creditArb,
    amountMinor: amountArb,
    dtMs: dtArb,
    pending: fc.boolean(),
    timeoutChoice: fc.integer({ min: 0, max: 99 }),
    timeoutInMs: fc.integer({ min: 1, max: 120 }),
    transaction: transactionArb,
  })
  .map(({ timeoutChoice, timeoutInMs, transaction, ...rest }) => {
    // Pending: half with a timeout, a few invalid ones. Posted: a timeout is rare (refused).
    const timeout = rest.pending
      ? timeoutChoice < 50 ? timeoutInMs : timeoutChoice < 54 ? -timeoutInMs % 3 : undefined
      : timeoutChoice < 3 ? timeoutInMs : undefined;
    return {
      kind: 'new' as const,
      ...rest,
      ...(timeout === undefined ? {} : { timeoutInMs: timeout }),
      ...(transaction === undefined ? {} : { transaction }),
    };
  });

export const resolveOpArb: fc.Arbitrary<ResolveOp> = fc
  .record({
    kind: fc.constantFrom('post' as const, 'void' as const),
    id: transferArb,
    pick: fc.record({
      from: fc.constantFrom<'open' | 'earlier' | 'pool'>('open', 'open', 'open', 'earlier', 'pool'),
      n: fc.nat(1_000),
    }),
    amount: fc.option(fc.oneof({ weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 1_000n }) }, { weight: 1, arbitrary: fc.constantFrom(0n, -1n) }), { nil: undefined, freq: 2 }),
    dtMs: dtArb,
    transaction: transactionArb,
  })
  .map(({ amount, transaction, ...rest }) => ({
    ...rest,
    ...(amount === undefined ? {} : { amountMinor: amount }),
    ...(transaction === undefined ? {} : { transaction }),
  }));

export const expireOpArb: fc.Arbitrary<ExpireOp> = fc.record({ kind: fc.constant('expire' as const), dtMs: fc.integer({ min: 0, max: 150 }) });

export const batchOpArb: fc.Arbitrary<BatchOp> = fc.record({
  kind: fc.constant('batch' as const),
  items: fc.array(fc.oneof({ weight: 2, arbitrary: newOpArb }, { weight: 1, arbitrary: resolveOpArb }), { minLength: 2, maxLength: 4 }),
});

/** Any operation after the setup. */
export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: openOpArb },
  { weight: 10, arbitrary: newOpArb },
  { weight: 5, arbitrary: resolveOpArb },
  { weight: 1, arbitrary: expireOpArb },
  { weight: 3, arbitrary: batchOpArb },
);

/** A history: the setup, then up to 80 operations. */
export const historyArb: fc.Arbitrary<Op[]> = fc
  .tuple(setupArb, fc.array(opArb, { minLength: 1, maxLength: 80, size: 'max' }))
  .map(([opens, ops]) => [...opens, ...ops]);

/** The account spec of an open op. */
export function accountSpec(op: OpenOp): AccountSpec {
  return {
    id: accountId(op.account),
    currency: op.currency,
    flags: { debitsMustNotExceedCredits: (op.flags & 1) !== 0, creditsMustNotExceedDebits: (op.flags & 2) !== 0 },
  };
}

/** What a resolve op may pick from: open pending ids, and those created earlier in its batch. */
export type PickContext = { readonly openIds: readonly string[]; readonly earlierIds: readonly string[] };

function pickPending(op: ResolveOp, context: PickContext): string {
  const { from, n } = op.pick;
  const among = from === 'earlier' && context.earlierIds.length > 0 ? context.earlierIds : from !== 'pool' ? context.openIds : [];
  return among.length > 0 ? among[n % among.length]! : transferId(n % TRANSFER_POOL);
}

/** The transfer spec of a new or resolve op at clock `clockMs`. */
export function transferSpec(op: NewOp | ResolveOp, clockMs: number, context: PickContext): TransferSpec {
  const atMs = clockMs + op.dtMs;
  const transactionId = op.transaction === undefined ? {} : { transactionId: transactionIdOf(op.transaction) };
  if (op.kind === 'new') {
    return {
      id: transferId(op.id),
      debitAccountId: accountId(op.debit),
      creditAccountId: accountId(op.credit),
      amountMinor: op.amountMinor,
      atMs,
      ...(op.pending ? { pending: true } : {}),
      ...(op.timeoutInMs === undefined ? {} : { timeoutAtMs: atMs + op.timeoutInMs }),
      ...transactionId,
    };
  }
  return {
    id: transferId(op.id),
    pendingId: pickPending(op, context),
    action: op.kind,
    atMs,
    ...(op.amountMinor === undefined ? {} : { amountMinor: op.amountMinor }),
    ...transactionId,
  };
}

/** Anything that takes ledger calls: the real `Ledger` and the naive model both do. */
export type LedgerLike = {
  openAccount(spec: AccountSpec): Result<void, LedgerError>;
  createTransfers(batch: readonly TransferSpec[]): Result<void, LedgerBatchError>;
  expirePending(nowMs: number): string[];
  pendingTransfers(): Iterable<TransferView>;
};

/** What an operation returned. */
export type Outcome = Result<void, LedgerError> | Result<void, LedgerBatchError> | string[];

/** Applies `op` at `clockMs`; returns the outcome and the clock after it. */
export function applyOp(target: LedgerLike, op: Op, clockMs: number): { outcome: Outcome; clockMs: number } {
  switch (op.kind) {
    case 'open':
      return { outcome: target.openAccount(accountSpec(op)), clockMs };
    case 'new':
    case 'post':
    case 'void': {
      const spec = transferSpec(op, clockMs, { openIds: openIds(target), earlierIds: [] });
      return { outcome: target.createTransfers([spec]), clockMs: Math.max(clockMs, spec.atMs) };
    }
    case 'expire':
      return { outcome: target.expirePending(clockMs + op.dtMs), clockMs: clockMs + op.dtMs };
    case 'batch': {
      const open = openIds(target);
      const earlierIds: string[] = [];
      const specs = op.items.map((item) => {
        const spec = transferSpec(item, clockMs, { openIds: open, earlierIds: [...earlierIds] });
        if (item.kind === 'new' && item.pending) earlierIds.push(spec.id);
        return spec;
      });
      const latest = Math.max(clockMs, ...specs.map((s) => s.atMs));
      return { outcome: target.createTransfers(specs), clockMs: latest };
    }
  }
}

function openIds(target: LedgerLike): string[] {
  return [...target.pendingTransfers()].map((t) => t.id);
}

/** Applies a whole history; returns the final clock. */
export function applyHistory(target: LedgerLike, ops: readonly Op[], clockMs = START_MS): number {
  let clock = clockMs;
  for (const op of ops) clock = applyOp(target, op, clock).clockMs;
  return clock;
}

/** Everything a ledger answers about one account. */
export type AccountDump = {
  readonly view: AccountView | undefined;
  readonly balance: BalanceView | undefined;
  readonly rowCount: number;
  readonly rows: readonly BalanceRow[];
  readonly postedAt: readonly (bigint | undefined)[];
  readonly firstRowAt: readonly number[];
};

/** Everything a ledger answers, over the id pools and the given probe times. */
export type LedgerDump = {
  readonly accounts: Readonly<Record<string, AccountDump>>;
  readonly transfers: Readonly<Record<string, TransferView | undefined>>;
  readonly pending: readonly TransferView[];
  readonly totals: readonly [string, unknown][];
};

/** The queries a dump reads; the model implements them too. */
export type Queryable = {
  account(id: string): AccountView | undefined;
  balance(id: string): BalanceView | undefined;
  rowCount(id: string): number;
  rows(id: string, fromIndex: number, limit: number): BalanceRow[];
  postedBalanceAt(id: string, atMs: number): bigint | undefined;
  firstRowAtOrAfter(id: string, atMs: number): number;
  transfer(id: string): TransferView | undefined;
  pendingTransfers(): Iterable<TransferView>;
  totalsByCurrency(): Map<CurrencyCode, unknown>;
};

/** Reads every query over the pools (and `probeTimesMs` for the as-of queries). */
export function dumpLedger(ledger: Queryable, probeTimesMs: readonly number[]): LedgerDump {
  const accounts: Record<string, AccountDump> = {};
  for (const id of [...ALL_ACCOUNT_IDS, 'nobody']) {
    accounts[id] = {
      view: ledger.account(id),
      balance: ledger.balance(id),
      rowCount: ledger.rowCount(id),
      rows: ledger.rows(id, 0, 10_000),
      postedAt: probeTimesMs.map((t) => ledger.postedBalanceAt(id, t)),
      firstRowAt: probeTimesMs.map((t) => ledger.firstRowAtOrAfter(id, t)),
    };
  }
  const transfers: Record<string, TransferView | undefined> = {};
  for (const id of [...ALL_TRANSFER_IDS, 'none']) transfers[id] = ledger.transfer(id);
  return { accounts, transfers, pending: [...ledger.pendingTransfers()], totals: [...ledger.totalsByCurrency()] };
}

/** Probe times around a clock range: every few ms, plus the ends. */
export function probeTimes(fromMs: number, toMs: number): number[] {
  const times: number[] = [Number.NEGATIVE_INFINITY, fromMs - 1, toMs + 1, Number.POSITIVE_INFINITY];
  for (let t = fromMs - 2; t <= toMs + 2; t += Math.max(1, Math.floor((toMs - fromMs) / 40))) times.push(t);
  return times;
}

/** JSON with bigints as "123n", for readable failure messages. */
export function show(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

/** A ledger with the named USD accounts opened (flags per account as given). */
export function ledgerWith(
  make: () => Ledger,
  accounts: Readonly<Record<string, { currency?: CurrencyCode; noOverdraft?: boolean; noOverCredit?: boolean }>>,
): Ledger {
  const ledger = make();
  for (const [id, options] of Object.entries(accounts)) {
    const opened = ledger.openAccount({
      id,
      currency: options.currency ?? 'USD',
      flags: { debitsMustNotExceedCredits: options.noOverdraft === true, creditsMustNotExceedDebits: options.noOverCredit === true },
    });
    if (!opened.ok) throw new Error(`could not open ${id}`);
  }
  return ledger;
}
