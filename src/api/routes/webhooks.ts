/**
 * `POST /sandbox/webhooks/test` (reference sendTestWebhook): queues a `TEST` webhook
 * `{ id, type: "TEST", timestamp, data: {} }` for the platform's configured endpoint
 * (PlatformConfig.webhookEndpoint), or 400 WEBHOOK_ENDPOINT_NOT_SET when none is configured. The
 * engine has no network: it queues the webhook in the outbox like every other and answers
 * `response_status` 202 (accepted for delivery), `response_body` naming the queued webhook; the
 * server that delivers the outbox sees the endpoint's real answer (docs/uma.md, "Webhooks").
 */
import { z } from 'zod';
import { apiError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../domains/notifications.js';
import type { DomainState } from '../../domains/state.js';
import type { Route } from '../route.js';
import { validate } from '../validation.js';

/** The webhook type of a test delivery. */
export const TEST_WEBHOOK = 'TEST';

/** The platform's configured webhook endpoint, if any (PlatformConfig.webhookEndpoint). */
export function webhookEndpointOf(state: DomainState): string | undefined {
  return state.config.current.webhookEndpoint;
}

const emptyBody = z.strictObject({});

/** The sandbox webhook routes. */
export const webhookRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/sandbox/webhooks/test',
    auth: 'platform',
    handle: ({ state, request, at, newId }) => {
      const body = validate(emptyBody, request.body ?? {});
      if (!body.ok) return body;
      const url = webhookEndpointOf(state);
      if (url === undefined) return err(apiError('WEBHOOK_ENDPOINT_NOT_SET', 'No webhook endpoint is configured; set webhookEndpoint with PATCH /config'));
      const webhook: WebhookQueued = { id: newId('Webhook'), type: TEST_WEBHOOK, timestamp: at, data: {} };
      return ok({
        events: [{ type: WEBHOOK_EVENTS.queued, data: webhook }],
        respond: () => ({ status: 200, body: { url, response_status: 202, response_body: `Queued for delivery as ${webhook.id}` } }),
      });
    },
  },
];
