/**
 * The simulator's operations: for each resource the engine routes, valid requests built from the
 * ids the session already made (`a`, `b`, `c` pick among them and choose amounts), each with the
 * answers it accepts and how it may move balances. An operation whose prerequisites are missing
 * makes them first (a payout with no customer creates one), so every generated sequence is valid.
 */
import type { HttpResponse } from '../api/http.js';
import { DEVICE_CODE_TTL_MS } from '../domains/agents/credentials.js';
import { formatInStatementZone, statementMonthContaining } from '../core/calendar.js';
import type { ModelAgent, ModelCard, ModelCustomer } from './model.js';
import type { OperationCall, OperationContext, OperationDefinition, OperationRun } from './session.js';
import { IDENTITY_OPERATIONS } from './identity-operations.js';
import { SCA_OPERATIONS } from './sca-operations.js';
import { WALLET_OPERATIONS } from './wallet-operations.js';
import { must, pick, send, serial } from './requests.js';
import { available, createCustomer, createExternal, customer, executedEffect, externalOf, fundAccount, funded, NAMES, NOTHING, payAmount, payoutEffect, platformMoves, remember } from './money.js';

export { SIMULATED_SUFFIXES } from './money.js';

/** The first instant of a month a session may ask statements for (sessions start after it). */
const SESSION_EPOCH_MS = Date.UTC(2026, 0, 1, 6);

/** Most customers a session creates; later creations update one instead (keeps each step's reads bounded). */
export const SESSION_CUSTOMERS_MAX = 8;
/** Most cards, agents, coins and external accounts a session makes of each. */
export const SESSION_RESOURCES_MAX = 12;

