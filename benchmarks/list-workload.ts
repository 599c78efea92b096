/**
 * Lists at a million items (issue 16, "Lists (stop 18)" and "Lists at a million, every kind
 * (stop 22)"): a small API-driven log (api-workload.ts) supplies real records, and this generator
 * appends clones of them as events (not through `handle`: a million quotes through handle would
 * take hours here), each with a fresh id, a later `createdAt` and an owner in turn, replayed in
 * blocks. Per kind:
 * - `transactions`: `TransactionCreated` (payments) and `CardTransactionCreated` (declined rows,
 *   which hold no money, one in five), one of the log's customers in turn;
 * - `quotes`: `QuoteCreated`, one of the log's customers in turn;
 * - `customers`: `CustomerCreated` (one in three BUSINESS, the rest INDIVIDUAL, each with its
 *   own platformCustomerId), one in 50 then `CustomerDeleted`;
 * - `externalAccounts`: `ExternalAccountCreated` (USD, one in three EUR; each its own account
 *   number or IBAN), one in ten the platform's own and the rest one of the log's customers in
 *   turn, one in 100 then `ExternalAccountDeleted`;
 * - `cards`: `CardIssued` to one of the log's customers in turn (funded by its account), of each
 *   customer's cards one in four then frozen and one in 25 closed (`CardUpdated`);
 * - `agentActions`: `AgentActionCreated` PENDING_APPROVAL (no execution), by one of the log's
 *   live agents in turn (its customer's), one in five then `AgentActionRejected`;
 * - `cardTransactions`: `CardTransactionCreated` only (declined rows, which hold no money), on
 *   one of the log's cards in turn (its holder's);
 * - `stablecoinOperations`: `StablecoinOperationCreated` (a MINT of one minor unit, its hold on
 *   the template's source account) of the log's first coin, then by turn of five: left CREATED,
 *   moved to PENDING_FUNDING, EXPIRED twice (the hold voided), COMPLETED (hold posted, the coin
 *   credited), each move as `StablecoinOperationStatusChanged`;
 * - `balanceChanges`: `LedgerTransfersCreated` of one minor unit between the two customer
 *   accounts holding the most, one way then back, so each item is a balance-change row of both.
 * An item is one created record; a status move rides with its record's event in the same block.
 * Nested objects are shared between clones, so the heap holds the index and shallow records.
 * Deterministic.
 */
import type { Engine } from '../src/engine/engine.js';
import type { EventEnvelope } from '../src/log/index.js';

/** What to append (see the module comment). */
export type ListKind = 'transactions' | 'quotes' | 'customers' | 'externalAccounts' | 'cards' | 'agentActions' | 'cardTransactions' | 'stablecoinOperations' | 'balanceChanges';

/** Every kind, for argument checks. */
export const LIST_KINDS: readonly ListKind[] = ['transactions', 'quotes', 'customers', 'externalAccounts', 'cards', 'agentActions', 'cardTransactions', 'stablecoinOperations', 'balanceChanges'];

/** A generator of synthetic list events continuing `log` (same chain, later times). */
export type ListEventSource = {
  /** The events of the next `count` items (a status move rides with its record). */
  readonly next: (count: number) => EventEnvelope[];
  readonly customers: readonly string[];
  readonly accountOf: (customer: string) => string | undefined;
  /** The status every synthetic payment has (a status filter then lists them all). */
  readonly paymentStatus: string;
  /** The live agents the `agentActions` kind writes for, in turn. */
  readonly agents: readonly string[];
  /** The cards the `cardTransactions` kind writes on, in turn, with their holders. */
  readonly cards: readonly { readonly id: string; readonly customerId: string }[];
  /** The coin whose operations the `stablecoinOperations` kind writes. */
  readonly stablecoinId: string | undefined;
  /** The internal account whose rows the `balanceChanges` kind writes (one side of each transfer). */
  readonly balanceAccount: string | undefined;
};

