/**
 * The webhook outbox slice's shape, apart from its events and evolvers (notifications.ts):
 * `DomainState` (state.ts) names it, and a store type that imported the state back would close
 * an import cycle through every domain (test/architecture).
 */

/**
 * The outbox's open part: ids of queued webhooks with no delivery marker yet, in queue order (a
 * Set iterates in insertion order). What `engine.recordWebhookOutcomes` checks a marker against.
 */
export type WebhookStore = { readonly pending: Set<string> };
