/**
 * The money flows whose answers the contract test holds to the reference: the fuzzer's populated
 * world (customers, funded accounts, external accounts, quotes, payouts, deposits, sweeps, a
 * payment document, a card and its transactions, a stablecoin and a mint, agents and an action),
 * then one valid request per route of the table (the fuzzer's seeds, path parameters from the
 * world), then seeded simulator sessions over every resource. Every engine made meanwhile records
 * its exchanges (the test mocks `createEngine`), so this module only drives.
 */
import { ROUTES } from '../../src/api/routes/index.js';
import { SimulationFailure, simulate } from '../../src/testing/index.js';
import { seedsFor } from '../fuzz/seeds.js';
import { buildWorld, type World } from '../fuzz/world.js';
import type { Recorder } from './recorder.js';
import { harness } from '../support/harness.js';
import { bankAccountInfo, fund, newCustomer, payoutBody, publishRates, START } from '../quotes/support.js';
import { MERCHANT } from '../cards/support.js';
import { SANDBOX_VALID_OWNERSHIP_SIGNATURE } from '../../src/sandbox/external-accounts.js';
import { EXTERNAL_ACCOUNT_TYPES } from '../../src/domains/external-accounts/types.js';
import { referenceCreateBody } from '../external-accounts/reference-accounts.js';

/**
 * The routed reference operations the flows below must answer with a success: the 80 routed when
 * the contract test was written. Routes added since (issue 12's unrouted operations, identity,
 * wallets) are checked whenever a flow reaches them, and join this list with a flow of their own.
 */
export const DRIVEN_ROUTES: readonly string[] = [
  'POST /customers',
  'GET /customers',
  'GET /customers/end-user-terms',
  'GET /customers/{customerId}',
  'PATCH /customers/{customerId}',
  'GET /customers/internal-accounts',
  'GET /platform/internal-accounts',
  'POST /sandbox/internal-accounts/{accountId}/fund',
  'POST /customers/external-accounts',
  'GET /customers/external-accounts',
  'GET /customers/external-accounts/{externalAccountId}',
  'DELETE /customers/external-accounts/{externalAccountId}',
  'POST /customers/external-accounts/{externalAccountId}/untrust',
  'POST /customers/external-accounts/{externalAccountId}/challenge',
  'POST /customers/external-accounts/{externalAccountId}/verify',
  'POST /platform/external-accounts',
  'GET /platform/external-accounts',
  'GET /platform/external-accounts/{externalAccountId}',
  'DELETE /platform/external-accounts/{externalAccountId}',
  'POST /platform/external-accounts/{externalAccountId}/challenge',
  'POST /platform/external-accounts/{externalAccountId}/verify',
  'GET /config',
  'PATCH /config',
  'GET /exchange-rates',
  'GET /transactions',
  'GET /transactions/{transactionId}',
  'POST /transactions/{transactionId}/approve',
  'POST /transactions/{transactionId}/reject',
  'POST /transactions/{transactionId}/cancel',
  'POST /transactions/{transactionId}/confirm',
  'POST /quotes',
  'GET /quotes/{quoteId}',
  'POST /quotes/{quoteId}/authorize',
  'POST /quotes/{quoteId}/execute',
  'POST /sandbox/send',
  'POST /sandbox/uma/receive',
  'POST /transfer-out',
  'POST /transfer-in',
  'POST /cards',
  'GET /cards',
  'GET /cards/{cardId}',
  'PATCH /cards/{cardId}',
  'POST /sandbox/cards/{cardId}/simulate/authorization',
  'POST /sandbox/cards/{cardId}/simulate/credit_authorization',
  'POST /sandbox/cards/{cardId}/simulate/financial_authorization',
  'POST /sandbox/cards/{cardId}/simulate/financial_credit_authorization',
  'POST /sandbox/cards/{cardId}/simulate/authorization_advice',
  'POST /sandbox/cards/{cardId}/simulate/credit_authorization_advice',
  'POST /sandbox/cards/{cardId}/simulate/balance_inquiry',
  'POST /sandbox/cards/{cardId}/simulate/clearing',
  'POST /sandbox/cards/{cardId}/simulate/return',
  'POST /sandbox/cards/{cardId}/simulate/return_reversal',
  'POST /stablecoin-provider-accounts',
  'GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}',
  'POST /stablecoins',
  'GET /stablecoins',
  'GET /stablecoins/{stablecoinId}',
  'POST /stablecoins/{stablecoinId}/mints',
  'POST /stablecoins/{stablecoinId}/burns',
  'GET /stablecoins/{stablecoinId}/operations',
  'GET /stablecoin-operations/{operationId}',
  'POST /agents',
  'GET /agents',
  'GET /agents/approvals',
  'GET /agents/{agentId}',
  'PATCH /agents/{agentId}',
  'PATCH /agents/{agentId}/policy',
  'DELETE /agents/{agentId}',
  'POST /agents/{agentId}/device-codes',
  'POST /agents/{agentId}/actions/{actionId}/approve',
  'POST /agents/{agentId}/actions/{actionId}/reject',
  'POST /agents/device-codes/{code}/redeem',
  'GET /agents/me',
  'POST /agents/me/quotes',
  'POST /agents/me/quotes/{quoteId}/execute',
  'GET /agents/me/actions',
  'GET /agents/me/actions/{actionId}',
  'GET /agents/me/internal-accounts',
  'GET /agents/me/transactions',
  'POST /agents/me/external-accounts',
];

