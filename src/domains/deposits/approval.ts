/**
 * The platform's approval of incoming UMA payments (decided, docs/incoming-and-sweeps.md). The
 * spec's mechanism is the platform's webhook endpoint answering 202 to the incoming payment and
 * approving later with `POST /transactions/{id}/approve`; the sandbox cannot observe that answer,
 * so the platform states it with `PUT /sandbox/incoming-payments/approval`. While `required`, a new
 * UMA payment starts PENDING_APPROVAL (webhook INCOMING_PAYMENT.PENDING listing
 * `requestedReceiverCustomerInfoFields`) and the transactions domain's approve, reject and
 * 5-minute timeout decide it. Bank deposits need no approval: the bank has already paid. Pure.
 */
import { type Result, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { INCOMING_EVENTS, type IncomingApprovalConfigured } from './events.js';
import type { ApprovalSetting } from './types.js';

/** The wire form of the setting. */
export type ApprovalSettingView = { readonly required: boolean; readonly requestedReceiverCustomerInfoFields: readonly string[] };

/** The wire form of `setting`. Pure. */
export function approvalSettingView(setting: ApprovalSetting): ApprovalSettingView {
  return { required: setting.required, requestedReceiverCustomerInfoFields: [...setting.requestedReceiverCustomerInfoFields] };
}

/** Pure: the event that sets the approval setting; none when it would not change. */
export function decideApprovalSetting(state: DomainState, setting: ApprovalSetting, at: string): Result<EventDraft[], never> {
  const current = state.incoming.approval;
  const same =
    current.required === setting.required &&
    current.requestedReceiverCustomerInfoFields.length === setting.requestedReceiverCustomerInfoFields.length &&
    current.requestedReceiverCustomerInfoFields.every((field, index) => setting.requestedReceiverCustomerInfoFields[index] === field);
  if (same) return ok([]);
  const data: IncomingApprovalConfigured = {
    approval: { required: setting.required, requestedReceiverCustomerInfoFields: [...setting.requestedReceiverCustomerInfoFields] },
    at,
  };
  return ok([{ type: INCOMING_EVENTS.approvalConfigured, data }]);
}
