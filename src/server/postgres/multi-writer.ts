/**
 * Several writers over one PostgreSQL log: each process runs its own engine and a Writer in
 * shared mode over its own PostgreSQL store, and all serve the same platform. Before each batch
 * a writer applies what the others committed; a batch that still loses the race on the `seq`
 * key (AppendConflictError) stored nothing, so the writer drops its engine (which applied the
 * losing events and has no undo), rebuilds it from the store and decides those requests again
 * on the new state. No event is lost, doubled or half-applied, because the only way into the
 * log is one transaction whose first seq must be free.
 */
import type { Writer, WriterOptions } from '../writer.js';
import { createWriter } from '../writer.js';
import { createPostgresStore, type PostgresEventStore, type PostgresStoreOptions } from './store.js';

/** Retries of a request that keeps losing the append race, by default (then 503, nothing stored). */
export const CONFLICT_RETRIES_DEFAULT = 8;

/** Options of `createPostgresWriter`: where the log is, and the Writer's options but `store`. */
export type PostgresWriterOptions = PostgresStoreOptions &
  Omit<WriterOptions, 'store' | 'shared' | 'conflictRetries'> & {
    /**
     * How many times a request that lost the race is decided again (default
     * CONFLICT_RETRIES_DEFAULT); after that it is answered 503 and nothing of it is stored.
     */
    readonly conflictRetries?: number;
  };

/** A Writer over a shared PostgreSQL log, with its store (closed by the writer's `close`). */
export type PostgresWriter = Writer & { readonly store: PostgresEventStore };

/**
 * Opens the PostgreSQL store (creating its table when missing), loads and verifies the log, and
 * starts a Writer that shares the log with other writers. Every writer of one platform must use
 * the same engine options (platform id, credentials, secret, seed), as replay does.
 * @example
 * const writer = await createPostgresWriter({ connectionString: process.env.DATABASE_URL });
 * const response = await writer.handle({ method: 'GET', path: '/platform', headers: { authorization } });
 */
export async function createPostgresWriter(options: PostgresWriterOptions): Promise<PostgresWriter> {
  const store = await createPostgresStore(options);
  try {
    const writer = await createWriter({
      ...options,
      store,
      shared: true,
      conflictRetries: options.conflictRetries ?? CONFLICT_RETRIES_DEFAULT,
    });
    return Object.assign(writer, { store });
  } catch (error) {
    await store.close();
    throw error;
  }
}
