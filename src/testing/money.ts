/**
 * The money side of the simulator's operations, shared by every operation file: the customers and
 * external accounts operations make as prerequisites, sandbox funding counted in the model, and
 * the balance effects of executed payouts.
 */
import type { HttpResponse } from '../api/http.js';
import { ibanCheckDigits } from '../domains/external-accounts/identifiers.js';
import type { BalanceEffect, ModelCustomer, ModelExternalAccount, SessionModel } from './model.js';
import { must, pick, serial } from './requests.js';
import type { OperationCall, OperationContext } from './session.js';

/** The sandbox suffixes of the external accounts the simulator makes (spec: destination table). */
export const SIMULATED_SUFFIXES = ['789', '789', '003', '002', '004', '005'] as const;

/** Names of the customers the simulator creates. */
export const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen', 'John Backus'];
/** The end-user terms every simulated customer accepts. */
export const TERMS = [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '2025-10-13' }];

/** The available balance of `accountId` as the model last read it, in minor units. */
export function available(model: SessionModel, accountId: string): number {
  return Number(model.balances.get(accountId)?.availableMinor ?? 0n);
}

/** A step that moves no balance. */
export const NOTHING: BalanceEffect = {};

/**
 * An amount to pay from `accountId`: at least 5.00 (fees of at most 1.00 + 1% never take it
 * all) and at most half the available balance (the fees always fit beside it).
 */
export function payAmount(model: SessionModel, accountId: string, n: number): number {
  return 500 + (n % Math.max(1, Math.floor(available(model, accountId) / 2) - 500));
}

