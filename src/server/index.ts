/**
 * payments-engine/server: run the engine as a durable HTTP server on Node. The EventStore
 * interface and the JSONL file store, the Writer (group commit and the timer loop), and the
 * node:http and Fetch API adapters. Node-only; the core (`payments-engine`) never imports it.
 */
export { AppendConflictError } from './event-store.js';
export type { EventStore } from './event-store.js';
export { LogCorruptError, TornTailError, openFileStore } from './file-store.js';
export type { FileStore, FileStoreOptions } from './file-store.js';
export { StoreLockedError } from './file-lock.js';
export { createWriter } from './writer.js';
export type { RequestHandler, Writer, WriterEvent, WriterOptions, WriterStats } from './writer.js';
export { BASE_PATH, BODY_LIMIT_BYTES_DEFAULT, REQUEST_ID_HEADER, UPLOAD_LIMIT_BYTES_DEFAULT } from './adapter.js';
export type { AccessEntry, AdapterOptions } from './adapter.js';
export { nodeHandler } from './http.js';
export { fetchHandler } from './fetch.js';
export { backoffDelayMs, configuredEndpoint, createOutbox } from './outbox.js';
export type { Outbox, OutboxEvent, OutboxOptions, OutboxRun, PendingWebhook, WebhookOutcome } from './outbox.js';
export { SIGNATURE_HEADER, signWebhookBody, verifyWebhookSignature } from './outbox-signature.js';
export type { SigningKey } from './outbox-signature.js';
