/**
 * The PostgreSQL event store (`pg` driver): one platform's log in one table (schema.ts).
 * `append` is one statement that checks the head and inserts every event; the primary key on
 * `seq` is what makes two writers safe: whichever commits second collides on the first seq and
 * gets AppendConflictError, with nothing of its batch stored. The promise resolves after COMMIT,
 * which PostgreSQL makes durable (with its default `synchronous_commit = on`).
 */
import pg from 'pg';
import { encodeEnvelope, createChainVerifier, type EventEnvelope, type LogFault, type Sha256Hex } from '../../log/index.js';
import { AppendConflictError, type EventStore } from '../event-store.js';
import { checkedTableName, DEFAULT_EVENTS_TABLE, migrate } from './schema.js';
import { startTail, type Tail, type TailOptions } from './tail.js';

/** SQLSTATE of a unique-key violation: another writer committed the same seq first. */
const UNIQUE_VIOLATION = '23505';

/** Events read per query by `load` (bounded memory whatever the log's size). */
export const LOAD_PAGE_SIZE_DEFAULT = 1_000;

/** Options of `createPostgresStore`. */
export type PostgresStoreOptions = {
  /** A connection string (`postgres://user@host:port/db`); ignored when `pool` is given. */
  readonly connectionString?: string;
  /** A pool the host owns (then `close` leaves it open); otherwise the store makes one. */
  readonly pool?: pg.Pool;
  /** Connections of the pool the store makes (default 4). */
  readonly poolSize?: number;
  /** The events table (default `payments_events`): one table per platform. */
  readonly table?: string;
  /** Rows per `load` query (default LOAD_PAGE_SIZE_DEFAULT). */
  readonly pageSize?: number;
  /** Run `migrate` when the store opens (default true). */
  readonly migrate?: boolean;
  /**
   * Verify the hash chain of loaded events (default true): `load` then throws
   * StoredLogCorruptError at the first bad row instead of returning it. A host that verifies
   * elsewhere may turn it off.
   */
  readonly verify?: boolean;
  /** SHA-256 for verification (default @noble/hashes); a host may pass node:crypto's. */
  readonly sha256?: Sha256Hex;
};

/** A stored row failed verification (edited, truncated or out of chain): the log is corrupt. */
export class StoredLogCorruptError extends Error {
  constructor(readonly fault: LogFault) {
    super(`stored log is corrupt at seq ${fault.seq} (${fault.kind}): ${fault.reason}`);
    this.name = 'StoredLogCorruptError';
  }
}

/** The PostgreSQL store: the EventStore contract plus schema creation and replica tailing. */
export type PostgresEventStore = EventStore & {
  /** Creates the table when missing (idempotent; `createPostgresStore` calls it by default). */
  migrate(): Promise<void>;
  /**
   * Follows the log from `afterSeq`: calls `onEvents` with each new batch in seq order, one call
   * at a time, until `stop`. For replicas and the outbox. See TailOptions.
   */
  tail(afterSeq: number, onEvents: (events: readonly EventEnvelope[]) => void | Promise<void>, options?: TailOptions): Tail;
  /** The table this store writes. */
  readonly table: string;
};

type HeadRow = { seq: string; hash: string };
type LineRow = { seq: string; line: string };

