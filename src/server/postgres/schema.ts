/**
 * The PostgreSQL layout of one platform's log: one row per event, `seq` the primary key, the
 * stored JSONL line kept byte for byte (so every hash verifies after a round trip), and `type`
 * and `at` beside it for SQL queries. `migrate` creates it, idempotently and safely when several
 * writers start at once.
 */
import type pg from 'pg';

/** Table name used when none is given. */
export const DEFAULT_EVENTS_TABLE = 'payments_events';

// A table name is spliced into SQL (identifiers cannot be bound), so only plain names pass.
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Returns `name` when it is a plain lower-case SQL identifier; throws otherwise (a host bug). */
export function checkedTableName(name: string): string {
  if (!TABLE_NAME.test(name)) throw new TypeError(`table name must match ${String(TABLE_NAME)}, got ${JSON.stringify(name)}`);
  return name;
}

/**
 * The key of the advisory lock that serialises `migrate` (and nothing else): a fixed 32-bit
 * value per table name, so two writers migrating the same table wait for each other instead of
 * racing on the catalog (CREATE ... IF NOT EXISTS is not safe under concurrency).
 */
export function migrationLockKey(table: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < table.length; i += 1) h = Math.imul(h ^ table.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * The DDL of the events table. `hash` duplicates the line's last field so `append` can check
 * the chain link (`prevHash` of the first new event) with an index lookup instead of a parse.
 */
export function schemaSql(table: string): string {
  const t = checkedTableName(table);
  return `CREATE TABLE IF NOT EXISTS ${t} (
  seq bigint PRIMARY KEY CHECK (seq >= 1),
  type text NOT NULL,
  at timestamptz NOT NULL,
  hash char(64) NOT NULL,
  line text NOT NULL
);
CREATE INDEX IF NOT EXISTS ${t}_type_seq ON ${t} (type, seq);
CREATE INDEX IF NOT EXISTS ${t}_at ON ${t} (at);`;
}

/**
 * Creates the table and its indexes when missing; safe to call on every start and concurrently.
 * `db` must be one connection (a client, not a pool), since the lock lives in its transaction.
 */
export async function migrate(db: pg.ClientBase, table: string = DEFAULT_EVENTS_TABLE): Promise<void> {
  const sql = schemaSql(table);
  await db.query('BEGIN');
  try {
    await db.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey(table)]);
    for (const statement of sql.split(';\n')) await db.query(statement);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
