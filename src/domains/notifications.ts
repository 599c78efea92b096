/**
 * Webhook notifications as an outbox in the log. After the engine applies a domain event it asks
 * that event type's notifier which notifications the change causes; each becomes a
 * `WebhookQueued` event `{ id: "Webhook:<uuid>", type, timestamp, data }` (DECISIONS.md), with
 * `data` the whole resource after the change. Delivering them is the server's job; replay reads
 * them from the log and never recomputes them.
 */
import type { EventEnvelope } from '../log/index.js';
import type { EvolverTable } from './evolver.js';
import type { DomainState } from './state.js';

/** One notification to queue: its webhook type and the resource after the change. */
export type Notification = { readonly type: string; readonly data: unknown };

/** Maps an applied event (and the state after it) to the notifications it causes. */
export type Notifier = (state: DomainState, event: EventEnvelope) => readonly Notification[];

/** Notifiers by event type. */
export type NotifierTable = Readonly<Record<string, Notifier>>;

/** The webhook envelope as queued. */
export type WebhookQueued = { readonly id: string; readonly type: string; readonly timestamp: string; readonly data: unknown };

/** A queued webhook reached its endpoint (a 2xx answer) after `attempts` tries. */
export type WebhookDelivered = { readonly webhookId: string; readonly attempts: number; readonly status: number };

/** A queued webhook was not delivered after `attempts` tries; `lastError` says why (no secrets). */
export type WebhookGaveUp = { readonly webhookId: string; readonly attempts: number; readonly lastError: string };

/**
 * Event type names of the outbox: queued by the engine, delivered or given up by the server's
 * delivery loop (src/server/outbox.ts), which appends the markers to the log.
 */
export const WEBHOOK_EVENTS = { queued: 'WebhookQueued', delivered: 'WebhookDelivered', gaveUp: 'WebhookGaveUp' } as const;

/**
 * Evolvers for outbox events: nothing to derive, the log is the outbox and its delivery record
 * (the delivery loop reads both from the log); replay only has to accept the markers.
 */
export const webhookEvolvers: EvolverTable = {
  [WEBHOOK_EVENTS.queued]: () => {},
  [WEBHOOK_EVENTS.delivered]: () => {},
  [WEBHOOK_EVENTS.gaveUp]: () => {},
};
