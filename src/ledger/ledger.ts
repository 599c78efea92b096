/**
 * The double-entry ledger (TigerBeetle's model): accounts with four counters, transfers that are
 * posted, pending (a hold), or resolve a pending one (post, void, expiry), linked batches that
 * apply entirely or not at all, and the balance-change rows derived from posted movements.
 *
 * Owned and mutated in place by the engine, which replays it millions of times: the hot path
 * (`applyPostedTransfer`) allocates no Result on success, keeps counters in a BigInt64Array
 * (machine int64 arithmetic, no heap bigints) and only appends to the transfer table: rows are
 * indexed per account when a query first needs them (account-rows.ts).
 * Pure: no clock, no randomness, no I/O; times come in as `atMs`.
 */
import { assert } from '../core/assert.js';
import { isCurrencyCode, type CurrencyCode } from '../core/currency.js';
import { err, type Err, type Ok, type Result } from '../core/result.js';
import {
  CLASS,
  CLASS_SCALE,
  CREDITS_MUST_NOT_EXCEED_DEBITS,
  CREDITS_PENDING,
  CREDITS_POSTED,
  DEBITS_MUST_NOT_EXCEED_CREDITS,
  DEBITS_PENDING,
  DEBITS_POSTED,
  LAST_AT_MS,
  LAST_POSTING,
  POSTING_COUNT,
  WORDS,
  type AccountTable,
} from './account-table.js';
import { firstRowAtOrAfter, linkPosting, rowsOf, trimCheckpoints } from './account-rows.js';
import type { InvariantViolation, LedgerBatchError, LedgerError } from './errors.js';
import { checkInvariants, totalsByCurrency } from './invariants.js';
import { LEDGER_AMOUNT_MAX, LEDGER_BATCH_MAX, LEDGER_ROWS_PAGE_MAX } from './limits.js';
import { ledgerFromSnapshot, ledgerToSnapshot, type LedgerSnapshot, type LedgerSnapshotV2 } from './snapshot.js';
import { emptyLedgerState, type LedgerState } from './state.js';
import {
  KIND_PENDING,
  KIND_POST,
  KIND_POSTED,
  KIND_VOID,
  NO_TIMEOUT,
  STATUS_EXPIRED,
  STATUS_OPEN,
  STATUS_POSTED,
  STATUS_VOIDED,
} from './transfer-table.js';
import type {
  AccountSpec,
  AccountView,
  BalanceRow,
  BalanceView,
  CurrencyTotals,
  NewTransferSpec,
  PendingTransferView,
  ResolutionSpec,
  RowRange,
  TransferSpec,
  TransferView,
} from './types.js';
import { accountView, balanceView, pendingStatusName, rowPage, transferView } from './views.js';

// Shared success value: the replay path returns it instead of allocating one per transfer.
const OK: Ok<void> = Object.freeze({ ok: true, value: undefined });
// Accounts a batch can save before its scratch first grows (a payment's batch touches 2-4).
const SAVED_ACCOUNTS_FIRST = 8;

/** The double-entry ledger. Create with `new Ledger()` or `Ledger.fromSnapshot(s)`. */
export class Ledger {
  #s: LedgerState = emptyLedgerState();
  // Linked-batch rollback: -1 outside a batch, else the transfer count when the batch began.
  #batchStart = -1;
  #batchSerial = 0;
  // Accounts saved by the running batch, with their counters (4 each) and numbers (3 each) by
  // save order. Typed arrays (grown by doubling, never shrunk): saving copies words, where a JS
  // array boxed each counter as a new BigInt, for a rollback that a sound batch never needs.
  readonly #savedAccounts: number[] = [];
  #savedCounters = new BigInt64Array(4 * SAVED_ACCOUNTS_FIRST);
  #savedNumbers = new Float64Array(3 * SAVED_ACCOUNTS_FIRST);
  // Pending transfers created before the running batch and resolved inside it.
  readonly #savedResolved: number[] = [];
  // (timeoutAtMs, index) of the holds the running batch created: queued for expiry on commit.
  readonly #batchExpiries: number[] = [];

