/**
 * Webhook delivery for `payments-engine serve`: the signing key (from `--webhook-key FILE`, or a
 * key generated for this run whose public half is printed), and a store wrapper that lets the
 * outbox and the writer share the JSONL file store cheaply. The outbox itself is
 * src/server/outbox.ts, used as it is.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { EventEnvelope } from '../log/index.js';
import type { EventStore } from '../server/event-store.js';
import { CliError } from './command.js';

/** The key that signs webhooks, and where it came from (for the banner). */
export type WebhookKey = { readonly privateKey: KeyObject; readonly publicKeyPem: string; readonly generated: boolean };

/**
 * The P-256 signing key in the PEM file `path` (PKCS#8 or SEC1), or a new one when `path` is
 * undefined. A file that is missing or holds another kind of key is a CliError (exit 1).
 */
export function webhookKey(path: string | undefined): WebhookKey {
  let privateKey: KeyObject;
  if (path === undefined) {
    privateKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  } else {
    try {
      privateKey = createPrivateKey(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new CliError(`--webhook-key ${path}: not a readable PEM private key (${error instanceof Error ? error.message : String(error)})`);
    }
    if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new CliError(`--webhook-key ${path}: the webhook signing key must be a P-256 (prime256v1) EC private key`);
    }
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem, generated: path === undefined };
}

/**
 * `inner` with the events appended through it kept in memory (the last `keepEvents` to twice as many), so that a
 * `load(afterSeq)` of recent events (the outbox every second, the shared writer's catch-up after
 * the outbox recorded markers) is answered without re-reading and re-verifying the whole file;
 * an older `afterSeq` reads `inner`. Only sound when every append to the store goes through this
 * wrapper, as with the file store (one process holds its lock): never wrap a PostgreSQL store,
 * where other processes append. The kept events were sealed by this process, so they need no
 * verification.
 */
export function recentEventsStore(inner: EventStore, keepEvents = 65_536): EventStore {
  // recent[i].seq === baseSeq + 1 + i; undefined until the first append through the wrapper.
  let baseSeq: number | undefined;
  let recent: EventEnvelope[] = [];
  return {
    async *load(afterSeq = 0) {
      if (baseSeq !== undefined && afterSeq >= baseSeq) {
        const snapshot = recent;
        for (let i = afterSeq - baseSeq; i < snapshot.length; i += 1) yield snapshot[i] as EventEnvelope;
        return;
      }
      yield* inner.load(afterSeq);
    },
    headSeq: () => inner.headSeq(),
    async append(events, expectedSeq) {
      await inner.append(events, expectedSeq);
      // The append succeeded at expectedSeq: everything up to it is in `inner`.
      if (baseSeq === undefined || expectedSeq !== baseSeq + recent.length) {
        baseSeq = expectedSeq;
        recent = [];
      }
      // Pushed in place (a load in progress may see them: they are stored), trimmed by copying
      // to a new array, never in place, so that a load in progress keeps its indexes.
      for (const event of events) recent.push(event);
      if (recent.length > 2 * keepEvents) {
        const drop = recent.length - keepEvents;
        recent = recent.slice(drop);
        baseSeq += drop;
      }
    },
    close: () => inner.close(),
  };
}
