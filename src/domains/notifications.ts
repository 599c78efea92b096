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
import { PendingWebhooks, type WebhookStore } from './webhook-store.js';

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

/** What happened to one queued webhook, as a delivery loop reports it to be recorded. */
export type WebhookOutcome =
  | ({ readonly kind: 'delivered' } & WebhookDelivered)
  | ({ readonly kind: 'gaveUp' } & WebhookGaveUp);

/**
 * Event type names of the outbox: queued by the engine, delivered or given up by the server's
 * delivery loop (src/server/outbox.ts), which appends the markers to the log.
 */
export const WEBHOOK_EVENTS = { queued: 'WebhookQueued', delivered: 'WebhookDelivered', gaveUp: 'WebhookGaveUp' } as const;

export { PendingWebhooks, type WebhookStore } from './webhook-store.js';

/** An empty store. */
export function emptyWebhookStore(): WebhookStore {
  return { pending: new PendingWebhooks() };
}

/** A store whose pending webhooks are `ids`, in queue order (a snapshot's `pendingWebhooks`). */
export function webhookStoreOf(ids: Iterable<string>): WebhookStore {
  return { pending: PendingWebhooks.of(ids) };
}

/**
 * Evolvers for outbox events: a queued webhook is pending until its marker. Markers appended
 * directly to a store by an earlier delivery loop may name a webhook twice; the first wins.
 */
export const webhookEvolvers: EvolverTable = {
  [WEBHOOK_EVENTS.queued]: (state, event) => {
    state.webhooks.pending.add((event.data as WebhookQueued).id);
  },
  [WEBHOOK_EVENTS.delivered]: (state, event) => {
    state.webhooks.pending.delete((event.data as WebhookDelivered).webhookId);
  },
  [WEBHOOK_EVENTS.gaveUp]: (state, event) => {
    state.webhooks.pending.delete((event.data as WebhookGaveUp).webhookId);
  },
};