/** Templates from `log` and a source of `kind` events after its head. Throws when the log lacks a template. */
export function listEvents(engine: Engine, log: readonly EventEnvelope[], kind: ListKind): ListEventSource {
  const find = (type: string, ok: (data: any) => boolean = () => true): any => log.find((env) => env.type === type && ok(env.data))?.data;
  const need = (what: string, data: any): any => {
    if (data === undefined) throw new Error(`the base log holds no template ${what}`);
    return data;
  };
  const payment = find('TransactionCreated', (d) => d.transaction.source?.sourceType === 'ACCOUNT' && d.transaction.status !== 'PENDING_APPROVAL');
  const card = find('CardTransactionCreated', (d) => d.transaction.status === 'DECLINED');
  const quote = find('QuoteCreated', (d) => (d.quote.documentIds ?? []).length === 0);
  if (payment === undefined || quote === undefined) throw new Error('the base log holds no template payment or quote');
  const customers = [...engine.state.customers.order].slice(0, 50);
  const accountOf = (customer: string): string | undefined => engine.state.accounts.byCustomer.get(customer)?.at(0);
  const agents = [...engine.state.agents.byId.values()].filter((agent) => agent.deletedAt === undefined).map((agent) => agent.id);
  // The templates of the other kinds, found only for the kind asked (each throws when missing).
  const customerTemplates =
    kind === 'customers'
      ? { INDIVIDUAL: need('individual customer', find('CustomerCreated', (d) => d.customer.customerType === 'INDIVIDUAL')), BUSINESS: need('business customer', find('CustomerCreated', (d) => d.customer.customerType === 'BUSINESS')) }
      : undefined;
  const accountTemplates =
    kind === 'externalAccounts'
      ? {
          USD: need('USD external account', find('ExternalAccountCreated', (d) => d.account.accountInfo.accountType === 'USD_ACCOUNT')),
          EUR: need('EUR external account', find('ExternalAccountCreated', (d) => d.account.accountInfo.accountType === 'EUR_ACCOUNT')),
        }
      : undefined;
  const cardTemplate = kind === 'cards' ? need('card', find('CardIssued', (d) => d.card.status === 'ACTIVE' && d.card.platformCardId === undefined)) : undefined;
  const actionTemplate = kind === 'agentActions' ? need('pending agent action', find('AgentActionCreated', (d) => d.action.status === 'PENDING_APPROVAL' && d.action.execution === undefined)) : undefined;
  const cardTxTemplate = kind === 'cardTransactions' ? need('declined card transaction', card) : undefined;
  const cards = log.filter((env) => env.type === 'CardIssued').map((env) => (env.data as { card: { id: string; customerId: string; fundingSource: string } }).card);
  const platformIdOf = new Map(log.filter((env) => env.type === 'CustomerCreated').map((env) => [(env.data as any).customer.id as string, (env.data as any).customer.platformCustomerId as string | undefined]));
  const coinOps = kind === 'stablecoinOperations' ? stablecoinTemplates(log) : undefined;
  const pair = kind === 'balanceChanges' ? richestAccounts(engine, customers, accountOf) : undefined;
  const cardOwners = customers.filter((customer) => accountOf(customer) !== undefined);
  if (kind === 'cards' && cardOwners.length === 0) throw new Error('the base log holds no customer with an account');
  if (kind === 'agentActions' && agents.length === 0) throw new Error('the base log holds no live agent');
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
  // A unique identifier in place of the template's, keeping its last three characters (the sandbox reads them).
  const unique = (identifier: string, keep: number): string => `${identifier.slice(0, keep)}${n.toString().padStart(Math.max(7, identifier.length - keep - 3), '0')}${identifier.slice(-3)}`;
  const one = (out: EventEnvelope[], at: string): void => {
    const customerId = customers[n % customers.length]!;
    const accountId = accountOf(customerId);
    switch (kind) {
      case 'quotes': {
        const expiresAt = new Date(atMs + 300_000).toISOString();
        out.push(envelope('QuoteCreated', { quote: { ...quote.quote, id: `Quote:${uuid(n)}`, customerId, createdAt: at, updatedAt: at, expiresAt } }));
        return;
      }
      case 'customers': {
        const template = n % 3 === 0 ? customerTemplates!.BUSINESS : customerTemplates!.INDIVIDUAL;
        const id = `Customer:${uuid(n)}`;
        out.push(envelope('CustomerCreated', { ...template, customer: { ...template.customer, id, platformCustomerId: `list-${n}`, createdAt: at, updatedAt: at } }));
        if (n % 50 === 0) out.push(envelope('CustomerDeleted', { customerId: id, deletedAt: at }));
        return;
      }
      case 'externalAccounts': {
        const template = n % 3 === 0 ? accountTemplates!.EUR : accountTemplates!.USD;
        const info = template.account.accountInfo;
        const accountInfo = info.accountType === 'EUR_ACCOUNT' ? { ...info, iban: unique(info.iban, 4) } : { ...info, accountNumber: unique(info.accountNumber, 0) };
        const { defaultUmaDepositAccount: _flag, customerId: _owner, ...rest } = template.account;
        const id = `ExternalAccount:${uuid(n)}`;
        const account = n % 10 === 0 ? { ...rest, id, accountInfo, createdAt: at, updatedAt: at } : { ...rest, id, customerId, accountInfo, createdAt: at, updatedAt: at };
        out.push(envelope('ExternalAccountCreated', { ...template, account }));
        if (n % 100 === 1) out.push(envelope('ExternalAccountDeleted', { externalAccountId: id }));
        return;
      }
      case 'cards': {
        const owner = cardOwners[n % cardOwners.length]!;
        const id = `Card:${uuid(n)}`;
        const last4 = (n % 10_000).toString().padStart(4, '0');
        out.push(envelope('CardIssued', { ...cardTemplate, card: { ...cardTemplate.card, id, customerId: owner, fundingSource: accountOf(owner), last4, createdAt: at, updatedAt: at } }));
        // By the owner's own count, so that each owner has frozen and closed cards.
        const round = Math.floor(n / cardOwners.length);
        const move = round % 4 === 0 ? { event: 'FREEZE', from: 'ACTIVE', to: 'FROZEN' } : round % 25 === 1 ? { event: 'CLOSE', from: 'ACTIVE', to: 'CLOSED' } : undefined;
        if (move !== undefined) out.push(envelope('CardUpdated', { cardId: id, status: move, changes: {}, cleared: [], updatedAt: at }));
        return;
      }
      case 'agentActions': {
        const agentId = agents[n % agents.length]!;
        const agent = engine.state.agents.byId.get(agentId)!;
        const id = `AgentAction:${uuid(n)}`;
        out.push(envelope('AgentActionCreated', { ...actionTemplate, action: { ...actionTemplate.action, id, agentId, customerId: agent.customerId, createdAt: at, updatedAt: at } }));
        if (n % 5 === 0) out.push(envelope('AgentActionRejected', { actionId: id, updatedAt: at }));
        return;
      }
      case 'cardTransactions': {
        const on = cards[n % cards.length]!;
        const platformCustomerId = platformIdOf.get(on.customerId);
        const tx = { ...cardTxTemplate.transaction, id: `Transaction:${uuid(n)}`, cardId: on.id, customerId: on.customerId, accountId: on.fundingSource, createdAt: at, updatedAt: at };
        out.push(envelope('CardTransactionCreated', { ...cardTxTemplate, transaction: platformCustomerId === undefined ? tx : { ...tx, platformCustomerId } }));
        return;
      }
      case 'stablecoinOperations': {
        coinOperation(out, coinOps!, n, at);
        return;
      }
      case 'balanceChanges': {
        // One way then back: both balances stay where the base log left them.
        const [from, to] = n % 2 === 1 ? pair! : [pair![1], pair![0]];
        out.push(envelope('LedgerTransfersCreated', { transfers: [{ id: `Transfer:${uuid(n)}`, debitAccountId: from, creditAccountId: to, amountMinor: '1' }] }));
        return;
      }
      case 'transactions': {
        if (card !== undefined && n % 5 === 0) {
          out.push(envelope('CardTransactionCreated', { ...card, transaction: { ...card.transaction, id: `CardTransaction:${uuid(n)}`, customerId, createdAt: at, updatedAt: at } }));
          return;
        }
        const tx = payment.transaction;
        const source = accountId === undefined ? tx.source : { ...tx.source, accountId, customerId };
        out.push(envelope('TransactionCreated', { ...payment, transfers: undefined, transaction: { ...tx, id: `Transaction:${uuid(n)}`, customerId, source, createdAt: at, updatedAt: at } }));
        return;
      }
    }
  };
  const next = (count: number): EventEnvelope[] => {
    const out: EventEnvelope[] = [];
    for (let k = 0; k < count; k += 1) {
      n += 1;
      // 10 items per millisecond, so several share an instant (the order within one is the log's).
      if (n % 10 === 0) atMs += 1;
      one(out, new Date(atMs).toISOString());
    }
    return out;
  };
  /** A MINT of one minor unit, then its moves by `n`'s turn of five (see the module comment). */
  const coinOperation = (out: EventEnvelope[], t: CoinTemplates, i: number, at: string): void => {
    const id = `StablecoinOperation:${uuid(i)}`;
    const holdTransferId = `Transfer:${uuid(i)}`;
    const fundingExpiresAt = new Date(atMs + 1_800_000).toISOString();
    const operation = { ...t.created.operation, id, amount: t.unitAmount, baseAmountMinor: '1', holdTransferId, fundingExpiresAt, createdAt: at, updatedAt: at };
    const hold = { ...t.created.transfers[0], id: holdTransferId, amountMinor: '1', transactionId: id };
    out.push(envelope('StablecoinOperationCreated', { operation, transfers: [hold], nextStepAt: new Date(atMs + 1000).toISOString() }));
    const move = (trigger: string, previousStatus: string, status: string, transfers: unknown[], nextStep = true, failureReason?: string): void => {
      const step = nextStep ? { nextStepAt: new Date(atMs + 1000).toISOString() } : {};
      out.push(envelope('StablecoinOperationStatusChanged', { operationId: id, trigger, previousStatus, status, transfers, ...(failureReason === undefined ? {} : { failureReason }), ...step }));
    };
    const turn = i % 5;
    if (turn === 0) return;
    if (turn === 2 || turn === 3) {
      move('FUNDING_EXPIRED', 'CREATED', 'EXPIRED', [{ id: `Transfer:v${uuid(i)}`, pendingId: holdTransferId, action: 'void', transactionId: id }], false, t.expiredReason);
      return;
    }
    move('SUBMITTED', 'CREATED', 'PENDING_FUNDING', []);
    if (turn === 1) return;
    move('FUNDS_RECEIVED', 'PENDING_FUNDING', 'PENDING_PROVIDER', []);
    move('PROVIDER_ACCEPTED', 'PENDING_PROVIDER', 'PROCESSING', []);
    const [post, credit] = t.completed.transfers;
    move('SETTLED', 'PROCESSING', 'COMPLETED', [
      { ...post, id: `Transfer:p${uuid(i)}`, pendingId: holdTransferId, transactionId: id },
      { ...credit, id: `Transfer:c${uuid(i)}`, amountMinor: '1', transactionId: id },
    ], false);
  };
  const stablecoinId = coinOps?.created.operation.stablecoinId ?? (log.find((env) => env.type === 'StablecoinRegistered')?.data as { stablecoin?: { id: string } } | undefined)?.stablecoin?.id;
  return { next, customers, accountOf, paymentStatus: payment.transaction.status, agents, cards, stablecoinId, balanceAccount: pair?.[0] };
}

