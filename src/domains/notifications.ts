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

/** Event type names of the outbox. */
export const WEBHOOK_EVENTS = { queued: 'WebhookQueued' } as const;

/** Evolvers for outbox events: nothing to derive (the log is the outbox). */
export const webhookEvolvers: EvolverTable = {
  [WEBHOOK_EVENTS.queued]: () => {},
};
