/**
 * The invariant checks of the simulator, usable on their own: the ledger's invariants, the world
 * accounts against the sandbox funding the model counted, and the equivalence of every way to
 * rebuild an engine (full replay, JSONL round trip, snapshot restore, a mid-log snapshot plus the
 * tail) with the live one, judged by the answers to a fixed list of reads, byte for byte.
 */
import type { HttpRequest } from '../api/http.js';
import { createEngine, type Engine } from '../engine/engine.js';
import type { EngineOptions } from '../engine/options.js';
import type { EngineSnapshot } from '../engine/snapshot.js';
import { decodeLine, encodeEnvelope, type EventEnvelope } from '../log/index.js';
import type { SessionModel } from './model.js';
import { walletReads } from './wallet-model.js';

/** The ledger's invariant violations as readable lines (empty when sound). */
export function ledgerProblems(engine: Engine): string[] {
  return engine.state.ledger.checkInvariants().map((violation) => JSON.stringify(violation, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * The world accounts against the model: money entered from the world (`world:<CCY>` debits) at
 * least the sandbox funding the model counted, per currency; and the ledger's totals balance
 * (debits equal credits, posted and pending). Returns readable problems (empty when they agree).
 */
export function worldProblems(engine: Engine, model: SessionModel): string[] {
  const problems: string[] = [];
  const ledger = engine.state.ledger;
  for (const [currency, fundedMinor] of Object.entries(model.fundedMinor)) {
    const world = ledger.account(`world:${currency}`);
    const enteredMinor = world?.debitsPosted ?? 0n;
    if (enteredMinor < fundedMinor) problems.push(`world:${currency} debits ${enteredMinor} are less than the sandbox funding ${fundedMinor}`);
  }
  for (const [currency, totals] of ledger.totalsByCurrency()) {
    if (totals.debitsPosted !== totals.creditsPosted) problems.push(`${currency}: posted debits ${totals.debitsPosted} != credits ${totals.creditsPosted}`);
    if (totals.debitsPending !== totals.creditsPending) problems.push(`${currency}: pending debits ${totals.debitsPending} != credits ${totals.creditsPending}`);
  }
  return problems;
}

/** Largest page the reads ask for (the API's list maximum). */
const PAGE = 100;

/**
 * A fixed list of reads covering every resource and list the model knows: each list (first page
 * of the largest size), each resource by id, each account's balance changes since 2026.
 */
export function readRequests(model: SessionModel, authorization: string, nowMs: number): HttpRequest[] {
  const get = (path: string): HttpRequest => ({ method: 'GET', path, headers: { authorization } });
  const end = encodeURIComponent(new Date(nowMs).toISOString());
  const reads: HttpRequest[] = [
    get(`/customers?limit=${PAGE}`),
    get('/customers/agreements'),
    get('/platform/internal-accounts'),
    get(`/platform/external-accounts?limit=${PAGE}`),
    get(`/customers/external-accounts?limit=${PAGE}`),
    get('/config'),
    get('/config/cards'),
    get('/exchange-rates'),
    get(`/transactions?limit=${PAGE}`),
    get(`/cards?limit=${PAGE}`),
    get(`/agents?limit=${PAGE}`),
    get(`/agents/approvals?limit=${PAGE}`),
    get(`/stablecoins?limit=${PAGE}`),
    get('/sandbox/incoming-payments/approval'),
    get(`/verifications?limit=${PAGE}`),
    get(`/documents?limit=${PAGE}`),
  ];
  for (const c of model.customers) {
    reads.push(get(`/customers/${c.id}`), get(`/customers/internal-accounts?customerId=${encodeURIComponent(c.id)}`));
  }
  for (const id of model.accountIds) {
    reads.push(get(`/internal-accounts/${id}`), get(`/internal-accounts/${id}/balance-changes?startDate=2026-01-01T00%3A00%3A00Z&endDate=${end}&limit=${PAGE}`));
  }
  for (const e of model.externalAccounts) reads.push(get(`${e.customerId === undefined ? '/platform' : '/customers'}/external-accounts/${e.id}`));
  for (const id of model.quoteIds) reads.push(get(`/quotes/${id}`));
  for (const id of model.transactionIds) reads.push(get(`/transactions/${id}`));
  for (const card of model.cards) reads.push(get(`/cards/${card.id}`));
  for (const agent of model.agents) reads.push(get(`/agents/${agent.id}`));
  for (const id of model.providerAccountIds) reads.push(get(`/stablecoin-provider-accounts/${id}`));
  for (const coin of model.stablecoins) reads.push(get(`/stablecoins/${coin.id}`), get(`/stablecoins/${coin.id}/operations?limit=${PAGE}`));
  for (const id of model.stablecoinOperationIds) reads.push(get(`/stablecoin-operations/${id}`));
  for (const c of model.identityCustomers) {
    const id = encodeURIComponent(c.id);
    reads.push(get(`/customers/${c.id}`), get(`/verifications?customerId=${id}&limit=${PAGE}`), get(`/documents?documentHolder=${id}&limit=${PAGE}`));
    if (c.business) reads.push(get(`/beneficial-owners?customerId=${id}&limit=${PAGE}`));
  }
  for (const id of model.verificationIds) reads.push(get(`/verifications/${id}`));
  for (const id of model.documentIds) reads.push(get(`/documents/${id}`));
  for (const owner of model.beneficialOwners) reads.push(get(`/beneficial-owners/${owner.id}`));
  for (const id of model.retiredCustomerIds) reads.push(get(`/customers/${id}`));
  for (const id of model.bulkJobIds) reads.push(get(`/customers/bulk/jobs/${id}`));
  reads.push(...walletReads(model, get));
  return reads;
}

/** Each read's answer as one line of text (`status body`), in order. */
export function answersOf(engine: Engine, reads: readonly HttpRequest[], nowMs: number): string[] {
  return reads.map((request) => {
    const { response } = engine.handle(request, { now: nowMs });
    return `${response.status} ${JSON.stringify(response.body)}`;
  });
}

/** A difference between a rebuilt engine and the live one. */
export type EquivalenceProblem = { readonly rebuild: string; readonly read: string; readonly live: string; readonly rebuilt: string };

/** Options of `checkRebuilds`. */
export type RebuildOptions = {
  /** The engine options the log was written with (seed, regulated, ...), without events or snapshot. */
  readonly engineOptions?: EngineOptions;
  /** Where to cut the log for the mid-session snapshot (default: the middle). */
  readonly cut?: number;
};

/**
 * Rebuilds the engine from `log` (everything `live` wrote, in order) four ways: full replay;
 * every event through `encodeEnvelope` and `decodeLine`; a snapshot of the live engine, through
 * JSON; a snapshot of the first `cut` events plus the rest. Then sends `reads` at `nowMs` to the
 * live engine and to each rebuilt one and compares the answers byte for byte. Returns the first
 * difference of each rebuild (empty when all agree). The live engine is snapshotted before it
 * answers, so reads that write (a statement fetch) are compared too.
 * @example
 * const reads = readRequests(model, authorization, nowMs);
 * expect(checkRebuilds(engine, log, reads, nowMs, { engineOptions: { regulated: true } })).toEqual([]);
 */
export function checkRebuilds(
  live: Engine,
  log: readonly EventEnvelope[],
  reads: readonly HttpRequest[],
  nowMs: number,
  options: RebuildOptions = {},
): EquivalenceProblem[] {
  const base = options.engineOptions ?? {};
  const problems: EquivalenceProblem[] = [];
  const liveSnapshot = log.length > 0 ? (JSON.parse(JSON.stringify(live.snapshot())) as EngineSnapshot) : undefined;
  const liveAnswers = answersOf(live, reads, nowMs);
  const compare = (rebuild: string, engine: Engine): void => {
    const answers = answersOf(engine, reads, nowMs);
    for (let i = 0; i < reads.length; i += 1) {
      if (answers[i] !== liveAnswers[i]) {
        problems.push({ rebuild, read: `${reads[i]?.method} ${reads[i]?.path}`, live: liveAnswers[i] ?? '', rebuilt: answers[i] ?? '' });
        return;
      }
    }
  };
  // The in-memory rebuild rechecks every record (handle's checks, on a second path); the JSONL
  // one replays as a host does, trusting the checked log, and must answer the same.
  compare('replay', createEngine({ ...base, recheckRecords: true, events: log }));
  const decoded = log.map((event, i) => {
    const result = decodeLine(encodeEnvelope(event), i + 1, event.seq);
    if (!result.ok) throw new Error(`JSONL round trip refused seq ${event.seq}: ${result.error.reason}`);
    return result.value;
  });
  compare('jsonl', createEngine({ ...base, events: decoded }));
  if (liveSnapshot !== undefined) {
    compare('snapshot', createEngine({ ...base, snapshot: liveSnapshot }));
    const cut = Math.min(log.length, Math.max(1, options.cut ?? Math.ceil(log.length / 2)));
    const prefix = createEngine({ ...base, events: log.slice(0, cut) });
    const middle = JSON.parse(JSON.stringify(prefix.snapshot())) as EngineSnapshot;
    compare(`snapshot@${cut}+tail`, createEngine({ ...base, snapshot: middle, events: log.slice(cut) }));
  }
  return problems;
}