/** The templates of the `stablecoinOperations` kind: a MINT that completed, and its completion. */
type CoinTemplates = { readonly created: any; readonly completed: any; readonly unitAmount: string; readonly expiredReason: string };

/** A MINT of the log that reached COMPLETED, and the move that completed it; throws when none did. */
function stablecoinTemplates(log: readonly EventEnvelope[]): CoinTemplates {
  const completed = log.find((env) => env.type === 'StablecoinOperationStatusChanged' && (env.data as any).status === 'COMPLETED')?.data as any;
  const created = log.find((env) => env.type === 'StablecoinOperationCreated' && (env.data as any).operation.id === completed?.operationId)?.data as any;
  if (completed === undefined || created === undefined || created.operation.type !== 'MINT') throw new Error('the base log holds no completed stablecoin mint');
  // The token amount of one minor unit of the base currency, as the template scales it.
  const scale = BigInt(created.operation.amount) / BigInt(created.operation.baseAmountMinor);
  return { created, completed, unitAmount: scale.toString(), expiredReason: 'FUNDING_NOT_RECEIVED' };
}

/** The two customers' internal accounts with the most posted money (the first one sends first). */
function richestAccounts(engine: Engine, customers: readonly string[], accountOf: (customer: string) => string | undefined): readonly [string, string] {
  const posted = (id: string): bigint => engine.state.ledger.balance(id)?.postedMinor ?? 0n;
  const accounts = customers.map(accountOf).filter((id): id is string => id !== undefined);
  const sorted = accounts.sort((a, b) => (posted(b) > posted(a) ? 1 : posted(b) < posted(a) ? -1 : 0));
  if (sorted.length < 2 || posted(sorted[0]!) <= 0n) throw new Error('the base log holds no two customer accounts with money');
  return [sorted[0]!, sorted[1]!];
}
