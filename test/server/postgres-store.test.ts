/**
 * The PostgreSQL event store against real PostgreSQL servers through the `pg` driver over TCP:
 * PGlite's socket server in every run, and the machine's PostgreSQL when it is installed.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { encodeEnvelope, type EventEnvelope, verifyLog } from '../../src/log/index.js';
import { AppendConflictError } from '../../src/server/event-store.js';
import { createPostgresStore, StoredLogCorruptError, type PostgresEventStore } from '../../src/server/postgres/index.js';
import { fundedHarness, freshTable, loadAll } from './support/pg-log.js';
import { startPglite, startSystemPostgres, systemPostgresMissing, type TestPostgres } from './support/pg.js';

const missing = systemPostgresMissing();
if (missing !== undefined) console.warn(`[postgres-store] system PostgreSQL tests skipped: ${missing}`);

const BACKENDS = [
  // PGlite's socket multiplexer does not pass NOTIFY between connections: its tails poll.
  { name: 'PGlite over its socket server', start: startPglite, skip: undefined, notifies: false },
  { name: 'the system PostgreSQL server', start: startSystemPostgres, skip: missing, notifies: true },
] as const;

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== undefined)(`PostgreSQL event store on ${backend.name}`, () => {
    let server: TestPostgres;
    const opened: PostgresEventStore[] = [];
    async function open(table: string, extra: { pageSize?: number } = {}): Promise<PostgresEventStore> {
      const store = await createPostgresStore({ connectionString: server.url, table, ...extra });
      opened.push(store);
      return store;
    }

    beforeAll(async () => {
      server = await backend.start();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('stores the exact JSONL bytes: loaded events re-encode to the same lines and the chain verifies', async () => {
      const { h } = fundedHarness(5);
      const store = await open(freshTable());
      await store.append(h.log, 0);
      const loaded = await loadAll(store);
      expect(loaded.map(encodeEnvelope)).toEqual(h.log.map(encodeEnvelope));
      expect(verifyLog(loaded.map(encodeEnvelope))).toMatchObject({ ok: true, count: h.log.length });
      expect(await store.headSeq()).toBe(h.log.length);
      // Replay of the stored log equals the writer's state.
      const replayed = createEngine({ events: loaded });
      expect(replayed.head()).toEqual(h.engine.head());
      expect(JSON.stringify(replayed.snapshot())).toBe(JSON.stringify(h.engine.snapshot()));
    });

    it('migrate is idempotent, also when several writers run it at once', async () => {
      const table = freshTable();
      const [a, b] = await Promise.all([open(table), open(table)]);
      await Promise.all([a!.migrate(), b!.migrate(), a!.migrate()]);
      expect(await a!.headSeq()).toBe(0);
    });

    it('load streams in pages and from any seq', async () => {
      const { h } = fundedHarness(6);
      const store = await open(freshTable(), { pageSize: 3 });
      await store.append(h.log, 0);
      expect((await loadAll(store)).map((e) => e.seq)).toEqual(h.log.map((e) => e.seq));
      const after = 4;
      expect((await loadAll(store, after)).map((e) => e.seq)).toEqual(h.log.slice(after).map((e) => e.seq));
      expect(await loadAll(store, h.log.length)).toEqual([]);
      expect(await loadAll(store, h.log.length + 10)).toEqual([]);
    });

    it('optimistic concurrency: an append whose expected seq is not the head is AppendConflictError and stores nothing', async () => {
      const { h } = fundedHarness(3);
      const store = await open(freshTable());
      const first = h.log.slice(0, 4);
      await store.append(first, 0);
      const stale = h.log.slice(2);
      const refused = store.append(stale, 2);
      await expect(refused).rejects.toBeInstanceOf(AppendConflictError);
      await expect(refused).rejects.toMatchObject({ expectedSeq: 2, actualSeq: 4 });
      expect(await store.headSeq()).toBe(4);
      await store.append(h.log.slice(4), 4);
      expect((await loadAll(store)).length).toBe(h.log.length);
    });

    it('two writers racing for the same seq: exactly one commits, the other gets AppendConflictError, no event lost or doubled', async () => {
      const table = freshTable();
      const [a, b] = [await open(table), await open(table)];
      const x = fundedHarness(2).h.log;
      const y = fundedHarness(3).h.log;
      const outcomes = await Promise.allSettled([a.append(x, 0), b.append(y, 0)]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(AppendConflictError);
      const stored = await loadAll(a);
      const winner = outcomes[0]!.status === 'fulfilled' ? x : y;
      expect(stored.map(encodeEnvelope)).toEqual(winner.map(encodeEnvelope));
    });

    it('refuses events that do not continue at expectedSeq + 1 (a caller bug) and stores nothing', async () => {
      const { h } = fundedHarness(1);
      const store = await open(freshTable());
      await expect(store.append(h.log.slice(1), 0)).rejects.toBeInstanceOf(RangeError);
      expect(await store.headSeq()).toBe(0);
    });

    it('a forked chain (same seq, other prevHash) is refused as a conflict', async () => {
      const store = await open(freshTable());
      const mine = fundedHarness(1).h.log;
      await store.append(mine, 0);
      const other = fundedHarness(2, { seed: 7 }).h.log;
      // The other log's seq after our head links to its own history, not ours.
      const forked = other.slice(mine.length, mine.length + 1);
      expect(forked[0]!.prevHash).not.toBe(mine[mine.length - 1]!.hash);
      await expect(store.append(forked, mine.length)).rejects.toBeInstanceOf(AppendConflictError);
      expect(await store.headSeq()).toBe(mine.length);
    });

    it('load reports a row edited in the database as StoredLogCorruptError instead of returning it', async () => {
      const { h } = fundedHarness(2);
      const table = freshTable();
      const store = await open(table);
      await store.append(h.log, 0);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`UPDATE ${table} SET line = replace(line, '"amountMinor":"100"', '"amountMinor":"900"') WHERE line LIKE '%"amountMinor":"100"%'`);
      } finally {
        await client.end();
      }
      const edited = h.log.find((e) => encodeEnvelope(e).includes('"amountMinor":"100"'));
      expect(edited).toBeDefined();
      await expect(loadAll(store)).rejects.toMatchObject({ name: 'StoredLogCorruptError', fault: { seq: edited!.seq, kind: 'hash' } });
      await expect(loadAll(store)).rejects.toBeInstanceOf(StoredLogCorruptError);
    });

    it('keeps type and at as columns for SQL queries', async () => {
      const { h } = fundedHarness(3);
      const table = freshTable();
      const store = await open(table);
      await store.append(h.log, 0);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE type = 'WebhookQueued' AND at <= now()`);
        expect(Number(rows[0]!.n)).toBe(h.log.filter((e) => e.type === 'WebhookQueued').length);
      } finally {
        await client.end();
      }
    });

    it('survives reopening: a new store over the same table loads what was committed', async () => {
      const { h } = fundedHarness(2);
      const table = freshTable();
      const first = await open(table);
      await first.append(h.log, 0);
      await first.close();
      const second = await open(table);
      expect((await loadAll(second)).map(encodeEnvelope)).toEqual(h.log.map(encodeEnvelope));
    });

    it(`a replica tails new events in order${backend.notifies ? ', woken by the commit notification before its poll interval' : ''}`, async () => {
      const { h } = fundedHarness(4);
      const table = freshTable();
      const writer = await open(table);
      const reader = await open(table);
      const seen: EventEnvelope[] = [];
      const replica = createEngine();
      let resolveCaughtUp: () => void = () => undefined;
      const caughtUp = new Promise<void>((resolve) => {
        resolveCaughtUp = resolve;
      });
      const tail = reader.tail(
        0,
        (events) => {
          replica.replay(events);
          seen.push(...events);
          if (seen.length === h.log.length) resolveCaughtUp();
        },
        { intervalMs: backend.notifies ? 60_000 : 100 },
      );
      // Let it LISTEN and read the empty table first, then write in two commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await writer.append(h.log.slice(0, 3), 0);
      await writer.append(h.log.slice(3), 3);
      await caughtUp;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(seen.map((e) => e.seq)).toEqual(h.log.map((e) => e.seq));
      expect(replica.head()).toEqual(h.engine.head());
      await tail.stop();
      expect(tail.seq).toBe(h.log.length);
    });

    it('a polling tail (no LISTEN) also catches up', async () => {
      const { h } = fundedHarness(1);
      const table = freshTable();
      const writer = await open(table);
      const seen: number[] = [];
      const tail = writer.tail(0, (events) => void seen.push(...events.map((e) => e.seq)), { intervalMs: 50, listen: false });
      await writer.append(h.log, 0);
      for (let i = 0; i < 100 && seen.length < h.log.length; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual(h.log.map((e) => e.seq));
      await tail.stop();
    });
  });
}
