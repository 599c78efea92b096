/**
 * `payments-engine/postgres`: the PostgreSQL event store (needs the `pg` driver) and the
 * multi-writer that lets several processes serve one platform over one database. Node only.
 */
export type { PostgresEventStore, PostgresStoreOptions } from './store.js';
export { createPostgresStore, LOAD_PAGE_SIZE_DEFAULT, StoredLogCorruptError } from './store.js';
export type { Tail, TailOptions } from './tail.js';
export { checkedTableName, DEFAULT_EVENTS_TABLE, migrate, schemaSql } from './schema.js';
export { AppendConflictError, type EventStore } from '../event-store.js';
export type { PostgresWriter, PostgresWriterOptions } from './multi-writer.js';
export { CONFLICT_RETRIES_DEFAULT, createPostgresWriter } from './multi-writer.js';
export type { Replica, ReplicaOptions } from './replica.js';
export { createReplica } from './replica.js';
export type { Lease, LeaseOptions } from './lease.js';
export { createLease } from './lease.js';
