/**
 * A lease over PostgreSQL: at most one process at a time holds it, e.g. to run the webhook
 * outbox once per platform while several writers serve it. It is a session advisory lock on a
 * connection of its own: held while that connection lives, released by `release`, and freed by
 * the server when the holder dies (its connection closes), so another process takes over.
 */
import pg from 'pg';
import { migrationLockKey } from './schema.js';

/** Options of `createLease`. */
export type LeaseOptions = {
  /** The database (a connection string); the lease opens one connection of its own. */
  readonly connectionString: string;
  /** The lease's name, e.g. `outbox:payments_events`; equal names exclude each other. */
  readonly name: string;
};

/** A lease that may or may not be held at a given moment. */
export type Lease = {
  /**
   * True when this process holds the lease: takes it if free, and keeps it once taken. A lost
   * connection loses the lease (another process may take it); the next call reconnects and tries.
   */
  held(): Promise<boolean>;
  /** Gives the lease up and closes its connection. */
  release(): Promise<void>;
};

// Advisory lock keys of leases live in their own key space (the two-int form), apart from
// migrate's one-int keys.
const LEASE_SPACE = 0x6c656173; // "leas"

/**
 * Creates a lease; nothing is taken before the first `held()`.
 * @example
 * const lease = createLease({ connectionString, name: 'outbox:payments_events' });
 * const outbox = createOutbox({ ..., shouldRun: () => lease.held() });
 */
export function createLease(options: LeaseOptions): Lease {
  const key = migrationLockKey(options.name);
  let client: pg.Client | undefined;
  let holding = false;

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: options.connectionString });
    fresh.on('error', () => {
      // The connection died: the server freed the lock with it.
      holding = false;
      if (client === fresh) client = undefined;
    });
    fresh.on('end', () => {
      holding = false;
      if (client === fresh) client = undefined;
    });
    await fresh.connect();
    return fresh;
  }

  return {
    async held() {
      if (holding && client !== undefined) return true;
      try {
        client ??= await connect();
        const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [LEASE_SPACE, key]);
        holding = rows[0]?.taken === true;
      } catch {
        holding = false;
        const broken = client;
        client = undefined;
        await broken?.end().catch(() => undefined);
      }
      return holding;
    },
    async release() {
      const current = client;
      client = undefined;
      if (current === undefined) return;
      if (holding) await current.query('SELECT pg_advisory_unlock($1, $2)', [LEASE_SPACE, key]).catch(() => undefined);
      holding = false;
      await current.end().catch(() => undefined);
    },
  };
}