  // ---------------------------------------------------------------------------------------
  // Accounts

  /**
   * Opens an account with zero counters; refuses an id already used (ACCOUNT_EXISTS) and both
   * limit flags at once (FLAGS_MUTUALLY_EXCLUSIVE: such an account could never move money).
   */
  openAccount(spec: AccountSpec): Result<void, LedgerError> {
    assert(typeof spec.id === 'string' && spec.id.length > 0, 'account id must be a non-empty string');
    assert(isCurrencyCode(spec.currency), 'account currency must be a registered currency code');
    const { accounts } = this.#s;
    if (accounts.indexOf(spec.id) !== -1) return err({ code: 'ACCOUNT_EXISTS', accountId: spec.id });
    const debitsLimited = spec.flags?.debitsMustNotExceedCredits === true;
    const creditsLimited = spec.flags?.creditsMustNotExceedDebits === true;
    if (debitsLimited && creditsLimited) return err({ code: 'FLAGS_MUTUALLY_EXCLUSIVE', accountId: spec.id });
    const flags = (debitsLimited ? DEBITS_MUST_NOT_EXCEED_CREDITS : 0) | (creditsLimited ? CREDITS_MUST_NOT_EXCEED_DEBITS : 0);
    accounts.open(spec.id, spec.currency, flags);
    return OK;
  }

  // ---------------------------------------------------------------------------------------
  // Transfers

  /**
   * Applies `batch` as one linked unit: every transfer is checked against the state left by
   * the ones before it; on the first refusal everything the batch did is rolled back and
   * `{ index, error }` names that transfer. A batch of one takes the replay fast path.
   * Asserts `batch.length <= LEDGER_BATCH_MAX`.
   */
  createTransfers(batch: readonly TransferSpec[]): Result<void, LedgerBatchError> {
    // Constant messages on hot paths: a template literal would be built on every call.
    assert(batch.length <= LEDGER_BATCH_MAX, 'linked batch longer than LEDGER_BATCH_MAX');
    if (batch.length === 1) {
      const result = this.#applyOne(batch[0]!);
      return result.ok ? OK : err({ index: 0, error: result.error });
    }
    return this.#runBatch(batch, true);
  }

  /**
   * Answers what `createTransfers(batch)` would answer, and changes nothing (the batch is
   * applied, then always rolled back). For deciders that must know before they emit an event.
   */
  checkTransfers(batch: readonly TransferSpec[]): Result<void, LedgerBatchError> {
    assert(batch.length <= LEDGER_BATCH_MAX, 'linked batch longer than LEDGER_BATCH_MAX');
    return this.#runBatch(batch, false);
  }

  // Applies a linked batch with rollback; keeps it only when every transfer passed and `keep`.
  #runBatch(batch: readonly TransferSpec[], keep: boolean): Result<void, LedgerBatchError> {
    assert(this.#batchStart === -1, 'linked batches do not nest');
    const start = this.#s.transfers.count;
    this.#batchStart = start;
    this.#batchSerial += 1;
    try {
      for (let i = 0; i < batch.length; i += 1) {
        const result = this.#applyOne(batch[i]!);
        if (!result.ok) {
          this.#rollback(start);
          return err({ index: i, error: result.error });
        }
      }
      if (!keep) {
        this.#rollback(start);
        return OK;
      }
      // Committed: now the batch's holds may expire.
      const expiries = this.#batchExpiries;
      for (let k = 0; k < expiries.length; k += 2) this.#s.expiry.push(expiries[k]!, expiries[k + 1]!);
      return OK;
    } catch (error) {
      // An assertion fired (a bug): still leave no half-applied batch behind.
      this.#rollback(start);
      throw error;
    } finally {
      this.#batchStart = -1;
      this.#savedAccounts.length = 0;
      this.#savedResolved.length = 0;
      this.#batchExpiries.length = 0;
    }
  }

