/**
 * The API-driven log as a server would hold it: its outbox (src/server/outbox.ts) delivers
 * webhooks and records a `WebhookDelivered` marker for each, so the engine's pending set stays
 * short. Figure 12 measures the engine of the log `handle` wrote, where nothing was delivered;
 * this log is for the second memory figure beside it.
 */
import { eventIdAt } from '../src/core/ids.js';
import { instantToMs } from '../src/core/time.js';
import { WEBHOOK_EVENTS, type WebhookDelivered, type WebhookQueued } from '../src/domains/notifications.js';
import { EMPTY_HEAD, type EventEnvelope, type Sha256Hex, sealEvent } from '../src/log/index.js';

/**
 * `log` with, after every `runEvery` events, one `WebhookDelivered` marker (first try, 200) for
 * each webhook queued since the previous run, as a delivery loop appends them. Every event is
 * sealed again into the new chain (seqs, ids and hashes move; types, times and data do not).
 */
export function deliveredLog(log: readonly EventEnvelope[], runEvery: number, sha256: Sha256Hex, seed = 1): EventEnvelope[] {
  const out: EventEnvelope[] = [];
  let head = { seq: EMPTY_HEAD.seq, hash: EMPTY_HEAD.hash };
  let queued: string[] = [];
  const push = (type: string, version: number, at: string, data: unknown): void => {
    const sealed = sealEvent(head, { type, version, at, data }, eventIdAt(seed, head.seq + 1, instantToMs(at)), { sha256 });
    out.push(sealed.envelope);
    head = { seq: sealed.envelope.seq, hash: sealed.envelope.hash };
  };
  log.forEach((event, i) => {
    push(event.type, event.version, event.at, event.data);
    if (event.type === WEBHOOK_EVENTS.queued) queued.push((event.data as WebhookQueued).id);
    if ((i + 1) % runEvery !== 0 && i !== log.length - 1) return;
    for (const webhookId of queued) push(WEBHOOK_EVENTS.delivered, 1, event.at, { webhookId, attempts: 1, status: 200 } satisfies WebhookDelivered);
    queued = [];
  });
  return out;
}