/** Fills a route template's `{param}`s from the world's ids (the index-th id of each name). */
export function fillPath(template: string, world: World, index = 0): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const ids = world.ids[name] ?? [];
    return encodeURIComponent(ids[Math.min(index, ids.length - 1)] ?? `${name}-missing`);
  });
}

/** Sends every route once per seed (or once without a body) against the world; GETs first so reads see the world whole. */
export function driveRoutes(world: World, into: Recorder): void {
  const seeds = seedsFor(world);
  const ordered = [...ROUTES].sort((a, b) => rank(a.method) - rank(b.method));
  for (const route of ordered) {
    into.source = `route ${route.method} ${route.path}`;
    const key = `${route.method} ${route.path}`;
    const headers: Record<string, string> = route.auth === 'agent' ? { authorization: `Bearer ${world.agentToken}` } : route.auth === 'none' ? { authorization: '' } : {};
    for (const seed of seeds[key] ?? [{}]) {
      const query = seed.query === undefined ? '' : `?${new URLSearchParams(seed.query as Record<string, string>).toString()}`;
      world.h.call(route.method, `${fillPath(route.path, world)}${query}`, seed.body, { ...headers, 'Idempotency-Key': `contract-${key}-${JSON.stringify(seed).length}` });
    }
  }
}

function rank(method: string): number {
  return ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'].indexOf(method);
}

/** Builds the world and drives every route, recording into `into`. */
export function driveWorld(into: Recorder): World {
  into.source = 'world';
  const world = buildWorld();
  driveRoutes(world, into);
  return world;
}

/** Seeded simulator sessions over every resource. */
export function driveSimulator(into: Recorder, seeds: readonly number[] = [1, 2, 3], steps = 150): void {
  for (const seed of seeds) {
    into.source = `simulator seed ${seed}`;
    try {
      simulate({ seed, steps });
    } catch (error) {
      // The simulator's own test (test/sim) owns its failures; the answers recorded so far still count.
      if (!(error instanceof SimulationFailure)) throw error;
    }
  }
}

/**
 * The routes the world's one-request-per-route pass cannot reach in a state that succeeds:
 * ownership challenges and verification, incoming-payment approval and rejection, an SCA quote
 * authorized, a real-time-funded quote sent, card advice and return reversal, a burn, agents'
 * own external accounts, a platform external account deleted.
 */
