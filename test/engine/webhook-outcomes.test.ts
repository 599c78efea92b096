/**
 * engine.recordWebhookOutcomes: a delivery loop's outcomes become WebhookDelivered / WebhookGaveUp
 * markers in the log, only for pending webhooks, all-or-nothing; replay and snapshots keep the
 * pending set.
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../src/domains/notifications.js';
import { createEngine } from '../../src/engine/engine.js';
import { harness, type Harness } from '../support/harness.js';
import { stateText } from '../support/state-text.js';

const NOW = { now: '2026-01-06T00:00:00Z' };

/** A regulated platform whose customers are approved at creation: one queued webhook each. */
function withWebhooks(count: number): { h: Harness; ids: string[] } {
  const h = harness({ regulated: true });
  for (let i = 0; i < count; i += 1) h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `p-${i}`, fullName: `Customer ${i}` });
  const ids = h.log.filter((e) => e.type === WEBHOOK_EVENTS.queued).map((e) => (e.data as WebhookQueued).id);
  expect(ids).toHaveLength(count);
  return { h, ids };
}

describe('engine.recordWebhookOutcomes', () => {
  it('writes one marker per outcome for pending webhooks, and a webhook is then no longer pending', () => {
    const { h, ids } = withWebhooks(3);
    expect([...h.engine.state.webhooks.pending]).toEqual(ids);
    const result = h.engine.recordWebhookOutcomes(
      [
        { kind: 'delivered', webhookId: ids[0]!, attempts: 1, status: 200 },
        { kind: 'gaveUp', webhookId: ids[2]!, attempts: 8, lastError: 'ECONNREFUSED' },
      ],
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((e) => [e.type, e.data])).toEqual([
      [WEBHOOK_EVENTS.delivered, { webhookId: ids[0], attempts: 1, status: 200 }],
      [WEBHOOK_EVENTS.gaveUp, { webhookId: ids[2], attempts: 8, lastError: 'ECONNREFUSED' }],
    ]);
    expect([...h.engine.state.webhooks.pending]).toEqual([ids[1]]);
    const log = [...h.log, ...result.value];
    expect(stateText(createEngine({ events: log }))).toBe(stateText(h.engine));
    expect([...createEngine({ snapshot: h.engine.snapshot() }).state.webhooks.pending]).toEqual([ids[1]]);
  });

  it('refuses, writing nothing, an outcome for a webhook already recorded or unknown (409 CONFLICT) and a malformed one (400)', () => {
    const { h, ids } = withWebhooks(2);
    const first = h.engine.recordWebhookOutcomes([{ kind: 'delivered', webhookId: ids[0]!, attempts: 1, status: 204 }], NOW);
    expect(first.ok).toBe(true);
    const head = h.engine.head();
    const again = h.engine.recordWebhookOutcomes(
      [
        { kind: 'delivered', webhookId: ids[1]!, attempts: 1, status: 200 },
        { kind: 'delivered', webhookId: ids[0]!, attempts: 2, status: 200 },
      ],
      NOW,
    );
    expect(again).toMatchObject({ ok: false, error: { status: 409, code: 'CONFLICT' } });
    expect(h.engine.recordWebhookOutcomes([{ kind: 'delivered', webhookId: 'Webhook:nope', attempts: 1, status: 200 }], NOW)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(h.engine.recordWebhookOutcomes([{ kind: 'delivered', webhookId: ids[1]!, attempts: 0, status: 500 }], NOW)).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_INPUT' } });
    expect(h.engine.head()).toEqual(head);
    expect([...h.engine.state.webhooks.pending]).toEqual([ids[1]]);
  });
});
