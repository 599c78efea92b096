/**
 * Routes for internal accounts: get one, list customers' (one's, or every customer's) and the
 * platform's with the reference's `currency` and `type` filters, and the sandbox's fund operation.
 */
import { z } from 'zod';
import { apiError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { decideSandboxFund, SANDBOX_FUND_MAX_MINOR } from '../../domains/deposits/sandbox-fund.js';
import { accountFilterKey, accountPage, customerAccountScope, type InternalAccountFilters, internalAccountFilterFields } from '../../domains/internal-accounts/list.js';
import { type AccountList, NO_ACCOUNTS } from '../../domains/internal-accounts/store.js';
import { type InternalAccountView, internalAccountView } from '../../domains/internal-accounts/view.js';
import type { DomainState } from '../../domains/state.js';
import { listBody, type PageRequest } from '../pagination.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';
import { readListQuery } from './list-query.js';

/** Longest customer id a filter may carry. */
const ID_LENGTH_MAX = 200;

const fundBody = z.strictObject({
  amount: z
    .number({ error: 'amount must be an integer number of minor units' })
    .int({ error: 'amount must be a safe integer number of minor units' })
    .positive({ error: 'amount must be greater than zero' })
    .max(Number(SANDBOX_FUND_MAX_MINOR), { error: `amount must be at most ${SANDBOX_FUND_MAX_MINOR}` }),
});

/**
 * `GET /customers/internal-accounts` query: the reference's `customerId` (optional), `currency`,
 * `type`, `limit`, `cursor`.
 */
const customerAccountsQuery = z.strictObject({
  customerId: z.string().min(1, { error: 'customerId must not be empty' }).max(ID_LENGTH_MAX, { error: `customerId must be at most ${ID_LENGTH_MAX} characters` }).optional(),
  ...internalAccountFilterFields,
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

/**
 * `GET /platform/internal-accounts` query: the reference's `currency` and `type`, and the spec
 * copy's generic paging (`limit` 1..100 on list operations), which the reference omits here.
 */
const platformAccountsQuery = z.strictObject({
  ...internalAccountFilterFields,
  limit: z.string().optional(),
  cursor: z.string().optional(),
});

/** The spec's list body of one page of `accounts` through `filters`. */
export function internalAccountList(
  state: DomainState,
  accounts: AccountList,
  filters: InternalAccountFilters,
  read: { readonly page: PageRequest; readonly key: string },
): ReturnType<typeof listBody<InternalAccountView>> {
  const found = accountPage(accounts, filters, read.page);
  return listBody(found.items.map((account) => internalAccountView(account, state.ledger)), found, read.key);
}

/** Internal account routes. */
export const internalAccountRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/internal-accounts/{accountId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const account = state.accounts.byId.get(params.accountId ?? '');
      if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${params.accountId} not found`));
      return ok(answer(200, internalAccountView(account, state.ledger)));
    },
  },
  {
    method: 'GET',
    path: '/customers/internal-accounts',
    auth: 'platform',
    querySchema: customerAccountsQuery,
    handle: ({ state, request }) => {
      const read = readListQuery(customerAccountsQuery, request, ({ customerId, ...filters }) =>
        customerId === undefined ? `customers-accounts${accountFilterKey(filters)}` : `customer-accounts:${customerId}${accountFilterKey(filters)}`,
      );
      if (!read.ok) return read;
      const { customerId, currency, type } = read.value.query;
      if (customerId !== undefined && !state.customers.byId.has(customerId)) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
      const filters = { currency, type };
      if (customerId !== undefined) return ok(answer(200, internalAccountList(state, state.accounts.byCustomer.get(customerId) ?? NO_ACCOUNTS, filters, read.value)));
      // The reference makes customerId optional: without it, every customer's accounts (never the
      // platform's), read from the index of the filter given.
      const scope = customerAccountScope(state.accounts.customerAccounts, filters);
      return ok(answer(200, internalAccountList(state, scope.accounts, scope.rest, read.value)));
    },
  },
  {
    method: 'GET',
    path: '/platform/internal-accounts',
    auth: 'platform',
    querySchema: platformAccountsQuery,
    handle: ({ state, request }) => {
      const read = readListQuery(platformAccountsQuery, request, (filters) => `platform-accounts${accountFilterKey(filters)}`);
      if (!read.ok) return read;
      return ok(answer(200, internalAccountList(state, state.accounts.platformAccountIds, read.value.query, read.value)));
    },
  },
  {
    method: 'POST',
    path: '/sandbox/internal-accounts/{accountId}/fund',
    auth: 'platform',
    schema: fundBody,
    handle: ({ state, params, request, newId, at }) => {
      const body = validate(fundBody, request.body ?? {});
      if (!body.ok) return body;
      const accountId = params.accountId ?? '';
      const events = decideSandboxFund(state, {
        accountId,
        amountMinor: BigInt(body.value.amount),
        transactionId: newId('Transaction'),
        transferId: newId('Transfer'),
        at,
      });
      if (!events.ok) return events;
      return ok({
        events: events.value,
        respond: (after) => ({ status: 200, body: internalAccountView(after.accounts.byId.get(accountId)!, after.ledger) }),
      });
    },
  },
];
