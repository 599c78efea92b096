/**
 * Routes for internal accounts: get one, list a customer's, list the platform's, and the
 * sandbox's fund operation.
 */
import { z } from 'zod';
import { apiError, invalidInput } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { decideSandboxFund, SANDBOX_FUND_MAX_MINOR } from '../../domains/deposits/sandbox-fund.js';
import { internalAccountView } from '../../domains/internal-accounts/view.js';
import type { DomainState } from '../../domains/state.js';
import { LIST_LIMITS, pageOf, readPage } from '../pagination.js';
import { answer, type Route } from '../route.js';
import { fieldError, validate } from '../validation.js';

const fundBody = z.strictObject({
  amount: z
    .number({ error: 'amount must be an integer number of minor units' })
    .int({ error: 'amount must be a safe integer number of minor units' })
    .positive({ error: 'amount must be greater than zero' })
    .max(Number(SANDBOX_FUND_MAX_MINOR), { error: `amount must be at most ${SANDBOX_FUND_MAX_MINOR}` }),
});

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
    handle: ({ state, request }) => {
      const customerId = request.query.get('customerId');
      if (customerId === undefined || customerId === '') {
        return err(invalidInput([fieldError('customerId', 'customerId is required')]));
      }
      if (!state.customers.byId.has(customerId)) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`));
      const queryKey = `customer-accounts:${customerId}`;
      const page = readPage(request.query, queryKey, LIST_LIMITS);
      if (!page.ok) return page;
      const ids = state.accounts.byCustomer.get(customerId) ?? [];
      const views = ids.map((id) => internalAccountView(state.accounts.byId.get(id)!, state.ledger));
      return ok(answer(200, pageOf(views, page.value, queryKey)));
    },
  },
  {
    method: 'GET',
    path: '/platform/internal-accounts',
    auth: 'platform',
    handle: ({ state, request }) => {
      const queryKey = 'platform-accounts';
      const page = readPage(request.query, queryKey, LIST_LIMITS);
      if (!page.ok) return page;
      const views = state.accounts.platformAccountIds.map((id) => internalAccountView(state.accounts.byId.get(id)!, state.ledger));
      return ok(answer(200, pageOf(views, page.value, queryKey)));
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