  /**
   * The replay fast path: checks and applies one posted transfer (`pending` not true) and
   * returns a shared OK value. Refusals are the same as in `createTransfers`.
   */
  applyPostedTransfer(spec: NewTransferSpec): Result<void, LedgerError> {
    assert(spec.pending !== true, 'applyPostedTransfer takes posted transfers only');
    // Positional: once this method is inlined, V8 need not allocate the caller's spec at all
    // (measured ~9% of an in-memory replay, npm run bench:ab).
    return this.#createNew(spec.id, spec.debitAccountId, spec.creditAccountId, spec.amountMinor, spec.atMs, false, spec.timeoutAtMs, spec.transactionId);
  }

  /** Posts a pending transfer in full or in part (one linked batch of one resolution). */
  postPending(spec: ResolutionSpec): Result<void, LedgerError> {
    return this.#resolve(spec, true);
  }

  /** Voids a pending transfer, releasing its whole hold (a batch of one resolution). */
  voidPending(spec: ResolutionSpec): Result<void, LedgerError> {
    return this.#resolve(spec, false);
  }

  /**
   * Expires every open pending transfer whose `timeoutAtMs <= nowMs` (releases its hold, like a
   * void) and returns their ids ordered by timeout, then creation. Expiry is not a transfer: it
   * makes no row and does not move the accounts' clocks.
   */
  expirePending(nowMs: number): string[] {
    assert(!Number.isNaN(nowMs), 'expirePending needs a time');
    const { expiry, transfers, accounts, open } = this.#s;
    const counters = accounts.i64;
    const expired: string[] = [];
    while (expiry.size > 0 && expiry.peekTime() <= nowMs) {
      const timeoutAtMs = expiry.peekTime();
      const p = expiry.peekIndex();
      expiry.pop();
      // Resolutions leave their entries behind; act only on a hold still open with this timeout.
      const live =
        p < transfers.count &&
        transfers.kindOf(p) === KIND_PENDING &&
        transfers.statusOf(p) === STATUS_OPEN &&
        transfers.timeoutAtMsOf(p) === timeoutAtMs;
      if (!live) continue;
      const held = transfers.amountMinorOf(p);
      const debitPending = WORDS * transfers.debitAccountOf(p) + DEBITS_PENDING;
      const creditPending = WORDS * transfers.creditAccountOf(p) + CREDITS_PENDING;
      counters[debitPending] = counters[debitPending]! - held;
      counters[creditPending] = counters[creditPending]! - held;
      assert(counters[debitPending]! >= 0n && counters[creditPending]! >= 0n, 'pending counter below zero');
      transfers.setStatus(p, STATUS_EXPIRED);
      open.delete(p);
      expired.push(transfers.idAt(p));
    }
    return expired;
  }

