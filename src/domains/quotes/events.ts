/**
 * Quote events. Data is JSON-safe (amounts are decimal strings, no undefined), version 1. Money
 * moves in `transfers` (one linked batch per event, applied before the evolver runs): execution
 * (`QuoteExecuted`) and each later step of the flow (`QuoteFlowStepped`). The transaction's own
 * status changes are the transactions domain's events, written beside these.
 */
import type { TransferRecord } from '../movement.js';
import type { FlowStep, Quote } from './types.js';

/** A new quote, whole (its documents become attached to it). */
export type QuoteCreated = { readonly quote: Quote };

/** A wrong SCA code: the new count of failed attempts, and when the challenge locked (at the limit). */
export type QuoteScaAttemptFailed = {
  readonly quoteId: string;
  readonly failedAttempts: number;
  readonly lockedAt?: string;
  readonly updatedAt: string;
};

/** The SCA challenge was answered; the quote may now be executed. */
export type QuoteAuthorized = { readonly quoteId: string; readonly authorizedAt: string };

/**
 * The quote executed: its transaction, the plan of its flow, the volume it adds to the customer's
 * day, and the money that moved at execution.
 */
export type QuoteExecuted = {
  readonly quoteId: string;
  readonly transactionId: string;
  readonly executedAt: string;
  /** Set when execution came with the SCA answer (an immediatelyExecute quote). */
  readonly authorizedAt?: string;
  readonly steps: readonly FlowStep[];
  /** `dailyVolumeKey` and the sending amount it adds. */
  readonly volume: { readonly key: string; readonly amountMinor: string };
  readonly transfers?: readonly TransferRecord[];
};

/** The quote expired unexecuted (a timer at `expiresAt`). */
export type QuoteExpired = { readonly quoteId: string; readonly expiredAt: string };

/** One step of the flow happened (step `index` of the plan), with the money it moved. */
export type QuoteFlowStepped = {
  readonly quoteId: string;
  readonly index: number;
  readonly step: string;
  readonly at: string;
  readonly transfers?: readonly TransferRecord[];
};

/** A step could not happen (the transaction moved on by other means); the flow stops. */
export type QuoteFlowHalted = { readonly quoteId: string; readonly index: number; readonly step: string; readonly at: string; readonly reason: string };

/** Event type names of this domain. */
export const QUOTE_EVENTS = {
  created: 'QuoteCreated',
  scaAttemptFailed: 'QuoteScaAttemptFailed',
  authorized: 'QuoteAuthorized',
  executed: 'QuoteExecuted',
  expired: 'QuoteExpired',
  flowStepped: 'QuoteFlowStepped',
  flowHalted: 'QuoteFlowHalted',
} as const;

/** Timer kinds of this domain: the quote's expiry and the next step of its flow. */
export const QUOTE_TIMERS = { expiry: 'quote.expiry', flowStep: 'quote.flow-step' } as const;

/** The id of a quote's expiry timer. */
export function expiryTimerId(quoteId: string): string {
  return `quote-expiry:${quoteId}`;
}

/** The id of a quote's flow timer (one at a time: the next step). */
export function flowTimerId(quoteId: string): string {
  return `quote-flow:${quoteId}`;
}
