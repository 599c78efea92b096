/**
 * Routes of incoming payments (sandbox operator endpoints; docs/incoming-and-sweeps.md): a bank
 * deposit into a customer's account, the rail's return of a deposit and its dishonor and contest,
 * an incoming UMA payment, and the platform's approval setting for incoming UMA payments. Each
 * write answers the transaction (or the setting) as it stands after the request. Platform
 * credentials throughout; validation (every invalid field) comes first.
 */
import { ok } from '../../core/result.js';
import {
  approvalSettingSchema,
  approvalSettingView,
  decideApprovalSetting,
  decideReturnMove,
  decideSandboxDeposit,
  decideUmaReceive,
  emptyBodySchema,
  type ReturnMove,
  sandboxDepositSchema,
  umaReceiveSchema,
} from '../../domains/deposits/index.js';
import type { DomainState } from '../../domains/state.js';
import { transactionView } from '../../domains/transactions/view.js';
import type { HttpResponse } from '../http.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

function transactionAnswer(transactionId: string): (after: DomainState) => HttpResponse {
  return (after) => ({ status: 200, body: transactionView(after.transactions.byId.get(transactionId)!) });
}

/** The route of one operator move on a deposit. */
function returnRoute(suffix: string, operation: ReturnMove): Route<DomainState> {
  return {
    method: 'POST',
    path: `/sandbox/transactions/{transactionId}/${suffix}`,
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs, newId }) => {
      const body = validate(emptyBodySchema, request.body ?? {});
      if (!body.ok) return body;
      const transactionId = params.transactionId ?? '';
      const events = decideReturnMove(state, transactionId, operation, { at, atMs: nowMs, newId });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: transactionAnswer(transactionId) });
    },
  };
}

/** Incoming-payment routes. */
export const depositRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/sandbox/internal-accounts/{accountId}/deposit',
    auth: 'platform',
    handle: ({ state, params, request, at, newId }) => {
      const body = validate(sandboxDepositSchema, request.body ?? {});
      if (!body.ok) return body;
      const transactionId = newId('Transaction');
      const events = decideSandboxDeposit(state, {
        accountId: params.accountId ?? '',
        amountMinor: BigInt(body.value.amount),
        rail: body.value.paymentRail ?? 'ACH',
        transactionId,
        at,
      });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: transactionAnswer(transactionId) });
    },
  },
  returnRoute('return', 'RETURN'),
  returnRoute('return-dishonored', 'DISHONOR'),
  returnRoute('return-contested', 'CONTEST'),
  {
    method: 'POST',
    path: '/sandbox/uma/receive',
    auth: 'platform',
    handle: ({ state, request, at, nowMs, newId }) => {
      const body = validate(umaReceiveSchema, request.body ?? {});
      if (!body.ok) return body;
      const transactionId = newId('Transaction');
      const events = decideUmaReceive(state, body.value, { transactionId, at, atMs: nowMs });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: transactionAnswer(transactionId) });
    },
  },
  {
    method: 'GET',
    path: '/sandbox/incoming-payments/approval',
    auth: 'platform',
    handle: ({ state }) => ok(answer(200, approvalSettingView(state.incoming.approval))),
  },
  {
    method: 'PUT',
    path: '/sandbox/incoming-payments/approval',
    auth: 'platform',
    handle: ({ state, request, at }) => {
      const body = validate(approvalSettingSchema, request.body ?? {});
      if (!body.ok) return body;
      const setting = { required: body.value.required, requestedReceiverCustomerInfoFields: body.value.requestedReceiverCustomerInfoFields ?? [] };
      const events = decideApprovalSetting(state, setting, at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: approvalSettingView(after.incoming.approval) }) });
    },
  },
];
