/** POST /sandbox/webhooks/test: WEBHOOK_ENDPOINT_NOT_SET without an endpoint; with one, a TEST webhook queued in the outbox. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { AUTH, harness } from '../support/harness.js';

describe('POST /sandbox/webhooks/test', () => {
  it('WEBHOOK_ENDPOINT_NOT_SET (400) when no webhook endpoint is configured, and no event', () => {
    const h = harness();
    const r = h.call('POST', '/sandbox/webhooks/test');
    expect([r.status, (r.body as any).code]).toEqual([400, 'WEBHOOK_ENDPOINT_NOT_SET']);
    expect(r.events).toEqual([]);
  });

  it('PATCH /config sets webhookEndpoint (an https URL); the test webhook is then queued for it', () => {
    const h = harness();
    expect((h.call('PATCH', '/config', { webhookEndpoint: 'http://hooks.example/plain' }).body as any).code).toBe('INVALID_INPUT');
    expect(h.ok('PATCH', '/config', { webhookEndpoint: 'https://hooks.example/svc' }).webhookEndpoint).toBe('https://hooks.example/svc');
    expect(h.ok('GET', '/config').webhookEndpoint).toBe('https://hooks.example/svc');
    const r = h.call('POST', '/sandbox/webhooks/test');
    expect(r.status).toBe(200);
    expect((r.body as any).url).toBe('https://hooks.example/svc');
    expect(r.events.map((e) => (e.data as any).type)).toEqual(['TEST']);
  });

  it('queues { id, type: TEST, timestamp, data: {} } for the configured endpoint and answers its url', () => {
    const h = harness();
    h.ok('POST', '/tokens', { name: 'genesis', permissions: ['VIEW'] });
    // A config with an endpoint (PlatformConfig.webhookEndpoint), as a snapshot carries it.
    const snapshot = JSON.parse(JSON.stringify(h.engine.snapshot()));
    snapshot.config = { ...snapshot.config, webhookEndpoint: 'https://hooks.example/svc' };
    const engine = createEngine({ snapshot });
    const { response, events } = engine.handle({ method: 'POST', path: '/sandbox/webhooks/test', headers: { authorization: AUTH } }, { now: h.now });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ url: 'https://hooks.example/svc', response_status: 202 });
    const queued = events.filter((e) => e.type === 'WebhookQueued').map((e) => e.data as any);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'TEST', timestamp: h.now, data: {} });
  });
});