export function driveExtras(into: Recorder): void {
  into.source = 'extras';
  const h = harness({ regulated: true }, START);
  publishRates(h);
  const a = newCustomer(h, { terms: true });
  const eu = newCustomer(h, { country: 'DE', terms: true });
  fund(h, a.accountId, 1_000_000);
  fund(h, eu.accountId, 1_000_000);
  for (const base of ['/customers/external-accounts', '/platform/external-accounts']) {
    const body = base.startsWith('/customers') ? { customerId: a.customerId, currency: 'USD', accountInfo: bankAccountInfo('USD', '654') } : { currency: 'USD', accountInfo: bankAccountInfo('USD', '655') };
    const id = h.ok('POST', base, body).id as string;
    // A LIVENESS challenge first (the reference's LivenessChallenge), then a signature one replaces it.
    h.ok('POST', `${base}/${id}/challenge`, { method: 'LIVENESS' });
    const { challengeId } = h.ok('POST', `${base}/${id}/challenge`, { method: 'WALLET_SIGNATURE' });
    h.ok('POST', `${base}/${id}/verify`, { challengeId, signature: SANDBOX_VALID_OWNERSHIP_SIGNATURE });
    h.ok('GET', `${base}/${id}`);
    if (base.startsWith('/platform')) h.ok('DELETE', `${base}/${id}`);
  }
  // Incoming payments that wait for the platform's approval.
  h.ok('PUT', '/sandbox/incoming-payments/approval', { required: true });
  const user = h.ok('GET', `/customers/${a.customerId}`).platformCustomerId as string;
  const receive = (amount: number): string =>
    h.ok('POST', '/sandbox/uma/receive', { senderUmaAddress: '$success.usd@sandbox.uma.example', receiverUmaAddress: `$${user}@sandbox.uma.example`, receivingCurrencyCode: 'USD', receivingCurrencyAmount: amount }).id as string;
  const approveId = receive(3_000);
  const rejectId = receive(2_000);
  h.ok('POST', `/transactions/${approveId}/approve`, {});
  h.ok('POST', `/transactions/${rejectId}/reject`, { reason: 'Unknown sender' });
  h.ok('PUT', '/sandbox/incoming-payments/approval', { required: false });
  // SCA quote authorized.
  const eur = h.ok('POST', '/customers/external-accounts', { customerId: eu.customerId, currency: 'EUR', accountInfo: bankAccountInfo('EUR', '789') }).id as string;
  const sca = h.call('POST', '/quotes', payoutBody(eu.accountId, eur, 10_000)).body as { id: string };
  h.ok('POST', `/quotes/${sca.id}/authorize`, { code: '000000' });
  // A real-time-funded quote and its sandbox send.
  const usd = h.ok('POST', '/customers/external-accounts', { customerId: a.customerId, currency: 'USD', accountInfo: bankAccountInfo('USD', '789') }).id as string;
  const rtf = h.ok('POST', '/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' }, destination: { destinationType: 'ACCOUNT', accountId: a.accountId }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 5_000 }).id as string;
  h.ok('POST', '/sandbox/send', { quoteId: rtf, currencyCode: 'USD' });
  const pending = h.ok('POST', '/quotes', payoutBody(a.accountId, usd, 1_000)).id as string;
  h.ok('GET', `/quotes/${pending}`);
  h.ok('POST', `/quotes/${pending}/execute`);
  h.ok('GET', '/transactions?limit=5');
  // Card: credit advice, return and its reversal.
  const card = h.ok('POST', '/cards', { customerId: a.customerId, fundingSource: a.accountId, form: 'VIRTUAL' }).id as string;
  const credit = h.ok('POST', `/sandbox/cards/${card}/simulate/credit_authorization`, { amount: 500, currency: 'USD', merchant: MERCHANT }).id as string;
  h.ok('POST', `/sandbox/cards/${card}/simulate/credit_authorization_advice`, { cardTransactionId: credit, amount: 600 });
  const purchase = h.ok('POST', `/sandbox/cards/${card}/simulate/authorization`, { amount: 3_000, currency: 'USD', merchant: MERCHANT }).id as string;
  h.ok('POST', `/sandbox/cards/${card}/simulate/clearing`, { cardTransactionId: purchase, amount: 3_000 });
  const refund = h.ok('POST', `/sandbox/cards/${card}/simulate/return`, { cardTransactionId: purchase, amount: 1_200 }).id as string;
  h.ok('POST', `/sandbox/cards/${refund}/simulate/return_reversal`, {});
  // Stablecoin: register, enable, mint, burn.
  h.ok('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'contract-1' });
  const coin = h.ok('POST', '/stablecoins', { symbol: 'CONUSD', name: 'Contract Dollar', baseCurrency: 'USD', decimals: 6, networkTokenIdentifier: '0xAbC0000000000000000000000000000000000009' }, { 'Idempotency-Key': 'contract-coin' }).id as string;
  h.ok('POST', `/stablecoins/${coin}/request-grid-enablement`);
  for (const status of ['ENABLING', 'ENABLED']) h.ok('POST', `/sandbox/stablecoins/${coin}/grid-operations-status`, { status });
  h.ok('POST', `/stablecoins/${coin}/mints`, { amount: '2000000', sourceAccountId: a.accountId }, { 'Idempotency-Key': 'contract-mint' });
  h.now = new Date(Date.parse(h.now) + 60_000).toISOString();
  h.log.push(...h.engine.advance(h.now));
  h.ok('POST', `/stablecoins/${coin}/burns`, { amount: '1000000', sourceAccountId: a.accountId }, { 'Idempotency-Key': 'contract-burn' });
  // Agent: its own view and an external account of its customer.
  const created = h.ok('POST', '/agents', { customerId: a.customerId, name: 'Contract bot', policy: { permissions: ['VIEW_TRANSACTIONS', 'MANAGE_EXTERNAL_ACCOUNTS'], defaultExecutionMode: 'AUTO' } });
  const token = h.ok('POST', `/agents/device-codes/${created.deviceCode.code}/redeem`, undefined, { authorization: '' }).accessToken as string;
  const bearer = { authorization: `Bearer ${token}` };
  h.ok('GET', '/agents/me', undefined, bearer);
  h.ok('POST', '/agents/me/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '987') }, bearer);
  // One account of every account type of the reference, from its own examples (issue 12), on
  // the customer, platform and agent routes, then listed.
  for (const type of EXTERNAL_ACCOUNT_TYPES) {
    const body = referenceCreateBody(type);
    h.ok('POST', '/customers/external-accounts', { customerId: eu.customerId, ...body });
    h.ok('POST', '/platform/external-accounts', body);
    h.ok('POST', '/agents/me/external-accounts', body, bearer);
  }
  h.ok('GET', `/customers/external-accounts?customerId=${encodeURIComponent(eu.customerId)}&limit=100`);
  h.ok('GET', '/platform/external-accounts?limit=100');
}