/** Exchange rates the simulator publishes (sending major units per receiving major unit). */
export const SIMULATED_RATES = [
  { sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08' },
  { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.92' },
  { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058' },
] as const;

const MERCHANT = { descriptor: 'CORNER CAFE', mcc: '5814', city: 'Chicago', state: 'IL', country: 'US' };

function* publishRates(context: OperationContext): Generator<OperationCall, void, HttpResponse> {
  const asOf = new Date(context.nowMs).toISOString();
  yield* must(context, 'POST', '/sandbox/exchange-rates', { rates: SIMULATED_RATES.map((rate) => ({ ...rate, asOf })) });
  context.model.ratesPublishedAtMs = context.nowMs;
}

/** Rates are published again when older than a minute (a quote must not use stale ones). */
function* freshRates(context: OperationContext): Generator<OperationCall, void, HttpResponse> {
  const at = context.model.ratesPublishedAtMs;
  if (at === undefined || context.nowMs - at > 60_000) yield* publishRates(context);
}

/** Quotes `amount` from a customer's account to `destination` and executes it. */
function* payout(context: OperationContext, kind: 'external' | 'internal'): OperationRun {
  const { model, operation } = context;
  const { customer: payer } = yield* funded(context, operation.a, 2_000);
  let destinationAccountId: string;
  let internalDestination: string | undefined;
  if (kind === 'internal') {
    const others = model.customers.filter((c) => c.id !== payer.id);
    const other = pick(others, operation.c);
    const payee = other !== undefined ? other : yield* createCustomer(context, operation.c + 1);
    destinationAccountId = payee.accountId;
    internalDestination = payee.accountId;
  } else {
    const currency = operation.c % 3 === 2 ? 'EUR' : 'USD';
    if (currency === 'EUR') yield* freshRates(context);
    destinationAccountId = (yield* externalOf(context, payer, operation.c, currency)).id;
  }
  const amount = payAmount(model, payer.accountId, operation.b);
  const quote = yield* must(context, 'POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
    destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    description: `sim payout ${serial(model)}`,
  });
  remember(model.quoteIds, quote.id);
  const keyed = operation.b % 2 === 0;
  const headers: Record<string, string> = keyed ? { 'Idempotency-Key': `sim-execute-${serial(model)}` } : {};
  const executed = yield* must(context, 'POST', `/quotes/${quote.id}/execute`, undefined, headers);
  const transactionId = (executed.transactionId ?? executed.id) as string;
  remember(model.transactionIds, transactionId);
  if (keyed) {
    // A retry with the same key answers the first response and moves nothing more.
    const again = yield* must(context, 'POST', `/quotes/${quote.id}/execute`, undefined, headers);
    if (JSON.stringify(again) !== JSON.stringify(executed)) throw new Error(`idempotent retry answered differently: ${JSON.stringify(again)}`);
  }
  return yield* executedEffect(context, payer.accountId, transactionId, quote.totalSendingAmount as number, internalDestination);
}

function* card(context: OperationContext, n: number): Generator<OperationCall, ModelCard, HttpResponse> {
  const { model } = context;
  const live = model.cards.filter((c) => c.status !== 'CLOSED');
  const existing = pick(live, n);
  if (existing !== undefined || live.length >= SESSION_RESOURCES_MAX) return existing ?? (live[0] as ModelCard);
  const individuals = model.customers.filter((c) => !c.business);
  const individual = pick(individuals, n);
  const holder = individual !== undefined ? individual : yield* createCustomer(context, 0);
  const issued = yield* must(context, 'POST', '/cards', { customerId: holder.id, fundingSource: holder.accountId, form: n % 3 === 0 ? 'PHYSICAL' : 'VIRTUAL' });
  const made: ModelCard = { id: issued.id, accountId: holder.accountId, status: 'ACTIVE' };
  model.cards.push(made);
  return made;
}

function* agent(context: OperationContext, n: number): Generator<OperationCall, ModelAgent, HttpResponse> {
  const { model } = context;
  const existing = pick(model.agents, n);
  if (existing !== undefined && (model.agents.length >= SESSION_RESOURCES_MAX || n % 3 !== 0)) return existing;
  const owner = yield* customer(context, n);
  const approval = n % 2 === 1;
  const policy = {
    permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'],
    defaultExecutionMode: approval ? 'APPROVAL_REQUIRED' : 'AUTO',
  };
  const created = yield* must(context, 'POST', '/agents', { customerId: owner.id, name: `Sim agent ${serial(model)}`, policy });
  const made: ModelAgent = { id: created.agent.id, customerId: owner.id, code: created.deviceCode.code, token: undefined, codeExpiresAtMs: context.nowMs + DEVICE_CODE_TTL_MS };
  model.agents.push(made);
  return made;
}

function* connectedAgent(context: OperationContext, n: number): Generator<OperationCall, ModelAgent & { token: string }, HttpResponse> {
  const chosen = yield* agent(context, n);
  if (chosen.token === undefined) {
    if (chosen.code === undefined || context.nowMs >= chosen.codeExpiresAtMs) yield* newDeviceCode(context, chosen);
    chosen.token = (yield* must(context, 'POST', `/agents/device-codes/${chosen.code}/redeem`)).accessToken;
    chosen.code = undefined;
  }
  return chosen as ModelAgent & { token: string };
}

/** Issues a new device code (the previous one stops working). */
function* newDeviceCode(context: OperationContext, chosen: ModelAgent): Generator<OperationCall, void, HttpResponse> {
  chosen.code = (yield* must(context, 'POST', `/agents/${chosen.id}/device-codes`)).deviceCode.code;
  chosen.codeExpiresAtMs = context.nowMs + DEVICE_CODE_TTL_MS;
}

const COIN_BASE = { baseCurrency: 'USD', decimals: 6 };

function* stablecoin(context: OperationContext, n: number, enabled: boolean): Generator<OperationCall, string, HttpResponse> {
  const { model } = context;
  const ready = model.stablecoins.filter((coin) => !enabled || coin.gridSteps >= 3);
  const existing = pick(ready, n);
  if (existing !== undefined) return existing.id;
  if (model.providerAccountIds.length === 0) remember(model.providerAccountIds, (yield* must(context, 'POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: `sim-${serial(model)}` })).id);
  let coin = pick(model.stablecoins, n);
  if (coin === undefined) {
    const number = serial(model);
    const symbol = `SIM${String.fromCharCode(65 + (number % 26))}${number}`;
    const body = { ...COIN_BASE, symbol, name: `Sim coin ${number}`, networkTokenIdentifier: `0x${number.toString(16).padStart(40, '0')}` };
    const id = (yield* must(context, 'POST', '/stablecoins', body, { 'Idempotency-Key': `sim-coin-${number}` })).id as string;
    coin = { id, symbol, gridSteps: 0 };
    model.stablecoins.push(coin);
  }
  while (enabled && coin.gridSteps < 3) yield* enableStep(context, coin);
  return coin.id;
}

function* enableStep(context: OperationContext, coin: { id: string; gridSteps: number }): Generator<OperationCall, void, HttpResponse> {
  if (coin.gridSteps === 0) yield* must(context, 'POST', `/stablecoins/${coin.id}/request-grid-enablement`);
  else if (coin.gridSteps === 1) yield* must(context, 'POST', `/sandbox/stablecoins/${coin.id}/grid-operations-status`, { status: 'ENABLING' });
  else if (coin.gridSteps === 2) yield* must(context, 'POST', `/sandbox/stablecoins/${coin.id}/grid-operations-status`, { status: 'ENABLED' });
  else return;
  coin.gridSteps += 1;
}

/** Every operation kind, by name. */
export const OPERATIONS: Readonly<Record<string, OperationDefinition>> = {
  // Customers ------------------------------------------------------------------------------
  'customer.create': {
    resource: 'customers',
    *run(context) {
      const { model, operation } = context;
      if (model.customers.length < SESSION_CUSTOMERS_MAX) yield* createCustomer(context, operation.a);
      else yield* updateCustomer(context);
      return NOTHING;
    },
  },
  'customer.update': {
    resource: 'customers',
    *run(context) {
      yield* updateCustomer(context);
      return NOTHING;
    },
  },
  // Internal accounts and sandbox funding ---------------------------------------------------
  'account.fund': {
    resource: 'accounts',
    *run(context) {
      const { model, operation } = context;
      const who = yield* customer(context, operation.a);
      const amount = 1 + (operation.b % 10_000_000);
      const keyed = operation.c % 4 === 0;
      const headers: Record<string, string> = keyed ? { 'Idempotency-Key': `sim-fund-${serial(model)}` } : {};
      const first = yield* must(context, 'POST', `/sandbox/internal-accounts/${who.accountId}/fund`, { amount }, headers);
      if (keyed) {
        const again = yield* must(context, 'POST', `/sandbox/internal-accounts/${who.accountId}/fund`, { amount }, headers);
        if (JSON.stringify(again) !== JSON.stringify(first)) throw new Error('idempotent fund retry answered differently');
      }
      model.fundedMinor.USD = (model.fundedMinor.USD ?? 0n) + BigInt(amount);
      return { exact: { [who.accountId]: BigInt(amount) } };
    },
  },
  'account.deposit': {
    resource: 'accounts',
    *run(context) {
      const { model, operation } = context;
      const rails = ['ACH', 'WIRE', 'RTP'];
      const body = { amount: 1 + (operation.b % 1_000_000), paymentRail: rails[operation.c % rails.length] };
      const ruleBased = operation.c % 3 === 0 ? pick(model.ruleBasedAccounts, operation.a) : undefined;
      if (ruleBased !== undefined) {
        // Credited to the holder's own account and swept out of it (decided); the rule-based
        // account itself never holds a balance.
        const deposited = (yield* must(context, 'POST', `/sandbox/internal-accounts/${ruleBased.id}/deposit`, body)).id;
        remember(model.transactionIds, deposited);
        remember(model.depositIds, deposited);
        return { moves: { [ruleBased.holderAccountId]: 'any', ...platformMoves(model, 'up') } };
      }
      const who = yield* customer(context, operation.a);
      const deposited = (yield* must(context, 'POST', `/sandbox/internal-accounts/${who.accountId}/deposit`, body)).id;
      remember(model.transactionIds, deposited);
      remember(model.depositIds, deposited);
      return { moves: { [who.accountId]: 'up' } };
    },
  },
  'account.statement': {
    resource: 'accounts',
    *run(context) {
      const { model, operation } = context;
      const who = yield* customer(context, operation.a);
      const end = new Date(context.nowMs).toISOString();
      const base = `/internal-accounts/${who.accountId}/balance-changes?startDate=${encodeURIComponent('2026-01-01T00:00:00Z')}&endDate=${encodeURIComponent(end)}&limit=${1 + (operation.b % 50)}`;
      // Every page, following the cursors: the rows must add up from the opening to the closing
      // balance and, with nothing pending, close at the balance the account answers.
      let cursor: string | undefined;
      let sumMinor = 0;
      let rows = 0;
      for (let page = 0; ; page += 1) {
        const answer = yield* send(context, 'GET', cursor === undefined ? base : `${base}&cursor=${encodeURIComponent(cursor)}`);
        // 409 NOT_YET_AVAILABLE while a card authorization of the period is still open (spec).
        if (answer.status === 409 && page === 0) return NOTHING;
        if (answer.status !== 200) throw new Error(`GET balance-changes page ${page} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        const body = answer.body as { data: { amount: { amount: number } }[]; openingBalance: { amount: number }; closingBalance: { amount: number }; totalCount: number; hasMore: boolean; nextCursor?: string };
        for (const row of body.data) sumMinor += row.amount.amount;
        rows += body.data.length;
        if (body.hasMore) {
          if (body.nextCursor === undefined || page > 10_000) throw new Error('balance-changes: hasMore without a cursor');
          cursor = body.nextCursor;
          continue;
        }
        if (rows !== body.totalCount) throw new Error(`balance-changes: ${rows} rows over the pages, totalCount ${body.totalCount}`);
        if (body.openingBalance.amount + sumMinor !== body.closingBalance.amount) {
          throw new Error(`balance-changes: opening ${body.openingBalance.amount} + rows ${sumMinor} != closing ${body.closingBalance.amount}`);
        }
        const balance = model.balances.get(who.accountId);
        // endDate is exclusive (DECISIONS.md): rows posted at this very instant are not in the period.
        const movedNow = model.balanceChangedAtMs.get(who.accountId) === context.nowMs;
        if (balance !== undefined && !movedNow && balance.availableMinor === balance.totalMinor && BigInt(body.closingBalance.amount) !== balance.availableMinor) {
          throw new Error(`balance-changes: closing ${body.closingBalance.amount} but the account's balance is ${balance.availableMinor} with nothing pending`);
        }
        return NOTHING;
      }
    },
  },
  'list.pages': {
    resource: 'lists',
    *run(context) {
      const { operation } = context;
      // Walking a list page by page yields the one-page list, each item once, in order.
      const lists = ['/customers', '/transactions', '/cards', '/agents', '/stablecoins', '/customers/external-accounts'];
      const path = lists[operation.a % lists.length] as string;
      const whole = yield* must(context, 'GET', `${path}?limit=100`);
      const limit = 1 + (operation.b % 7);
      const walked: unknown[] = [];
      let cursor: string | undefined;
      for (let page = 0; page <= whole.data.length; page += 1) {
        const body = yield* must(context, 'GET', `${path}?limit=${limit}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
        walked.push(...body.data);
        if (!body.hasMore) break;
        cursor = body.nextCursor;
      }
      if (whole.hasMore !== true && JSON.stringify(walked) !== JSON.stringify(whole.data)) {
        throw new Error(`${path}: pages of ${limit} give ${walked.length} items, one page ${whole.data.length} (or a different order)`);
      }
      return NOTHING;
    },
  },
  'account.ruleBased': {
    resource: 'accounts',
    *run(context) {
      const { model, operation } = context;
      if (model.ruleBasedAccounts.length >= 4) return NOTHING;
      const holder = yield* customer(context, operation.a);
      // The sweep goes to one of the holder's external accounts or to another customer's account.
      const others = model.customers.filter((c) => c.id !== holder.id);
      const other = operation.c % 3 === 0 ? pick(others, operation.b) : undefined;
      const destination = other !== undefined ? other.accountId : (yield* externalOf(context, holder, operation.b, 'USD')).id;
      const sweepRule = { destination: { accountId: destination }, minimumAmount: operation.b % 3 === 0 ? 0 : 100, maximumAmount: operation.c % 2 === 0 ? null : 500_000 };
      const created = yield* must(context, 'POST', '/internal-accounts', { type: 'RULE_BASED', customerId: holder.id, currency: 'USD', sweepRule });
      model.ruleBasedAccounts.push({ id: created.id, customerId: holder.id, holderAccountId: holder.accountId });
      model.accountIds.push(created.id);
      return NOTHING;
    },
  },
  'account.confirmStatement': {
    resource: 'accounts',
    *run(context) {
      const { model, operation } = context;
      const who = yield* customer(context, operation.a);
      // A Chicago month that has ended: fetch it as an exact month (the first fetch is recorded),
      // then confirm its delivery (the first receipt is recorded; a repeat writes nothing).
      const current = statementMonthContaining(context.nowMs);
      const month = statementMonthContaining(current.startMs - 1 - (operation.b % 2) * 20 * 86_400_000);
      if (month.startMs < SESSION_EPOCH_MS) return NOTHING;
      const query = `startDate=${encodeURIComponent(new Date(month.startMs).toISOString())}&endDate=${encodeURIComponent(new Date(month.endMs).toISOString())}`;
      // 409 NOT_YET_AVAILABLE while a card authorization of the month is still open (spec).
      yield* must(context, 'GET', `/internal-accounts/${who.accountId}/balance-changes?${query}`, undefined, {}, [200, 409]);
      const body = yield* must(context, 'POST', `/internal-accounts/${who.accountId}/confirm-statement`, { periodStart: formatInStatementZone(month.startMs) });
      if (body.internalAccountId !== who.accountId) throw new Error(`confirm-statement answered for ${body.internalAccountId}`);
      void model;
      return NOTHING;
    },
  },
  // External accounts ----------------------------------------------------------------------
  'external.create': {
    resource: 'externalAccounts',
    *run(context) {
      const { model, operation } = context;
      if (model.externalAccounts.length >= SESSION_RESOURCES_MAX * 2) return NOTHING;
      const owner = operation.c % 5 === 4 ? undefined : yield* customer(context, operation.a);
      yield* createExternal(context, owner, operation.b, operation.c % 3 === 2 ? 'EUR' : 'USD');
      return NOTHING;
    },
  },
  // Config and rates ------------------------------------------------------------------------
  'config.patch': {
    resource: 'config',
    *run(context) {
      const { operation } = context;
      // Fees stay small (at most 1.00 + 1%) so that a payout of half a balance always fits.
      const feeConfigs = operation.a % 3 === 0 ? [] : [{ sourceCurrency: 'USD', fixedFee: operation.b % 101, variableFeeBps: operation.c % 101 }];
      yield* must(context, 'PATCH', '/config', { feeConfigs });
      return NOTHING;
    },
  },
  'rates.publish': {
    resource: 'rates',
    *run(context) {
      yield* publishRates(context);
      yield* must(context, 'GET', '/exchange-rates');
      return NOTHING;
    },
  },
  // Quotes and the payouts they execute ------------------------------------------------------
  'quote.payout': { resource: 'quotes', run: (context) => payout(context, 'external') },
  'quote.internal': { resource: 'quotes', run: (context) => payout(context, 'internal') },
  'quote.abandon': {
    resource: 'quotes',
    *run(context) {
      const { model, operation } = context;
      const { customer: payer } = yield* funded(context, operation.a, 2_000);
      const destination = yield* externalOf(context, payer, operation.c, 'USD');
      const quote = yield* must(context, 'POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: destination.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 500 + (operation.b % 1_000),
      });
      remember(model.quoteIds, quote.id);
      return NOTHING;
    },
  },
  // Transactions: incoming payments, approvals, deprecated transfers --------------------------
  'incoming.approvalSetting': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const required = operation.a % 2 === 1;
      yield* must(context, 'PUT', '/sandbox/incoming-payments/approval', { required, requestedReceiverCustomerInfoFields: [] });
      model.approvalRequired = required;
      return NOTHING;
    },
  },
  'incoming.uma': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const who = yield* customer(context, operation.a);
      const body = yield* must(context, 'POST', '/sandbox/uma/receive', {
        senderUmaAddress: '$success.usd@sandbox.uma.example',
        receiverUmaAddress: `$${who.platformCustomerId}@sandbox.uma.example`,
        receivingCurrencyCode: 'USD',
        receivingCurrencyAmount: 1 + (operation.b % 1_000_000),
      });
      remember(model.transactionIds, body.id);
      // The platform has five minutes to decide (spec); after that the payment fails on its own.
      if (model.approvalRequired) model.approvalCandidates.push({ id: body.id, windowEndsAtMs: context.nowMs + 5 * 60_000 });
      return { moves: { [who.accountId]: 'up' } };
    },
  },
  'transaction.decide': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const candidate = pick(model.approvalCandidates, operation.a);
      if (candidate === undefined) return NOTHING;
      model.approvalCandidates.splice(model.approvalCandidates.indexOf(candidate), 1);
      const current = yield* must(context, 'GET', `/transactions/${candidate.id}`);
      // Only a payment still waiting for approval can be decided; a closed window is refused.
      if (current.status !== 'PENDING') return NOTHING;
      const open = context.nowMs < candidate.windowEndsAtMs;
      const accept = open ? [200] : [409];
      if (operation.b % 2 === 0) yield* must(context, 'POST', `/transactions/${candidate.id}/approve`, {}, {}, accept);
      else yield* must(context, 'POST', `/transactions/${candidate.id}/reject`, { reason: 'sim rejected' }, {}, accept);
      return NOTHING;
    },
  },
  'transaction.cancel': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const id = pick(model.transactionIds, operation.a);
      if (id === undefined) return NOTHING;
      const current = yield* must(context, 'GET', `/transactions/${id}`);
      const rail = (current.type === 'OUTGOING' ? current.destination : current.source)?.railDetails;
      // Only a bank transfer still pending before settlement can be cancelled (docs/transactions.md).
      const cancellable =
        (current.status === 'PENDING' || current.status === 'PROCESSING') &&
        ['ACH', 'ACH_SAME_DAY', 'WIRE'].includes(rail?.paymentRail) &&
        rail?.status === 'PENDING';
      const accounts = [current.source?.accountId, current.destination?.accountId].filter((a: unknown): a is string => typeof a === 'string' && model.accountIds.includes(a));
      const answer = yield* send(context, 'POST', `/transactions/${id}/cancel`);
      const code = (answer.body as { code?: string }).code;
      if (answer.status === 200) {
        if (!cancellable) throw new Error(`cancel of ${id} (${current.status}, ${JSON.stringify(rail)}) was accepted`);
        return { moves: { ...platformMoves(model, 'any'), ...Object.fromEntries(accounts.map((a: string) => [a, 'any'])) } };
      }
      // An incoming credit already spent cannot be reversed (400 INSUFFICIENT_FUNDS).
      const refusedAsDocumented = (answer.status === 409 && code === 'TRANSACTION_NOT_CANCELLABLE' && !cancellable) || (answer.status === 400 && code === 'INSUFFICIENT_FUNDS' && current.type === 'INCOMING');
      if (!refusedAsDocumented) throw new Error(`cancel of ${id} (${current.status}, ${JSON.stringify(rail)}) answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return NOTHING;
    },
  },
  'transaction.confirm': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const id = pick(model.transactionIds, operation.a);
      if (id === undefined) return NOTHING;
      const current = yield* must(context, 'GET', `/transactions/${id}`);
      const refusable = current.status === 'CREATED' || current.status === 'EXPIRED';
      const first = yield* must(context, 'POST', `/transactions/${id}/confirm`, {}, {}, refusable ? [409] : [200]);
      if (!refusable) {
        // A repeat keeps the first confirmation.
        const again = yield* must(context, 'POST', `/transactions/${id}/confirm`);
        if (again.receiptDeliveryConfirmedAt !== first.receiptDeliveryConfirmedAt) throw new Error(`confirm of ${id} moved receiptDeliveryConfirmedAt`);
      }
      return NOTHING;
    },
  },
  'incoming.return': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      // The sandbox operator returns a deposit, dishonors the return, contests the dishonor: on
      // a transaction in another state the move is refused (409) and nothing is written.
      const id = pick(model.depositIds, operation.a);
      if (id === undefined) return NOTHING;
      const moves = ['return', 'return-dishonored', 'return-contested'];
      const move = moves[operation.b % moves.length] as string;
      const before = yield* must(context, 'GET', `/transactions/${id}`);
      const accountId = before.destination?.accountId as string | undefined;
      const answer = yield* send(context, 'POST', `/sandbox/transactions/${id}/${move}`);
      if (answer.status !== 200 && answer.status !== 409) throw new Error(`${move} of ${id} (${before.status}) answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      if (answer.status === 409) return NOTHING;
      const holder = model.ruleBasedAccounts.find((r) => r.id === accountId)?.holderAccountId ?? accountId;
      return holder === undefined ? NOTHING : { moves: { [holder]: move === 'return-dishonored' ? 'up' : 'down' } };
    },
  },
  'quote.realtimeFunding': {
    resource: 'quotes',
    *run(context) {
      const { model, operation } = context;
      // A quote funded in real time: it waits for the funds, which /sandbox/send brings (most
      // times), and settles into the customer's account on a later advance.
      const who = yield* customer(context, operation.a);
      const quote = yield* must(context, 'POST', '/quotes', {
        source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
        destination: { destinationType: 'ACCOUNT', accountId: who.accountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000 + (operation.b % 1_000_000),
      });
      remember(model.quoteIds, quote.id);
      remember(model.transactionIds, quote.transactionId);
      if (operation.c % 4 !== 0) yield* must(context, 'POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
      return { moves: { [who.accountId]: 'up', ...platformMoves(model, 'up') } };
    },
  },
  'transfer.out': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const { customer: payer } = yield* funded(context, operation.a, 2_000);
      const destination = yield* externalOf(context, payer, operation.c, 'USD');
      const amount = payAmount(model, payer.accountId, operation.b);
      const body = yield* must(context, 'POST', '/transfer-out', { source: { accountId: payer.accountId }, destination: { accountId: destination.id }, amount });
      remember(model.transactionIds, body.id);
      remember(model.quoteIds, body.quoteId);
      const quote = yield* must(context, 'GET', `/quotes/${body.quoteId}`);
      return yield* executedEffect(context, payer.accountId, body.id, quote.totalSendingAmount);
    },
  },
  'transfer.in': {
    resource: 'transactions',
    *run(context) {
      const { model, operation } = context;
      const who = yield* customer(context, operation.a);
      const source = yield* externalOf(context, who, operation.c, 'USD');
      // Above the largest fees config.patch sets (1.00 + 1%): a smaller amount is refused, rightly.
      const amount = 1_000 + (operation.b % 1_000_000);
      const body = yield* must(context, 'POST', '/transfer-in', { source: { accountId: source.id }, destination: { accountId: who.accountId }, amount });
      remember(model.transactionIds, body.id);
      remember(model.quoteIds, body.quoteId);
      const moves: Record<string, 'up' | 'down' | 'any'> = { [who.accountId]: 'up' };
      for (const id of model.platformAccountIds) moves[id] = 'any';
      return { moves };
    },
  },
  // Cards and the card network's simulations -------------------------------------------------
  'card.issue': {
    resource: 'cards',
    *run(context) {
      yield* card(context, context.operation.a);
      return NOTHING;
    },
  },
  'card.status': {
    resource: 'cards',
    *run(context) {
      const { operation } = context;
      const chosen = yield* card(context, operation.a);
      const next = operation.b % 9 === 8 ? 'CLOSED' : chosen.status === 'ACTIVE' ? 'FROZEN' : 'ACTIVE';
      yield* must(context, 'PATCH', `/cards/${chosen.id}`, { status: next });
      chosen.status = next;
      // Closing a card releases its holds.
      return next === 'CLOSED' ? { moves: { [chosen.accountId]: 'up' } } : NOTHING;
    },
  },
  'card.authorize': {
    resource: 'cards',
    *run(context) {
      const { model, operation } = context;
      const chosen = yield* card(context, operation.a);
      const names = ['authorization', 'financial_authorization', 'credit_authorization'];
      const name = names[operation.c % names.length] as string;
      const amount = 1 + (operation.b % 50_000);
      // Mostly funded first, so that most authorizations are approved; some meet an empty account.
      if (name !== 'credit_authorization' && operation.b % 5 !== 0 && available(model, chosen.accountId) < amount) yield* fundAccount(context, chosen.accountId, amount * 2);
      const body = yield* must(context, 'POST', `/sandbox/cards/${chosen.id}/simulate/${name}`, { amount, currency: 'USD', merchant: MERCHANT }, {}, [200, 202]);
      if (name !== 'credit_authorization') model.cardTransactions.push({ id: body.id, cardId: chosen.id, amountMinor: amount, status: body.status });
      if (body.status === 'DECLINED') return { exact: { [chosen.accountId]: 0n } };
      // An authorization holds its amount (available only); a financial one posts it at once.
      if (name === 'authorization' && body.status === 'AUTHORIZED') return { exact: { [chosen.accountId]: { availableMinor: -BigInt(body.amount.amount), totalMinor: 0n } } };
      if (name === 'financial_authorization' && body.status === 'SETTLED') return { exact: { [chosen.accountId]: -BigInt(body.amount.amount) } };
      return { moves: { [chosen.accountId]: name === 'credit_authorization' ? 'up' : 'down' } };
    },
  },
  'card.settle': {
    resource: 'cards',
    *run(context) {
      const { model, operation } = context;
      const names = ['clearing', 'return', 'authorization_advice'] as const;
      const name = names[operation.c % names.length] as (typeof names)[number];
      // Clearing and advice act on an open authorization, a return on a settled purchase; the
      // status the model saw may be stale (an authorization expires with time): then a refusal.
      const wanted = name === 'return' ? ['SETTLED', 'PARTIALLY_SETTLED'] : ['AUTHORIZED', 'PARTIALLY_SETTLED'];
      const tx = pick(model.cardTransactions.filter((t) => wanted.includes(t.status)), operation.a);
      if (tx === undefined) return NOTHING;
      const chosen = model.cards.find((c) => c.id === tx.cardId);
      const amount = 1 + (operation.b % tx.amountMinor);
      const answer = yield* send(context, 'POST', `/sandbox/cards/${tx.cardId}/simulate/${name}`, { cardTransactionId: tx.id, amount });
      if (answer.status === 202) {
        if (name !== 'return') tx.status = answer.body.status;
        return chosen === undefined ? NOTHING : { moves: { [chosen.accountId]: 'any' } };
      }
      const current = yield* must(context, 'GET', `/transactions/${tx.id}`);
      const stale = current.status !== tx.status;
      tx.status = current.status;
      // Refused although the status was the one the model saw: only a return larger than what is
      // left to return or an advice below what is already cleared (400 INVALID_AMOUNT), or a
      // change to an authorization that has expired (409 INVALID_STATE_TRANSITION), may be.
      const code = (answer.body as { code?: string }).code;
      const allowed = (answer.status === 400 && code === 'INVALID_AMOUNT' && name !== 'clearing') || (answer.status === 409 && code === 'INVALID_STATE_TRANSITION');
      if (!stale && !allowed) {
        throw new Error(`${name} of ${tx.id} (${tx.status}) answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      return NOTHING;
    },
  },
  'card.inquiry': {
    resource: 'cards',
    *run(context) {
      const chosen = yield* card(context, context.operation.a);
      yield* must(context, 'POST', `/sandbox/cards/${chosen.id}/simulate/balance_inquiry`, {}, {}, [202, 400, 409, 422]);
      return NOTHING;
    },
  },
  // Agents ------------------------------------------------------------------------------------
  'agent.create': {
    resource: 'agents',
    *run(context) {
      yield* agent(context, context.operation.a * 3);
      return NOTHING;
    },
  },
  'agent.deviceCode': {
    resource: 'agents',
    *run(context) {
      const chosen = yield* agent(context, context.operation.a);
      yield* newDeviceCode(context, chosen);
      return NOTHING;
    },
  },
  'agent.redeem': {
    resource: 'agents',
    *run(context) {
      const chosen = yield* connectedAgent(context, context.operation.a);
      yield* must(context, 'GET', '/agents/me', undefined, { authorization: `Bearer ${chosen.token}` });
      return NOTHING;
    },
  },
  'agent.pay': {
    resource: 'agents',
    *run(context) {
      const { model, operation } = context;
      const chosen = yield* connectedAgent(context, operation.a);
      const owner = model.customers.find((c) => c.id === chosen.customerId) as ModelCustomer;
      if (available(model, owner.accountId) < 2_000) yield* fundAccount(context, owner.accountId, 10_000);
      const destination = yield* externalOf(context, owner, operation.c, 'USD');
      const bearer = { authorization: `Bearer ${chosen.token}` };
      const amount = payAmount(model, owner.accountId, operation.b);
      const quote = yield* must(context, 'POST', '/agents/me/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: owner.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: destination.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: amount,
      }, bearer);
      remember(model.quoteIds, quote.id);
      const action = yield* must(context, 'POST', `/agents/me/quotes/${quote.id}/execute`, undefined, bearer, [200, 202]);
      remember(model.actionIds, action.id);
      if (action.status === 'PENDING_APPROVAL') model.pendingActions.push({ agentId: chosen.id, actionId: action.id });
      if (action.transaction?.id === undefined) return { exact: { [owner.accountId]: 0n } };
      remember(model.transactionIds, action.transaction.id);
      return yield* executedEffect(context, owner.accountId, action.transaction.id, quote.totalSendingAmount);
    },
  },
  'agent.decide': {
    resource: 'agents',
    *run(context) {
      const { model, operation } = context;
      const pending = pick(model.pendingActions, operation.a);
      if (pending === undefined) return NOTHING;
      model.pendingActions.splice(model.pendingActions.indexOf(pending), 1);
      const verb = operation.b % 2 === 0 ? 'approve' : 'reject';
      // An approval re-checks the policy and the funds; the action may then fail (still 200).
      const body = yield* must(context, 'POST', `/agents/${pending.agentId}/actions/${pending.actionId}/${verb}`, verb === 'reject' ? { reason: 'sim rejected' } : undefined, {}, [200, 409]);
      if (body?.transaction?.id !== undefined) remember(model.transactionIds, body.transaction.id);
      const agentRecord = model.agents.find((a) => a.id === pending.agentId);
      const owner = model.customers.find((c) => c.id === agentRecord?.customerId);
      return owner === undefined ? NOTHING : payoutEffect(model, owner.accountId);
    },
  },
  // Stablecoins -------------------------------------------------------------------------------
  'stablecoin.register': {
    resource: 'stablecoins',
    *run(context) {
      const { model, operation } = context;
      if (model.stablecoins.length < SESSION_RESOURCES_MAX && operation.a % 2 === 0) {
        yield* stablecoin(context, model.stablecoins.length, false);
      } else {
        const coin = pick(model.stablecoins, operation.a);
        if (coin !== undefined) yield* enableStep(context, coin);
        else yield* stablecoin(context, 0, false);
      }
      return NOTHING;
    },
  },
  'stablecoin.mint': {
    resource: 'stablecoins',
    *run(context) {
      const { model, operation } = context;
      const { customer: holder } = yield* funded(context, operation.a, 2_000);
      const coinId = yield* stablecoin(context, operation.c, true);
      // 10,000 units of a 6-decimal coin are one cent.
      const cents = 1 + (operation.b % Math.floor(available(model, holder.accountId) / 2));
      const body = yield* must(context, 'POST', `/stablecoins/${coinId}/mints`, { amount: String(cents * 10_000), sourceAccountId: holder.accountId }, { 'Idempotency-Key': `sim-mint-${serial(model)}` });
      remember(model.stablecoinOperationIds, body.id);
      return { moves: { [holder.accountId]: 'down' } };
    },
  },
  'stablecoin.burn': {
    resource: 'stablecoins',
    *run(context) {
      const { model, operation } = context;
      const holder = yield* customer(context, operation.a);
      const coinId = yield* stablecoin(context, operation.c, true);
      // The holding may be smaller than asked: a refused burn writes nothing.
      const body = yield* must(context, 'POST', `/stablecoins/${coinId}/burns`, { amount: String((1 + (operation.b % 100)) * 10_000), sourceAccountId: holder.accountId }, { 'Idempotency-Key': `sim-burn-${serial(model)}` }, [200, 201, 400, 409, 422]);
      remember(model.stablecoinOperationIds, body?.id);
      return { moves: { [holder.accountId]: 'up' } };
    },
  },
  // Time --------------------------------------------------------------------------------------
  'time.advance': {
    resource: 'time',
    *run() {
      yield { kind: 'advance' };
      return { all: true };
    },
  },
  // Identity (KYC/KYB, documents, beneficial owners, hosted link, contact, bulk) -------------
  ...IDENTITY_OPERATIONS,
  // Embedded wallets: credentials, logins, sessions, delegated keys, signed actions (issue 14) --
  ...WALLET_OPERATIONS,
  // Strong customer authentication: logins, factors, resets, trusted beneficiaries, quotes -----
  ...SCA_OPERATIONS,
};

function* updateCustomer(context: OperationContext): Generator<OperationCall, void, HttpResponse> {
  const { operation } = context;
  const who = yield* customer(context, operation.a);
  const current = yield* must(context, 'GET', `/customers/${who.id}`);
  const body = current.customerType === 'BUSINESS'
    ? { businessInfo: { legalName: `${NAMES[operation.b % NAMES.length]} Trading LLC`, registrationNumber: `REG-U${operation.c % 1000}` } }
    : { fullName: NAMES[operation.b % NAMES.length] };
  yield* must(context, 'PATCH', `/customers/${who.id}`, body);
}

/** The resources operations are grouped by, each with its operation kinds. */
export const RESOURCES: Readonly<Record<string, readonly string[]>> = Object.entries(OPERATIONS).reduce<Record<string, string[]>>((acc, [kind, definition]) => {
  acc[definition.resource] = [...(acc[definition.resource] ?? []), kind];
  return acc;
}, {});