  #applyOne(spec: TransferSpec): Result<void, LedgerError> {
    if (spec.action === undefined) {
      return this.#createNew(spec.id, spec.debitAccountId, spec.creditAccountId, spec.amountMinor, spec.atMs, spec.pending === true, spec.timeoutAtMs, spec.transactionId);
    }
    assert(spec.action === 'post' || spec.action === 'void', 'unknown transfer action');
    return this.#resolve(spec, spec.action === 'post');
  }

  // Checks a new transfer completely, then applies it: a refusal leaves no trace.
  #createNew(
    id: string,
    debitAccountId: string,
    creditAccountId: string,
    amount: bigint,
    atMs: number,
    pending: boolean,
    timeoutAtMs: number | undefined,
    transactionId: string | undefined,
  ): Result<void, LedgerError> {
    const { transfers, accounts, open, expiry } = this.#s;
    assert(typeof id === 'string' && id.length > 0, 'transfer id must be a non-empty string');
    if (transfers.indexOf(id) !== -1) return err({ code: 'TRANSFER_EXISTS', transferId: id });
    assert(typeof amount === 'bigint', 'amountMinor must be a bigint');
    if (amount <= 0n) return err({ code: 'AMOUNT_NOT_POSITIVE', transferId: id, amountMinor: amount });
    assert(Number.isFinite(atMs), 'atMs must be a finite number');
    if (timeoutAtMs !== undefined && !(pending && Number.isFinite(timeoutAtMs) && timeoutAtMs > atMs)) {
      return err({ code: 'INVALID_TIMEOUT', transferId: id, pending, atMs, timeoutAtMs });
    }
    if (debitAccountId === creditAccountId) {
      return err({ code: 'SAME_ACCOUNT', transferId: id, accountId: debitAccountId });
    }
    const d = accounts.indexOf(debitAccountId);
    if (d === -1) return notFound(id, debitAccountId, 'debit');
    const c = accounts.indexOf(creditAccountId);
    if (c === -1) return notFound(id, creditAccountId, 'credit');
    const words = accounts.f64;
    const dw = WORDS * d;
    const cw = WORDS * c;
    const debitClass = words[dw + CLASS]!;
    const creditClass = words[cw + CLASS]!;
    if (debitClass - (debitClass % CLASS_SCALE) !== creditClass - (creditClass % CLASS_SCALE)) return currencyMismatch(id, accounts, d, c);
    if (atMs < words[dw + LAST_AT_MS]!) return backwards(id, accounts, d, atMs);
    if (atMs < words[cw + LAST_AT_MS]!) return backwards(id, accounts, c, atMs);

    // On each side: the counter this transfer moves (pending or posted), its value after the
    // transfer, and that side's pending + posted total, which both the int64 bound and the
    // limit flags are about. Counters are read straight from the typed array so that V8 keeps
    // the arithmetic in int64 registers.
    const counters = accounts.i64;
    const debitMoved = dw + (pending ? DEBITS_PENDING : DEBITS_POSTED);
    const creditMoved = cw + (pending ? CREDITS_PENDING : CREDITS_POSTED);
    const debitAfter = counters[debitMoved]! + amount;
    const creditAfter = counters[creditMoved]! + amount;
    const debitTotal = debitAfter + counters[dw + (pending ? DEBITS_POSTED : DEBITS_PENDING)]!;
    const creditTotal = creditAfter + counters[cw + (pending ? CREDITS_POSTED : CREDITS_PENDING)]!;
    if (debitTotal > LEDGER_AMOUNT_MAX) return overflow(id, accounts, d, amount);
    if (creditTotal > LEDGER_AMOUNT_MAX) return overflow(id, accounts, c, amount);
    if ((debitClass & DEBITS_MUST_NOT_EXCEED_CREDITS) !== 0 && debitTotal > counters[dw + CREDITS_POSTED]!) {
      return err({
        code: 'EXCEEDS_CREDITS',
        transferId: id,
        accountId: accounts.ids[d]!,
        amountMinor: amount,
        availableMinor: counters[dw + CREDITS_POSTED]! - counters[dw + DEBITS_POSTED]! - counters[dw + DEBITS_PENDING]!,
      });
    }
    if ((creditClass & CREDITS_MUST_NOT_EXCEED_DEBITS) !== 0 && creditTotal > counters[cw + DEBITS_POSTED]!) {
      return err({
        code: 'EXCEEDS_DEBITS',
        transferId: id,
        accountId: accounts.ids[c]!,
        amountMinor: amount,
        availableMinor: counters[cw + DEBITS_POSTED]! - counters[cw + CREDITS_POSTED]! - counters[cw + CREDITS_PENDING]!,
      });
    }

    if (this.#batchStart !== -1) {
      this.#save(d);
      this.#save(c);
    }
    const index = transfers.append(id, transactionId, pending ? KIND_PENDING : KIND_POSTED, d, c, amount, atMs);
    words[dw + LAST_AT_MS] = atMs;
    words[cw + LAST_AT_MS] = atMs;
    counters[debitMoved] = debitAfter;
    counters[creditMoved] = creditAfter;
    if (pending) {
      transfers.setHold(index, STATUS_OPEN, timeoutAtMs ?? NO_TIMEOUT);
      open.add(index);
      if (timeoutAtMs !== undefined) {
        if (this.#batchStart === -1) expiry.push(timeoutAtMs, index);
        else this.#batchExpiries.push(timeoutAtMs, index);
      }
    } else {
      linkPosting(accounts, transfers, index, d, c);
    }
    return OK;
  }

  // Checks a post or void completely, then applies it.
  #resolve(spec: ResolutionSpec, post: boolean): Result<void, LedgerError> {
    const { transfers, accounts, open } = this.#s;
    const id = spec.id;
    assert(typeof id === 'string' && id.length > 0, 'transfer id must be a non-empty string');
    if (transfers.indexOf(id) !== -1) return err({ code: 'TRANSFER_EXISTS', transferId: id });
    const pendingId = spec.pendingId;
    const p = transfers.indexOf(pendingId);
    if (p === -1 || transfers.kindOf(p) !== KIND_PENDING) {
      return err({ code: 'PENDING_NOT_FOUND', transferId: id, pendingId });
    }
    const atMs = spec.atMs;
    assert(Number.isFinite(atMs), 'atMs must be a finite number');
    const status = transfers.statusOf(p);
    if (status !== STATUS_OPEN) {
      const resolution = pendingStatusName(status);
      assert(resolution !== 'open', 'unreachable');
      return err({ code: 'PENDING_ALREADY_RESOLVED', transferId: id, pendingId, resolution });
    }
    // A hold whose timeout has passed is expired even if expirePending has not run yet: the
    // outcome must not depend on when the engine's timer fired.
    if (atMs >= transfers.timeoutAtMsOf(p)) {
      return err({ code: 'PENDING_ALREADY_RESOLVED', transferId: id, pendingId, resolution: 'expired' });
    }
    const held = transfers.amountMinorOf(p);
    const amount = spec.amountMinor;
    if (amount !== undefined) {
      if (post && amount <= 0n) return err({ code: 'AMOUNT_NOT_POSITIVE', transferId: id, amountMinor: amount });
      if (post && amount > held) {
        return err({ code: 'AMOUNT_EXCEEDS_PENDING', transferId: id, pendingId, amountMinor: amount, pendingAmountMinor: held });
      }
      if (!post && amount !== held) {
        return err({ code: 'VOID_AMOUNT_MISMATCH', transferId: id, pendingId, amountMinor: amount, pendingAmountMinor: held });
      }
    }
    const d = transfers.debitAccountOf(p);
    const c = transfers.creditAccountOf(p);
    const words = accounts.f64;
    const dw = WORDS * d;
    const cw = WORDS * c;
    if (atMs < words[dw + LAST_AT_MS]!) return backwards(id, accounts, d, atMs);
    if (atMs < words[cw + LAST_AT_MS]!) return backwards(id, accounts, c, atMs);
    // No int64 or limit check: a resolution only moves held money to posted or releases it, so
    // each side's pending + posted total can only shrink, and the other side's posted can only
    // grow (docs/ledger-model.md, "Two-phase").
    const postedMinor = amount ?? held;

    if (this.#batchStart !== -1) {
      this.#save(d);
      this.#save(c);
      if (p < this.#batchStart) this.#savedResolved.push(p);
    }
    const index = transfers.append(
      id,
      spec.transactionId ?? transfers.transactionIdAt(p),
      post ? KIND_POST : KIND_VOID,
      d,
      c,
      post ? postedMinor : held,
      atMs,
    );
    transfers.setPendingIndex(index, p);
    transfers.setStatus(p, post ? STATUS_POSTED : STATUS_VOIDED);
    open.delete(p);
    words[dw + LAST_AT_MS] = atMs;
    words[cw + LAST_AT_MS] = atMs;
    const counters = accounts.i64;
    counters[dw + DEBITS_PENDING] = counters[dw + DEBITS_PENDING]! - held;
    counters[cw + CREDITS_PENDING] = counters[cw + CREDITS_PENDING]! - held;
    assert(counters[dw + DEBITS_PENDING]! >= 0n && counters[cw + CREDITS_PENDING]! >= 0n, 'pending counter below zero');
    if (post) {
      counters[dw + DEBITS_POSTED] = counters[dw + DEBITS_POSTED]! + postedMinor;
      counters[cw + CREDITS_POSTED] = counters[cw + CREDITS_POSTED]! + postedMinor;
      linkPosting(accounts, transfers, index, d, c);
    }
    return OK;
  }

  // Saves account `a`'s record (counters, clock, postings) the first time the running batch
  // touches it. Its row index needs no saving: no query runs inside a batch.
  #save(a: number): void {
    const accounts = this.#s.accounts;
    if (accounts.savedInBatch[a] === this.#batchSerial) return;
    accounts.savedInBatch[a] = this.#batchSerial;
    const i = this.#savedAccounts.length;
    this.#savedAccounts.push(a);
    if (4 * i === this.#savedCounters.length) this.#growSaved();
    const counters = this.#savedCounters;
    const numbers = this.#savedNumbers;
    const from = WORDS * a;
    counters[4 * i] = accounts.i64[from]!;
    counters[4 * i + 1] = accounts.i64[from + 1]!;
    counters[4 * i + 2] = accounts.i64[from + 2]!;
    counters[4 * i + 3] = accounts.i64[from + 3]!;
    numbers[3 * i] = accounts.f64[from + LAST_AT_MS]!;
    numbers[3 * i + 1] = accounts.f64[from + POSTING_COUNT]!;
    numbers[3 * i + 2] = accounts.f64[from + LAST_POSTING]!;
  }

  // Doubles the room for saved accounts, keeping the ones saved.
  #growSaved(): void {
    const counters = new BigInt64Array(2 * this.#savedCounters.length);
    counters.set(this.#savedCounters);
    this.#savedCounters = counters;
    const numbers = new Float64Array(2 * this.#savedNumbers.length);
    numbers.set(this.#savedNumbers);
    this.#savedNumbers = numbers;
  }

  // Undoes the running batch: accounts, resolved holds, created transfers and their ids.
  #rollback(start: number): void {
    const { transfers, accounts, open } = this.#s;
    const saved = this.#savedAccounts;
    for (let i = 0; i < saved.length; i += 1) {
      const a = saved[i]!;
      for (let k = 0; k < 4; k += 1) accounts.i64[WORDS * a + k] = this.#savedCounters[4 * i + k]!;
      accounts.f64[WORDS * a + LAST_AT_MS] = this.#savedNumbers[3 * i]!;
      accounts.f64[WORDS * a + POSTING_COUNT] = this.#savedNumbers[3 * i + 1]!;
      accounts.f64[WORDS * a + LAST_POSTING] = this.#savedNumbers[3 * i + 2]!;
      trimCheckpoints(accounts, a);
    }
    for (const p of this.#savedResolved) {
      transfers.setStatus(p, STATUS_OPEN);
      open.add(p);
    }
    for (let i = start; i < transfers.count; i += 1) {
      if (transfers.kindOf(i) === KIND_PENDING) open.delete(i);
    }
    transfers.truncate(start);
  }

  // ---------------------------------------------------------------------------------------
  // Queries

  /** A copy of the account's counters, currency and flags, or undefined for an unknown id. */
  account(id: string): AccountView | undefined {
    const a = this.#s.accounts.indexOf(id);
    return a === -1 ? undefined : accountView(this.#s.accounts, a);
  }

  /** Every account, in opening order. */
  *accounts(): IterableIterator<AccountView> {
    const accounts = this.#s.accounts;
    for (let a = 0; a < accounts.count; a += 1) yield accountView(accounts, a);
  }

  /** Number of accounts. */
  get accountCount(): number {
    return this.#s.accounts.count;
  }

  /** Posted, available and total balance of the account, or undefined for an unknown id. */
  balance(id: string): BalanceView | undefined {
    const a = this.#s.accounts.indexOf(id);
    return a === -1 ? undefined : balanceView(this.#s.accounts, a);
  }

  /**
   * Posted balance counting only the rows with `effectiveAtMs < atMs` (half-open):
   * O(log(rows / CHECKPOINT_ROWS) + CHECKPOINT_ROWS), the first call after a replay included
   * (account-rows.ts). Undefined for an unknown account.
   */
  postedBalanceAt(id: string, atMs: number): bigint | undefined {
    assert(!Number.isNaN(atMs), 'postedBalanceAt needs a time');
    const a = this.#s.accounts.indexOf(id);
    return a === -1 ? undefined : firstRowAtOrAfter(this.#s.accounts, this.#s.transfers, a, atMs).balanceBeforeMinor;
  }

  /** Number of rows of the account (0 for an unknown account). */
  rowCount(id: string): number {
    const a = this.#s.accounts.indexOf(id);
    return a === -1 ? 0 : this.#s.accounts.rowCount(a);
  }

  /** Index of the first row with `effectiveAtMs >= atMs` (rowCount when none), O(log rows). */
  firstRowAtOrAfter(id: string, atMs: number): number {
    assert(!Number.isNaN(atMs), 'firstRowAtOrAfter needs a time');
    const a = this.#s.accounts.indexOf(id);
    return a === -1 ? 0 : firstRowAtOrAfter(this.#s.accounts, this.#s.transfers, a, atMs).row;
  }

  /**
   * Rows `[fromIndex, fromIndex + limit)` of the account, cut at its last row; only this page
   * is materialised, O(CHECKPOINT_ROWS + limit). Asserts `0 <= limit <= LEDGER_ROWS_PAGE_MAX`
   * and `fromIndex >= 0`.
   */
  rows(id: string, fromIndex: number, limit: number): BalanceRow[] {
    assert(Number.isSafeInteger(fromIndex) && fromIndex >= 0, 'fromIndex must be a non-negative integer');
    assert(Number.isSafeInteger(limit) && limit >= 0 && limit <= LEDGER_ROWS_PAGE_MAX, 'limit must be 0..LEDGER_ROWS_PAGE_MAX');
    const a = this.#s.accounts.indexOf(id);
    if (a === -1) return [];
    const toIndex = Math.min(this.#s.accounts.rowCount(a), fromIndex + limit);
    if (fromIndex >= toIndex) return [];
    const found = rowsOf(this.#s.accounts, this.#s.transfers, a, fromIndex, toIndex);
    return rowPage(this.#s, a, fromIndex, found.postings, found.balances);
  }

  /** The index range of rows with `startMs <= effectiveAtMs < endMs`, O(log rows). */
  rowsBetween(id: string, startMs: number, endMs: number): RowRange {
    assert(!Number.isNaN(startMs) && !Number.isNaN(endMs), 'rowsBetween needs times');
    const { accounts, transfers } = this.#s;
    const a = accounts.indexOf(id);
    if (a === -1) return { fromIndex: 0, toIndex: 0 };
    const fromIndex = firstRowAtOrAfter(accounts, transfers, a, startMs).row;
    return { fromIndex, toIndex: Math.max(fromIndex, firstRowAtOrAfter(accounts, transfers, a, endMs).row) };
  }

  /**
   * Kept for callers of earlier versions: rows are found from sparse checkpoints written during
   * replay, so there is nothing left to index and this does nothing.
   * @deprecated Row queries need no preparation.
   */
  indexRows(): void {}

  /** A copy of the transfer with `id` (of any kind), or undefined. */
  transfer(id: string): TransferView | undefined {
    const index = this.#s.transfers.indexOf(id);
    return index === -1 ? undefined : transferView(this.#s, index);
  }

  /** Number of transfers of every kind. */
  get transferCount(): number {
    return this.#s.transfers.count;
  }

  /** Number of pending transfers still holding their amount. */
  get pendingCount(): number {
    return this.#s.open.size;
  }

  /**
   * The pending transfers still holding their amount, in creation order, as of the call
   * (changing the ledger while iterating does not change which ones are visited).
   */
  *pendingTransfers(): IterableIterator<PendingTransferView> {
    // Sorted rather than in Set order: a rolled-back batch re-adds holds, which would
    // otherwise make the order depend on history.
    const indexes = [...this.#s.open].sort((a, b) => a - b);
    for (const index of indexes) {
      const view = transferView(this.#s, index);
      assert(view.kind === 'pending', 'open set holds a transfer that is not pending');
      yield view;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Invariants and snapshots

  /**
   * Every broken invariant (empty when the ledger is sound): balanced debits and credits per
   * currency, counters in range and within their flags, counters equal to the transfers that
   * moved them, every account's posting chain (what its rows are built from) whole and in time
   * order, and each row index a query has built consistent with the transfers and the posted
   * balance. Builds no index. O(transfers + indexed rows).
   */
  checkInvariants(): InvariantViolation[] {
    return checkInvariants(this.#s);
  }

  /** Per currency, the four counters summed over its accounts; ordered by currency code. */
  totalsByCurrency(): Map<CurrencyCode, CurrencyTotals> {
    return totalsByCurrency(this.#s);
  }

  /** A JSON-safe copy of the ledger (version 2: columns as base64 strings); see `Ledger.fromSnapshot`. */
  toSnapshot(): LedgerSnapshotV2 {
    return ledgerToSnapshot(this.#s);
  }

  /**
   * Rebuilds a ledger equal in every query to the one that made `snapshot`; throws
   * `InvariantError` on a malformed one. Version 2 copies the stored columns and checks every
   * index in them (snapshot.ts); that counters, posting chains and checkpoints agree with the
   * transfers is what `checkInvariants()` proves, so run it on a snapshot from elsewhere.
   * Version 1 re-derives rows, holds and counters from the transfers and asserts the counters.
   */
  static fromSnapshot(snapshot: LedgerSnapshot): Ledger {
    const ledger = new Ledger();
    ledger.#s = ledgerFromSnapshot(snapshot);
    return ledger;
  }
}

function notFound(transferId: string, accountId: string, side: 'debit' | 'credit'): Err<LedgerError> {
  return err({ code: 'ACCOUNT_NOT_FOUND', transferId, accountId, side });
}

function currencyMismatch(transferId: string, accounts: AccountTable, d: number, c: number): Err<LedgerError> {
  return err({
    code: 'CURRENCY_MISMATCH',
    transferId,
    debitAccountId: accounts.ids[d]!,
    debitCurrency: accounts.currencies[d]!,
    creditAccountId: accounts.ids[c]!,
    creditCurrency: accounts.currencies[c]!,
  });
}

function backwards(transferId: string, accounts: AccountTable, a: number, atMs: number): Err<LedgerError> {
  return err({ code: 'TIME_WENT_BACKWARDS', transferId, accountId: accounts.ids[a]!, atMs, lastAtMs: accounts.lastAtMs(a) });
}

function overflow(transferId: string, accounts: AccountTable, a: number, amountMinor: bigint): Err<LedgerError> {
  return err({ code: 'AMOUNT_OVERFLOW', transferId, accountId: accounts.ids[a]!, amountMinor });
}

