/**
 * A naive model of the ledger for model-based tests (not a test file): plain objects, a list of
 * transfers, and every counter, row and balance recomputed from that list on each question.
 * Slow and obviously right; written from docs/ledger-model.md, not from src/ledger.
 */
import type { CurrencyCode } from '../../src/core/currency.js';
import type { Result } from '../../src/core/result.js';
import type {
  AccountSpec,
  AccountView,
  BalanceRow,
  BalanceView,
  CurrencyTotals,
  LedgerBatchError,
  LedgerError,
  PendingStatus,
  TransferSpec,
  TransferView,
} from '../../src/ledger/index.js';

const INT64_MAX = 2n ** 63n - 1n;

type ModelAccount = {
  id: string;
  currency: CurrencyCode;
  debitsMustNotExceedCredits: boolean;
  creditsMustNotExceedDebits: boolean;
};

type ModelTransfer = {
  id: string;
  kind: 'posted' | 'pending' | 'post' | 'void';
  debitAccountId: string;
  creditAccountId: string;
  amountMinor: bigint;
  atMs: number;
  transactionId?: string;
  timeoutAtMs?: number;
  pendingId?: string;
  status?: PendingStatus;
};

type Counters = { debitsPending: bigint; debitsPosted: bigint; creditsPending: bigint; creditsPosted: bigint };

const ok = <E>(): Result<void, E> => ({ ok: true, value: undefined });
const fail = <E>(error: E): Result<void, E> => ({ ok: false, error });

/** The naive ledger. */
export class LedgerModel {
  accounts: ModelAccount[] = [];
  transfers: ModelTransfer[] = [];

  openAccount(spec: AccountSpec): Result<void, LedgerError> {
    if (this.accounts.some((a) => a.id === spec.id)) return fail({ code: 'ACCOUNT_EXISTS', accountId: spec.id });
    const debits = spec.flags?.debitsMustNotExceedCredits === true;
    const credits = spec.flags?.creditsMustNotExceedDebits === true;
    if (debits && credits) return fail({ code: 'FLAGS_MUTUALLY_EXCLUSIVE', accountId: spec.id });
    this.accounts.push({ id: spec.id, currency: spec.currency, debitsMustNotExceedCredits: debits, creditsMustNotExceedDebits: credits });
    return ok();
  }

  createTransfers(batch: readonly TransferSpec[]): Result<void, LedgerBatchError> {
    const saved = structuredClone({ accounts: this.accounts, transfers: this.transfers });
    for (let index = 0; index < batch.length; index += 1) {
      const result = this.#apply(batch[index]!);
      if (!result.ok) {
        this.accounts = saved.accounts;
        this.transfers = saved.transfers;
        return fail({ index, error: result.error });
      }
    }
    return ok();
  }

  expirePending(nowMs: number): string[] {
    const due = this.transfers
      .map((t, order) => ({ t, order }))
      .filter(({ t }) => t.kind === 'pending' && t.status === 'open' && t.timeoutAtMs !== undefined && t.timeoutAtMs <= nowMs)
      .sort((a, b) => a.t.timeoutAtMs! - b.t.timeoutAtMs! || a.order - b.order);
    for (const { t } of due) t.status = 'expired';
    return due.map(({ t }) => t.id);
  }

