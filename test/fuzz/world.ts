/**
 * The fuzzer's world: an engine that already holds customers, funded accounts, external accounts,
 * quotes, transactions, a payment document, a card with a card transaction, a stablecoin with a
 * mint, and agents with a token and a pending action, all made through `handle` as a client
 * would. Mutated requests then reach the deciders behind every route, not only the validators.
 */
import { type Harness, harness } from '../support/harness.js';
import { bankAccountInfo, publishRates, START, TERMS } from '../quotes/support.js';
import { buildWalletWorld, type WalletWorld } from './wallet-world.js';

/** Ids the world holds, by the path parameter names of the route table. */
export type WorldIds = Readonly<Record<string, readonly string[]>>;

/** A built world: the harness driving it, ids per path parameter, and an agent's Bearer token. */
export type World = { readonly h: Harness; readonly ids: WorldIds; readonly agentToken: string; readonly deviceCode: string; readonly wallet: WalletWorld };

/** Builds the world at START on a regulated sandbox (cards need approved cardholders). */
export function buildWorld(): World {
  const h = harness({ regulated: true }, START);
  publishRates(h);
  const customer = (platformCustomerId: string, country = 'US'): { customerId: string; accountId: string } => {
    const customerId = h.ok('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      platformCustomerId,
      fullName: 'Jane Doe',
      agreementConsents: TERMS,
      address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country },
    }).id as string;
    const accountId = h.ok('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`).data[0].id as string;
    return { customerId, accountId };
  };
  const a = customer('fuzz-a');
  const b = customer('fuzz-b');
  const eu = customer('fuzz-eu', 'DE');
  const business = h.ok('POST', '/customers', { customerType: 'BUSINESS', platformCustomerId: 'fuzz-biz', businessInfo: { legalName: 'Acme Corp' } }).id as string;
  for (const who of [a, b, eu]) h.ok('POST', `/sandbox/internal-accounts/${who.accountId}/fund`, { amount: 5_000_000 });

  const usd = h.ok('POST', '/customers/external-accounts', { customerId: a.customerId, currency: 'USD', accountInfo: bankAccountInfo('USD', '789') }).id as string;
  const eur = h.ok('POST', '/customers/external-accounts', { customerId: eu.customerId, currency: 'EUR', accountInfo: bankAccountInfo('EUR', '789') }).id as string;
  const platformExternal = h.ok('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: bankAccountInfo('USD', '456') }).id as string;

  const payout = (from: string, to: string, amount: number): Record<string, unknown> => ({
    source: { sourceType: 'ACCOUNT', accountId: from },
    destination: { destinationType: 'ACCOUNT', accountId: to },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });
  const pendingQuote = h.ok('POST', '/quotes', payout(a.accountId, usd, 1_000)).id as string;
  const executed = h.ok('POST', '/quotes', payout(a.accountId, usd, 2_000)).id as string;
  const payoutTx = h.ok('POST', `/quotes/${executed}/execute`).transactionId as string | undefined;
  const scaQuote = h.call('POST', '/quotes', payout(eu.accountId, eur, 1_000)).body as { id: string };
  const deposit = h.ok('POST', `/sandbox/internal-accounts/${a.accountId}/deposit`, { amount: 10_000 }).id as string;
  const ruleBased = h.ok('POST', '/internal-accounts', {
    type: 'RULE_BASED', customerId: a.customerId, currency: 'USD', sweepRule: { destination: { accountId: usd }, minimumAmount: 0 },
  }).id as string;
  h.ok('PUT', '/sandbox/incoming-payments/approval', { required: true });
  const awaitingApproval = h.ok('POST', `/sandbox/internal-accounts/${b.accountId}/deposit`, { amount: 3_000 }).id as string;
  h.ok('PUT', '/sandbox/incoming-payments/approval', { required: false });
  const document = h.ok('POST', '/payment-documents', { customerId: a.customerId, documentType: 'INVOICE', fileName: 'proof.pdf' }).id as string;

  const card = h.ok('POST', '/cards', { customerId: a.customerId, fundingSource: a.accountId, form: 'VIRTUAL' }).id as string;
  const merchant = { descriptor: 'CORNER CAFE', mcc: '5814', city: 'Chicago', state: 'IL', country: 'US' };
  const cardTx = h.ok('POST', `/sandbox/cards/${card}/simulate/authorization`, { amount: 500, currency: 'USD', merchant }).id as string;

  const link = h.ok('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', externalReference: 'acct-1' }).id as string;
  const coin = h.ok('POST', '/stablecoins', {
    symbol: 'ACMEUSD', name: 'Acme Dollar', baseCurrency: 'USD', decimals: 6, networkTokenIdentifier: '0xAbC0000000000000000000000000000000000001',
  }, { 'Idempotency-Key': 'fuzz-coin' }).id as string;
  h.ok('POST', `/stablecoins/${coin}/request-grid-enablement`);
  for (const status of ['ENABLING', 'ENABLED']) h.ok('POST', `/sandbox/stablecoins/${coin}/grid-operations-status`, { status });
  const mint = h.ok('POST', `/stablecoins/${coin}/mints`, { amount: '1500000', sourceAccountId: a.accountId }, { 'Idempotency-Key': 'fuzz-mint' }).id as string;

  const policy = { permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'], defaultExecutionMode: 'APPROVAL_REQUIRED' };
  const agentBody = h.ok('POST', '/agents', { customerId: a.customerId, name: 'Budget bot', policy });
  const agentId = agentBody.agent.id as string;
  const agentToken = h.ok('POST', `/agents/device-codes/${agentBody.deviceCode.code}/redeem`, undefined, { authorization: '' }).accessToken as string;
  const deviceCode = h.ok('POST', `/agents/${agentId}/device-codes`).code as string;
  const bearer = { authorization: `Bearer ${agentToken}` };
  const agentQuote = h.ok('POST', '/agents/me/quotes', payout(a.accountId, usd, 300), bearer).id as string;
  const action = h.ok('POST', `/agents/me/quotes/${agentQuote}/execute`, undefined, bearer).id as string;

  // Resources of newer routes, made only where their route answers: the world builds whatever
  // routes a branch of the table has.
  const optional = (method: string, path: string, body?: unknown): string[] => {
    const answer = h.call(method, path, body);
    const id = (answer.body as { id?: unknown } | null)?.id;
    return answer.status < 300 && typeof id === 'string' ? [id] : [];
  };
  const beneficialOwnerId = optional('POST', '/beneficial-owners', {
    customerId: business,
    roles: ['UBO'],
    ownershipPercentage: 60,
    personalInfo: {
      firstName: 'Jane', lastName: 'Smith', birthDate: '1978-06-15', nationality: 'US', idType: 'SSN', identifier: '123-45-6789',
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
    },
  });
  const tokenId = optional('POST', '/tokens', { name: 'ops', permissions: ['VIEW'] });
  const verificationId = optional('POST', '/verifications', { customerId: a.customerId });
  const invitation = h.call('POST', '/invitations', { inviterUma: '$fuzz-a@sandbox.uma.example', firstName: 'Alice', amountToSend: 1234 });
  const invitationCode = (invitation.body as { code?: unknown } | null)?.code;

  // Embedded wallets and SCA (issue 14): a's wallet, eu's SCA factors, a reset.
  const wallet = buildWalletWorld(h, a, eu, usd);

  const ids: Record<string, string[]> = {
    customerId: [a.customerId, b.customerId, eu.customerId, business],
    accountId: [a.accountId, b.accountId, ruleBased, wallet.walletId],
    externalAccountId: [usd, eur, platformExternal],
    transactionId: [deposit, awaitingApproval, ...(payoutTx === undefined ? [] : [payoutTx])],
    quoteId: [pendingQuote, executed, scaQuote.id, agentQuote, wallet.walletQuote.id],
    documentId: [document],
    cardId: [card, wallet.walletCardId],
    cardTransactionId: [cardTx],
    stablecoinProviderAccountId: [link],
    stablecoinId: [coin],
    operationId: [mint],
    agentId: [agentId],
    actionId: [action],
    code: [deviceCode],
    beneficialOwnerId,
    tokenId,
    verificationId,
    invitationCode: invitation.status < 300 && typeof invitationCode === 'string' ? [invitationCode] : [],
    receiverUmaAddress: ['$fuzz-a@sandbox.uma.example'],
    // `{id}` of /auth/credentials, /auth/sessions, /auth/delegated-keys and /cards/{id}/reveal.
    id: [...wallet.credentialIds, wallet.sessionId, wallet.delegatedKeyId, card],
    credentialId: [wallet.scaPasskeyId],
    resetId: [wallet.resetId],
  };
  return { h, ids, agentToken, deviceCode, wallet };
}