/** Funds `accountId` from the sandbox as a prerequisite, counted in the model. */
export function* fundAccount(context: OperationContext, accountId: string, amount: number): Generator<OperationCall, void, HttpResponse> {
  const { model } = context;
  yield* must(context, 'POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
  model.fundedMinor.USD = (model.fundedMinor.USD ?? 0n) + BigInt(amount);
  model.stepFundingMinor.set(accountId, (model.stepFundingMinor.get(accountId) ?? 0n) + BigInt(amount));
  const was = model.balances.get(accountId);
  // Later choices in the same step (how much to pay) see the funded amount.
  model.balances.set(accountId, { currency: was?.currency ?? 'USD', availableMinor: (was?.availableMinor ?? 0n) + BigInt(amount), totalMinor: (was?.totalMinor ?? 0n) + BigInt(amount) });
}

/** Creates a customer (terms accepted, US address) and follows its USD account. */
export function* createCustomer(context: OperationContext, n: number): Generator<OperationCall, ModelCustomer, HttpResponse> {
  const { model } = context;
  const number = serial(model);
  const platformCustomerId = `sim-${number}`;
  const business = n % 4 === 3;
  const address = { line1: '1 Main St', city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' };
  const body = business
    ? { customerType: 'BUSINESS', platformCustomerId, businessInfo: { legalName: `${NAMES[n % NAMES.length]} Holdings LLC`, registrationNumber: `REG-${number}` }, address, agreementConsents: TERMS }
    : { customerType: 'INDIVIDUAL', platformCustomerId, fullName: NAMES[n % NAMES.length], address, agreementConsents: TERMS };
  const created = yield* must(context, 'POST', '/customers', body);
  const accounts = yield* must(context, 'GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.id)}`);
  const customer: ModelCustomer = { id: created.id, platformCustomerId, accountId: accounts.data[0].id, business };
  model.customers.push(customer);
  model.accountIds.push(customer.accountId);
  return customer;
}

/** An existing customer picked by `n`, or a new one when there is none. */
export function* customer(context: OperationContext, n: number): Generator<OperationCall, ModelCustomer, HttpResponse> {
  // Not `??` around `yield*`: the CJS build rewrites `??` into an arrow function, where yield is invalid.
  const existing = pick(context.model.customers, n);
  return existing !== undefined ? existing : yield* createCustomer(context, n);
}

/** A customer with at least `minimum` available, funding one when none has it. */
export function* funded(context: OperationContext, n: number, minimum: number): Generator<OperationCall, { customer: ModelCustomer; fundedMinor: number }, HttpResponse> {
  const { model } = context;
  const rich = model.customers.filter((c) => available(model, c.accountId) >= minimum);
  const chosen = pick(rich, n);
  if (chosen !== undefined) return { customer: chosen, fundedMinor: 0 };
  const who = yield* customer(context, n);
  const amount = minimum * 4;
  yield* fundAccount(context, who.accountId, amount);
  return { customer: who, fundedMinor: amount };
}

/** Creates an external bank account for `owner` (a platform account when undefined). */
export function* createExternal(context: OperationContext, owner: ModelCustomer | undefined, n: number, currency: 'USD' | 'EUR'): Generator<OperationCall, ModelExternalAccount, HttpResponse> {
  const { model } = context;
  const suffix = SIMULATED_SUFFIXES[n % SIMULATED_SUFFIXES.length] ?? '789';
  const number = serial(model);
  const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' };
  let accountInfo: Record<string, unknown>;
  if (currency === 'USD') {
    accountInfo = { accountType: 'USD_ACCOUNT', accountNumber: `4${String(number).padStart(6, '0')}${suffix}`, routingNumber: '021000021', bankAccountType: 'CHECKING', beneficiary };
  } else {
    const bban = `3704004405${String(number).padStart(5, '0')}${suffix}`;
    accountInfo = { accountType: 'EUR_ACCOUNT', iban: `DE${ibanCheckDigits('DE', bban)}${bban}`, beneficiary };
  }
  const path = owner === undefined ? '/platform/external-accounts' : '/customers/external-accounts';
  const body = owner === undefined ? { currency, accountInfo } : { customerId: owner.id, currency, accountInfo };
  const created = yield* must(context, 'POST', path, body);
  const account: ModelExternalAccount = { id: created.id, customerId: owner?.id, currency, suffix };
  model.externalAccounts.push(account);
  return account;
}

/** An external account of `owner` in `currency`, made when it has none. */
export function* externalOf(context: OperationContext, owner: ModelCustomer, n: number, currency: 'USD' | 'EUR'): Generator<OperationCall, ModelExternalAccount, HttpResponse> {
  const mine = context.model.externalAccounts.filter((e) => e.customerId === owner.id && e.currency === currency);
  const existing = pick(mine, n);
  return existing !== undefined ? existing : yield* createExternal(context, owner, n, currency);
}
/** The platform's accounts, each moving in `direction` (fees are credited to them). */
export function platformMoves(model: SessionModel, direction: 'up' | 'down' | 'any'): Record<string, 'up' | 'down' | 'any'> {
  return Object.fromEntries(model.platformAccountIds.map((id) => [id, direction]));
}

/** Adds `id` to `list` once (ignores what is not a string). */
export function remember(list: string[], id: unknown): void {
  if (typeof id === 'string' && !list.includes(id)) list.push(id);
}

/** Effect of a payout from `source`: it may go down; the platform's accounts may collect fees. */
export function payoutEffect(model: SessionModel, source: string, destination?: string): BalanceEffect {
  const moves: Record<string, 'up' | 'down' | 'any'> = { [source]: 'down' };
  for (const id of model.platformAccountIds) moves[id] = 'up';
  if (destination !== undefined) moves[destination] = 'up';
  return { moves };
}
/**
 * The exact effect of an executed payout on its source: the quote's total sending amount leaves
 * it at once, unless the payout already failed and its refund completed (then nothing moved).
 */
export function* executedEffect(
  context: OperationContext,
  source: string,
  transactionId: string,
  totalSendingMinor: number,
  internalDestination?: string,
): Generator<OperationCall, BalanceEffect, HttpResponse> {
  const transaction = yield* must(context, 'GET', `/transactions/${transactionId}`);
  const loose = payoutEffect(context.model, source, internalDestination);
  const refunded = transaction.status === 'FAILED' && transaction.refund?.status === 'COMPLETED';
  if (transaction.status === 'FAILED' && !refunded) return loose;
  const moves = { ...loose.moves };
  delete moves[source];
  return { moves, exact: { [source]: refunded ? 0n : -BigInt(totalSendingMinor) } };
}