  #apply(spec: TransferSpec): Result<void, LedgerError> {
    return spec.action === undefined ? this.#applyNew(spec) : this.#applyResolution(spec);
  }

  #applyNew(spec: Extract<TransferSpec, { action?: undefined }>): Result<void, LedgerError> {
    const transferId = spec.id;
    if (this.#transfer(transferId) !== undefined) return fail({ code: 'TRANSFER_EXISTS', transferId });
    if (spec.amountMinor <= 0n) return fail({ code: 'AMOUNT_NOT_POSITIVE', transferId, amountMinor: spec.amountMinor });
    const pending = spec.pending === true;
    if (spec.timeoutAtMs !== undefined && !(pending && spec.timeoutAtMs > spec.atMs)) {
      return fail({ code: 'INVALID_TIMEOUT', transferId, pending, atMs: spec.atMs, timeoutAtMs: spec.timeoutAtMs });
    }
    if (spec.debitAccountId === spec.creditAccountId) return fail({ code: 'SAME_ACCOUNT', transferId, accountId: spec.debitAccountId });
    const debit = this.#account(spec.debitAccountId);
    if (debit === undefined) return fail({ code: 'ACCOUNT_NOT_FOUND', transferId, accountId: spec.debitAccountId, side: 'debit' });
    const credit = this.#account(spec.creditAccountId);
    if (credit === undefined) return fail({ code: 'ACCOUNT_NOT_FOUND', transferId, accountId: spec.creditAccountId, side: 'credit' });
    if (debit.currency !== credit.currency) {
      return fail({ code: 'CURRENCY_MISMATCH', transferId, debitAccountId: debit.id, debitCurrency: debit.currency, creditAccountId: credit.id, creditCurrency: credit.currency });
    }
    for (const account of [debit, credit]) {
      const lastAtMs = this.lastAtMs(account.id);
      if (spec.atMs < lastAtMs) return fail({ code: 'TIME_WENT_BACKWARDS', transferId, accountId: account.id, atMs: spec.atMs, lastAtMs });
    }
    const d = this.counters(debit.id);
    const c = this.counters(credit.id);
    const debitTotal = d.debitsPending + d.debitsPosted + spec.amountMinor;
    const creditTotal = c.creditsPending + c.creditsPosted + spec.amountMinor;
    if (debitTotal > INT64_MAX) return fail({ code: 'AMOUNT_OVERFLOW', transferId, accountId: debit.id, amountMinor: spec.amountMinor });
    if (creditTotal > INT64_MAX) return fail({ code: 'AMOUNT_OVERFLOW', transferId, accountId: credit.id, amountMinor: spec.amountMinor });
    if (debit.debitsMustNotExceedCredits && debitTotal > d.creditsPosted) {
      return fail({ code: 'EXCEEDS_CREDITS', transferId, accountId: debit.id, amountMinor: spec.amountMinor, availableMinor: d.creditsPosted - d.debitsPosted - d.debitsPending });
    }
    if (credit.creditsMustNotExceedDebits && creditTotal > c.debitsPosted) {
      return fail({ code: 'EXCEEDS_DEBITS', transferId, accountId: credit.id, amountMinor: spec.amountMinor, availableMinor: c.debitsPosted - c.creditsPosted - c.creditsPending });
    }
    this.transfers.push({
      id: transferId,
      kind: pending ? 'pending' : 'posted',
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amountMinor: spec.amountMinor,
      atMs: spec.atMs,
      ...(spec.transactionId === undefined ? {} : { transactionId: spec.transactionId }),
      ...(pending ? { status: 'open' as const } : {}),
      ...(pending && spec.timeoutAtMs !== undefined ? { timeoutAtMs: spec.timeoutAtMs } : {}),
    });
    return ok();
  }

  #applyResolution(spec: Extract<TransferSpec, { action: 'post' | 'void' }>): Result<void, LedgerError> {
    const transferId = spec.id;
    const pendingId = spec.pendingId;
    if (this.#transfer(transferId) !== undefined) return fail({ code: 'TRANSFER_EXISTS', transferId });
    const p = this.#transfer(pendingId);
    if (p === undefined || p.kind !== 'pending') return fail({ code: 'PENDING_NOT_FOUND', transferId, pendingId });
    if (p.status !== 'open') return fail({ code: 'PENDING_ALREADY_RESOLVED', transferId, pendingId, resolution: p.status! });
    if (p.timeoutAtMs !== undefined && spec.atMs >= p.timeoutAtMs) {
      return fail({ code: 'PENDING_ALREADY_RESOLVED', transferId, pendingId, resolution: 'expired' });
    }
    const post = spec.action === 'post';
    if (spec.amountMinor !== undefined) {
      if (post && spec.amountMinor <= 0n) return fail({ code: 'AMOUNT_NOT_POSITIVE', transferId, amountMinor: spec.amountMinor });
      if (post && spec.amountMinor > p.amountMinor) {
        return fail({ code: 'AMOUNT_EXCEEDS_PENDING', transferId, pendingId, amountMinor: spec.amountMinor, pendingAmountMinor: p.amountMinor });
      }
      if (!post && spec.amountMinor !== p.amountMinor) {
        return fail({ code: 'VOID_AMOUNT_MISMATCH', transferId, pendingId, amountMinor: spec.amountMinor, pendingAmountMinor: p.amountMinor });
      }
    }
    for (const accountId of [p.debitAccountId, p.creditAccountId]) {
      const lastAtMs = this.lastAtMs(accountId);
      if (spec.atMs < lastAtMs) return fail({ code: 'TIME_WENT_BACKWARDS', transferId, accountId, atMs: spec.atMs, lastAtMs });
    }
    const transactionId = spec.transactionId ?? p.transactionId;
    this.transfers.push({
      id: transferId,
      kind: post ? 'post' : 'void',
      debitAccountId: p.debitAccountId,
      creditAccountId: p.creditAccountId,
      amountMinor: post ? (spec.amountMinor ?? p.amountMinor) : p.amountMinor,
      atMs: spec.atMs,
      pendingId,
      ...(transactionId === undefined ? {} : { transactionId }),
    });
    p.status = post ? 'posted' : 'voided';
    return ok();
  }

  #account(id: string): ModelAccount | undefined {
    return this.accounts.find((a) => a.id === id);
  }

  #transfer(id: string): ModelTransfer | undefined {
    return this.transfers.find((t) => t.id === id);
  }

  /** Time of the latest transfer on the account (expiries are not transfers). */
  lastAtMs(accountId: string): number {
    let latest = Number.NEGATIVE_INFINITY;
    for (const t of this.transfers) {
      if (t.debitAccountId === accountId || t.creditAccountId === accountId) latest = Math.max(latest, t.atMs);
    }
    return latest;
  }

  /** The four counters, recomputed from every transfer. */
  counters(accountId: string): Counters {
    const c: Counters = { debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n };
    for (const t of this.transfers) {
      const posting = t.kind === 'posted' || t.kind === 'post';
      const holding = t.kind === 'pending' && t.status === 'open';
      if (t.debitAccountId === accountId) {
        if (posting) c.debitsPosted += t.amountMinor;
        if (holding) c.debitsPending += t.amountMinor;
      }
      if (t.creditAccountId === accountId) {
        if (posting) c.creditsPosted += t.amountMinor;
        if (holding) c.creditsPending += t.amountMinor;
      }
    }
    return c;
  }

  // ---- the queries of `Queryable` ----

  account(id: string): AccountView | undefined {
    const a = this.#account(id);
    if (a === undefined) return undefined;
    return {
      id,
      currency: a.currency,
      flags: { debitsMustNotExceedCredits: a.debitsMustNotExceedCredits, creditsMustNotExceedDebits: a.creditsMustNotExceedDebits },
      ...this.counters(id),
    };
  }

  balance(id: string): BalanceView | undefined {
    if (this.#account(id) === undefined) return undefined;
    const c = this.counters(id);
    const postedMinor = c.creditsPosted - c.debitsPosted;
    return { postedMinor, availableMinor: postedMinor - c.debitsPending, totalMinor: postedMinor + c.creditsPending };
  }

  allRows(id: string): BalanceRow[] {
    const rows: BalanceRow[] = [];
    let balance = 0n;
    for (const t of this.transfers) {
      if (t.kind !== 'posted' && t.kind !== 'post') continue;
      const sign = t.creditAccountId === id ? 1n : t.debitAccountId === id ? -1n : 0n;
      if (sign === 0n) continue;
      balance += sign * t.amountMinor;
      rows.push({ index: rows.length, transferId: t.id, transactionId: t.transactionId ?? t.id, amountMinor: sign * t.amountMinor, effectiveAtMs: t.atMs, balanceAfterMinor: balance });
    }
    return rows;
  }

  rowCount(id: string): number {
    return this.allRows(id).length;
  }

  rows(id: string, fromIndex: number, limit: number): BalanceRow[] {
    return this.allRows(id).slice(fromIndex, fromIndex + limit);
  }

  postedBalanceAt(id: string, atMs: number): bigint | undefined {
    if (this.#account(id) === undefined) return undefined;
    return this.allRows(id)
      .filter((r) => r.effectiveAtMs < atMs)
      .reduce((sum, r) => sum + r.amountMinor, 0n);
  }

  firstRowAtOrAfter(id: string, atMs: number): number {
    const rows = this.allRows(id);
    const k = rows.findIndex((r) => r.effectiveAtMs >= atMs);
    return k === -1 ? rows.length : k;
  }

  transfer(id: string): TransferView | undefined {
    const t = this.#transfer(id);
    if (t === undefined) return undefined;
    const common = {
      id: t.id,
      debitAccountId: t.debitAccountId,
      creditAccountId: t.creditAccountId,
      currency: this.#account(t.debitAccountId)!.currency,
      amountMinor: t.amountMinor,
      atMs: t.atMs,
      ...(t.transactionId === undefined ? {} : { transactionId: t.transactionId }),
    };
    if (t.kind === 'posted') return { ...common, kind: 'posted' };
    if (t.kind === 'pending') return { ...common, kind: 'pending', status: t.status!, ...(t.timeoutAtMs === undefined ? {} : { timeoutAtMs: t.timeoutAtMs }) };
    return { ...common, kind: t.kind, pendingId: t.pendingId! };
  }

  pendingTransfers(): TransferView[] {
    return this.transfers.filter((t) => t.kind === 'pending' && t.status === 'open').map((t) => this.transfer(t.id)!);
  }

  totalsByCurrency(): Map<CurrencyCode, CurrencyTotals> {
    const totals = new Map<CurrencyCode, Counters>();
    for (const a of [...this.accounts].sort((x, y) => (x.currency < y.currency ? -1 : x.currency > y.currency ? 1 : 0))) {
      const sum = totals.get(a.currency) ?? { debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n };
      const c = this.counters(a.id);
      totals.set(a.currency, {
        debitsPending: sum.debitsPending + c.debitsPending,
        debitsPosted: sum.debitsPosted + c.debitsPosted,
        creditsPending: sum.creditsPending + c.creditsPending,
        creditsPosted: sum.creditsPosted + c.creditsPosted,
      });
    }
    return totals;
  }
}
