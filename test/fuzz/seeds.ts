/**
 * Valid (or nearly valid) requests per route, learned from the resource tests: the fuzzer starts
 * from these and mutates them. Keyed `METHOD path-template`; a route without an entry is still
 * fuzzed, from an empty body and generic values. Path parameters come from the world's ids.
 */
import { bankAccountInfo } from '../quotes/support.js';
import { walletSeedsFor } from './wallet-seeds.js';
import type { World } from './world.js';

/**
 * One starting request: body and query (path parameters are chosen by the fuzzer); `multipart`
 * sends the body as a multipart/form-data form with a `file` part (upload routes).
 */
export type Seed = {
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
  readonly multipart?: boolean;
  /** Path parameters the body goes with (the fuzzer uses them for some of its same-kind choices). */
  readonly params?: Readonly<Record<string, string>>;
  /** Headers the request starts with (signed retries: Svc-Wallet-Signature, Request-Id). */
  readonly headers?: Readonly<Record<string, string>>;
};

const MERCHANT = { descriptor: 'CORNER CAFE', mcc: '5814', city: 'Chicago', state: 'IL', country: 'US' };
const POLICY = { permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'], defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'USD', perTransactionLimit: 5000 } };
const TERMS = { type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-05T09:00:00-06:00', termsVersion: '2025-10-13' };

/** Seeds by route key, built from a world's ids. */
export function seedsFor(w: World): Readonly<Record<string, readonly Seed[]>> {
  const id = (name: string, index = 0): string => w.ids[name]?.[index] ?? `${name}-missing`;
  const [customer, account, external] = [id('customerId'), id('accountId'), id('externalAccountId')];
  const payout = { source: { sourceType: 'ACCOUNT', accountId: account }, destination: { destinationType: 'ACCOUNT', accountId: external }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 };
  const page = { limit: '2' };
  const externalCreate = { customerId: customer, currency: 'USD', accountInfo: bankAccountInfo('USD', '321') };
  const { customerId: _unused, ...platformExternal } = externalCreate;
  const simulateAmount = { cardTransactionId: id('cardTransactionId'), amount: 100 };
  return {
    'POST /customers': [
      { body: { customerType: 'INDIVIDUAL', platformCustomerId: 'fuzz-new', fullName: 'Jane Doe', birthDate: '1990-04-12', nationality: 'US', idType: 'SSN', identifier: '123-45-6789', countryOfIssuance: 'US', address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' }, agreementConsents: [TERMS], region: 'US', currencies: ['USD', 'USDC'], email: 'jane@example.com', phoneNumber: '+14155551234' } },
      { body: { customerType: 'BUSINESS', platformCustomerId: 'fuzz-biz-new', businessInfo: { legalName: 'Acme Corp', registrationNumber: 'REG-42', country: 'US', incorporatedOn: '2018-03-14', taxId: '47-1234567', entityType: 'LLC', businessType: 'INFORMATION', countriesOfOperation: ['US'], expectedMonthlyTransactionCount: 'COUNT_100_TO_500' } } },
    ],
    'GET /customers': [{ query: page }, { query: { customerType: 'INDIVIDUAL', platformCustomerId: 'fuzz-a' } }, { query: { currency: 'USD', region: 'US' } }],
    'GET /customers/agreements': [{ query: { customerId: customer } }, {}],
    'GET /customers/end-user-terms': [{}],
    'PATCH /customers/{customerId}': [{ body: { fullName: 'Janet Doe' } }, { body: { agreementConsents: [TERMS] } }, { body: { currencies: ['USD', 'EUR'], email: 'janet@example.com' } }],
    'GET /customers/internal-accounts': [{ query: { customerId: customer } }, { query: { customerId: customer, ...page } }],
    'GET /platform/internal-accounts': [{ query: page }],
    'POST /sandbox/internal-accounts/{accountId}/fund': [{ body: { amount: 1_000 } }],
    'GET /internal-accounts/{accountId}/balance-changes': [{ query: { startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z', limit: '5' } }],
    'POST /internal-accounts/{accountId}/confirm-statement': [{ body: { periodStart: '2025-12-01' } }],
    'POST /customers/external-accounts': [{ body: externalCreate }],
    'GET /customers/external-accounts': [{ query: { customerId: customer, currency: 'USD' } }, { query: page }],
    'POST /customers/external-accounts/{externalAccountId}/verify': [{ body: { code: '000000' } }],
    'POST /platform/external-accounts': [{ body: platformExternal }],
    'GET /platform/external-accounts': [{ query: { currency: 'USD', ...page } }],
    'POST /platform/external-accounts/{externalAccountId}/verify': [{ body: { code: '000000' } }],
    'POST /customers/external-accounts/{externalAccountId}/challenge': [{ body: { method: 'WALLET_SIGNATURE' } }, { body: { method: 'LIVENESS' } }],
    'POST /platform/external-accounts/{externalAccountId}/challenge': [{ body: { method: 'LIVENESS' } }],
    'POST /sandbox/external-accounts/{externalAccountId}/liveness/complete': [{ body: { outcome: 'PASSED' } }, { body: { outcome: 'FAILED' } }],
    'PATCH /config': [{ body: { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100 }] } }],
    'GET /exchange-rates': [{ query: { sendingCurrency: 'USD', receivingCurrency: 'EUR' } }],
    'POST /sandbox/exchange-rates': [{ body: { rates: [{ sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.09', asOf: '2026-01-05T16:00:00Z' }] } }],
    'GET /transactions': [{ query: { customerId: customer, type: 'OUTGOING', ...page } }, { query: { status: 'COMPLETED', direction: 'INCOMING' } }],
    'POST /transactions/{transactionId}/reject': [{ body: { reason: 'No' } }],
    'POST /quotes': [{ body: payout }, { body: { ...payout, immediatelyExecute: true, lockedCurrencySide: 'RECEIVING' } }],
    'POST /sandbox/send': [{ body: { quoteId: id('quoteId'), currencyCode: 'USD' } }],
    'POST /payment-documents': [{ body: { customerId: customer, documentType: 'CONTRACT', requirementId: 'SUPPORTING_PROOF', fileName: 'deal.png' } }],
    'POST /sandbox/internal-accounts/{accountId}/deposit': [{ body: { amount: 2_000, paymentRail: 'ACH' } }],
    'POST /sandbox/uma/receive': [{ body: { senderUmaAddress: '$success@sandbox.uma.example', receiverUmaAddress: '$fuzz-a@sandbox.uma.example', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1_000 } }],
    'PUT /sandbox/incoming-payments/approval': [{ body: { required: false } }, { body: { required: true, requestedReceiverCustomerInfoFields: ['FULL_NAME'] } }],
    'POST /internal-accounts': [{ body: { type: 'RULE_BASED', customerId: customer, currency: 'USD', sweepRule: { destination: { accountId: external }, minimumAmount: 0 } } }],
    'POST /transfer-out': [{ body: { source: { accountId: account }, destination: { accountId: external }, amount: 500, description: 'rent' } }],
    'POST /transfer-in': [{ body: { source: { accountId: external }, destination: { accountId: account }, amount: 400 } }],
    'POST /cards': [{ body: { customerId: customer, fundingSource: account, form: 'VIRTUAL' } }],
    'GET /cards': [{ query: { customerId: customer, status: 'ACTIVE', ...page } }],
    'PATCH /cards/{cardId}': [{ body: { maxSpendPerTransaction: null, maxSpendPerDay: 5000, maxTransactionsPerDay: 3 } }, { body: { status: 'FROZEN' } }],
    'POST /cards/{cardId}/tokenize': [{ body: {} }],
    'PATCH /config/cards': [{ body: { maxLiveCards: 5, maxSpendPerDay: 10_000 } }],
    'POST /sandbox/cards/{cardId}/simulate/authorization': [{ body: { amount: 100, currency: 'USD', merchant: MERCHANT } }],
    'POST /sandbox/cards/{cardId}/simulate/credit_authorization': [{ body: { amount: 100, currency: 'USD', merchant: MERCHANT } }],
    'POST /sandbox/cards/{cardId}/simulate/financial_authorization': [{ body: { amount: 100, currency: 'USD', merchant: MERCHANT } }],
    'POST /sandbox/cards/{cardId}/simulate/financial_credit_authorization': [{ body: { amount: 100, currency: 'USD', merchant: MERCHANT } }],
    'POST /sandbox/cards/{cardId}/simulate/authorization_advice': [{ body: simulateAmount }],
    'POST /sandbox/cards/{cardId}/simulate/credit_authorization_advice': [{ body: simulateAmount }],
    'POST /sandbox/cards/{cardId}/simulate/balance_inquiry': [{ body: { merchant: MERCHANT } }],
    'POST /sandbox/cards/{cardId}/simulate/clearing': [{ body: simulateAmount }],
    'POST /sandbox/cards/{cardId}/simulate/return': [{ body: simulateAmount }],
    'POST /sandbox/cards/{cardId}/simulate/return_reversal': [{ body: { cardTransactionId: id('cardTransactionId') } }],
    'POST /stablecoin-provider-accounts': [{ body: { provider: 'BRALE', externalReference: 'acct-2' } }],
    'POST /stablecoins': [{ body: { symbol: 'FUZZUSD', name: 'Fuzz Dollar', baseCurrency: 'USD', decimals: 6, networkTokenIdentifier: '0xAbC0000000000000000000000000000000000002' } }],
    'GET /stablecoins': [{ query: page }],
    'POST /sandbox/stablecoins/{stablecoinId}/grid-operations-status': [{ body: { status: 'DISABLED' } }],
    'POST /stablecoins/{stablecoinId}/mints': [{ body: { amount: '10000', sourceAccountId: account } }],
    'POST /stablecoins/{stablecoinId}/burns': [{ body: { amount: '10000', sourceAccountId: account } }],
    'GET /stablecoins/{stablecoinId}/operations': [{ query: { status: 'COMPLETED', type: 'MINT', ...page } }],
    'POST /agents': [{ body: { customerId: customer, name: 'Fuzz bot', policy: POLICY } }],
    'GET /agents': [{ query: { customerId: customer, ...page } }],
    'GET /agents/approvals': [{ query: { agentId: id('agentId'), customerId: customer } }],
    'PATCH /agents/{agentId}': [{ body: { isPaused: false } }, { body: { name: 'Renamed bot' } }],
    'PATCH /agents/{agentId}/policy': [{ body: { spendingLimits: { currency: 'USD', perTransactionLimit: 2499 } } }, { body: { spendingLimits: null, permissions: ['CREATE_QUOTES'] } }],
    'POST /agents/{agentId}/actions/{actionId}/reject': [{ body: { reason: 'Not this month' } }],
    'POST /agents/me/quotes': [{ body: payout }],
    'GET /agents/me/actions': [{ query: { status: 'PENDING_APPROVAL', ...page } }],
    'GET /agents/me/transactions': [{ query: { type: 'OUTGOING', status: 'COMPLETED' } }],
    'POST /agents/me/external-accounts': [{ body: platformExternal }],
    'POST /agents/me/transfer-in': [{ body: { source: { accountId: external }, destination: { accountId: account }, amount: 1000 } }],
    'POST /agents/me/transfer-out': [{ body: { source: { accountId: account }, destination: { accountId: external }, amount: 1000, description: 'rent' } }],
    'POST /verifications': [{ body: { customerId: customer } }],
    'POST /beneficial-owners': [{ body: { customerId: id('customerId', 3), roles: ['UBO'], ownershipPercentage: 20, personalInfo: { firstName: 'Jo', lastName: 'Lee', birthDate: '1980-01-01', nationality: 'US', idType: 'SSN', identifier: '123-45-6780', address: { line1: '2 Main St', city: 'Springfield', postalCode: '62701', country: 'US' } } } }],
    'GET /beneficial-owners': [{ query: { customerId: id('customerId', 3), ...page } }],
    'PATCH /beneficial-owners/{beneficialOwnerId}': [{ body: { ownershipPercentage: 10 } }, { body: { personalInfo: { lastName: 'Smith002' } } }],
    'POST /customers/{customerId}/verify-email/confirm': [{ body: { code: '123456' } }],
    'POST /customers/{customerId}/verify-phone/confirm': [{ body: { code: '123456' } }],
    'POST /tokens': [{ body: { name: 'fuzz', permissions: ['VIEW'] } }],
    'POST /crypto/estimate-withdrawal-fee': [{ body: { internalAccountId: account, currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 1000, destinationAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' } }],
    'POST /invitations': [{ body: { inviterUma: '$fuzz-a@sandbox.uma.example', firstName: 'Alice', amountToSend: 1234 } }],
    'POST /invitations/{invitationCode}/claim': [{ body: { inviteeUma: '$fuzz-b@sandbox.uma.example' } }],
    'POST /documents': [{ body: { documentHolder: customer, documentType: 'PASSPORT', country: 'US' }, multipart: true }],
    'PUT /documents/{documentId}': [{ body: { documentType: 'PASSPORT', country: 'US' }, multipart: true }],
    'POST /customers/bulk/csv': [{ body: {}, multipart: true }],
    ...walletSeedsFor(w),
  };
}