/**
 * Opens a PostgreSQL store over `options.pool` or a new pool for `options.connectionString`, and
 * creates its table unless `migrate: false`.
 * @example
 * const store = await createPostgresStore({ connectionString: process.env.DATABASE_URL });
 * const engine = createEngine({ events: await collect(store.load()) });
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresEventStore> {
  const table = checkedTableName(options.table ?? DEFAULT_EVENTS_TABLE);
  const ownsPool = options.pool === undefined;
  const pool =
    options.pool ?? new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 4 });
  // An idle client that loses its server emits 'error' on the pool; without a listener that is
  // an uncaught exception. The next query then fails and reports it.
  if (ownsPool) pool.on('error', () => undefined);
  const pageSize = options.pageSize ?? LOAD_PAGE_SIZE_DEFAULT;
  const verify = options.verify ?? true;
  const tails = new Set<Tail>();

  const headSql = `SELECT seq, hash FROM ${table} ORDER BY seq DESC LIMIT 1`;
  // The whole append is ONE statement in its own implicit transaction (one round trip): the
  // insert happens only when the head is expectedSeq ($6) and its hash is the first event's
  // prevHash ($7); two writers that both pass that check collide on the primary key at
  // expectedSeq + 1, and the second gets a unique violation. The NOTIFY (a hint for tails) is
  // delivered at commit. PostgreSQL commits before it answers: the events are durable when the
  // promise resolves (synchronous_commit = on).
  const appendSql = `WITH head AS (SELECT seq, hash FROM ${table} ORDER BY seq DESC LIMIT 1),
ins AS (
  INSERT INTO ${table} (seq, type, at, hash, line)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::char(64)[], $5::text[])
  WHERE coalesce((SELECT seq FROM head), 0) = $6::bigint
    AND coalesce((SELECT hash FROM head), $7::char(64)) = $7::char(64)
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins) AS inserted, pg_notify('${table}', '') AS notified`;
  const pageSql = `SELECT seq, line FROM ${table} WHERE seq > $1 ORDER BY seq LIMIT $2`;
  const hashAtSql = `SELECT hash FROM ${table} WHERE seq = $1`;

  async function headSeq(): Promise<number> {
    const { rows } = await pool.query<HeadRow>(headSql);
    return rows[0] === undefined ? 0 : Number(rows[0].seq);
  }

  async function migrateTable(): Promise<void> {
    const client = await pool.connect();
    try {
      await migrate(client, table);
    } finally {
      client.release();
    }
  }

  async function append(events: readonly EventEnvelope[], expectedSeq: number): Promise<void> {
    if (events.length === 0) return;
    const seqs: number[] = [];
    const types: string[] = [];
    const ats: string[] = [];
    const hashes: string[] = [];
    const lines: string[] = [];
    for (const [i, event] of events.entries()) {
      // A gap or a reordering is the caller's bug, never a race: refuse before touching the table.
      if (event.seq !== expectedSeq + 1 + i) {
        throw new RangeError(`append: event ${i} has seq ${event.seq}, expected ${expectedSeq + 1 + i}`);
      }
      seqs.push(event.seq);
      types.push(event.type);
      ats.push(event.at);
      hashes.push(event.hash);
      lines.push(encodeEnvelope(event));
    }
    let inserted: number;
    try {
      const { rows } = await pool.query<{ inserted: string }>(appendSql, [seqs, types, ats, hashes, lines, expectedSeq, events[0]?.prevHash]);
      inserted = Number(rows[0]?.inserted ?? 0);
    } catch (error) {
      // Lost the race on the primary key: another writer committed seq expectedSeq + 1 first.
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw new AppendConflictError(expectedSeq, await headSeq().catch(() => expectedSeq + 1));
      }
      throw error;
    }
    if (inserted === events.length) return;
    // Nothing inserted: the head was not expectedSeq, or its hash is not the first prevHash (this
    // writer's engine forked from the stored log; catching up is the same cure, so alike).
    if (inserted === 0) throw new AppendConflictError(expectedSeq, await headSeq().catch(() => expectedSeq + 1));
    throw new Error(`append stored ${inserted} of ${events.length} events: impossible for one statement`);
  }

  async function* load(afterSeq = 0): AsyncGenerator<EventEnvelope> {
    let from = { seq: afterSeq, hash: '0'.repeat(64) };
    if (afterSeq > 0 && verify) {
      const { rows } = await pool.query<{ hash: string }>(hashAtSql, [afterSeq]);
      if (rows[0] === undefined) return; // afterSeq is past the head: nothing after it
      from = { seq: afterSeq, hash: rows[0].hash };
    }
    let verified: EventEnvelope | undefined;
    const verifier = verify
      ? createChainVerifier({
          from,
          onEvent: (event) => {
            verified = event;
          },
          ...(options.sha256 === undefined ? {} : { sha256: options.sha256 }),
        })
      : undefined;
    let cursor = afterSeq;
    for (;;) {
      const { rows } = await pool.query<LineRow>(pageSql, [cursor, pageSize]);
      const page: EventEnvelope[] = [];
      for (const row of rows) {
        let event: EventEnvelope;
        if (verifier === undefined) event = JSON.parse(row.line) as EventEnvelope;
        else {
          verified = undefined;
          const fault = verifier.push(row.line);
          if (fault !== undefined) throw new StoredLogCorruptError(fault);
          event = verified as unknown as EventEnvelope;
        }
        if (event.seq !== Number(row.seq)) {
          const seq = Number(row.seq);
          throw new StoredLogCorruptError({ seq, line: seq, kind: 'sequence', reason: `row seq ${seq} stores the line of seq ${event.seq}` });
        }
        page.push(event);
        cursor = event.seq;
      }
      yield* page;
      if (rows.length < pageSize) return;
    }
  }

  const store: PostgresEventStore = {
    table,
    load,
    headSeq,
    append,
    migrate: migrateTable,
    tail(afterSeq, onEvents, tailOptions = {}) {
      const tail = startTail({ store, pool, table, afterSeq, onEvents, options: tailOptions });
      tails.add(tail);
      void tail.stopped.then(() => tails.delete(tail));
      return tail;
    },
    async close() {
      await Promise.all([...tails].map((tail) => tail.stop()));
      if (ownsPool) await pool.end();
    },
  };
  if (options.migrate ?? true) await migrateTable();
  return store;
}
