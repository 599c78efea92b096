/**
 * Several writers over one PostgreSQL log (issue 15, part 4): two writer instances, each its own
 * engine and store, serve one platform while requests interleave; a request that loses the
 * append race is decided again on the caught-up state. Afterwards the log verifies, replay
 * equals each writer's state, and every accepted request is in the log exactly once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../src/api/http.js';
import { createEngine } from '../../src/engine/engine.js';
import { ENGINE_EVENTS, type IdempotentResponseStored } from '../../src/engine/engine-events.js';
import { encodeEnvelope, verifyLog } from '../../src/log/index.js';
import type { EventStore } from '../../src/server/event-store.js';
import { createPostgresStore, createPostgresWriter, type PostgresWriter } from '../../src/server/postgres/index.js';
import { createWriter } from '../../src/server/writer.js';
import { AUTH } from '../support/harness.js';
import { freshTable, loadAll } from './support/pg-log.js';
import { startPglite, startSystemPostgres, systemPostgresMissing, type TestPostgres } from './support/pg.js';

const missing = systemPostgresMissing();
if (missing !== undefined) console.warn(`[postgres-multi-writer] system PostgreSQL tests skipped: ${missing}`);

const BACKENDS = [
  { name: 'PGlite over its socket server', start: startPglite, skip: undefined },
  { name: 'the system PostgreSQL server', start: startSystemPostgres, skip: missing },
] as const;

const REQUESTS_PER_WRITER = 40;

function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): HttpRequest {
  return { method, path, headers: { authorization: AUTH, ...headers }, ...(body === undefined ? {} : { body }) };
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== undefined)(`several writers over one log on ${backend.name}`, () => {
    let server: TestPostgres;
    const writers: PostgresWriter[] = [];
    async function openWriter(table: string): Promise<PostgresWriter> {
      const writer = await createPostgresWriter({ connectionString: server.url, table, timerIntervalMs: 0, conflictRetries: 1_000, batchMax: 4 });
      writers.push(writer);
      return writer;
    }

    beforeAll(async () => {
      server = await backend.start();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(writers.splice(0).map((writer) => writer.close().catch(() => undefined)));
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('interleaved writes on two writers: no event lost, doubled or half-applied; replay equals each writer', async () => {
      const table = freshTable('mw');
      const [a, b] = await Promise.all([openWriter(table), openWriter(table)]);
      // Both writers start on an empty log: the first write of each races for genesis too.
      const accountA = (await a.handle(request('GET', '/platform/internal-accounts'))).body as { data: { id: string }[] };
      const account = accountA.data[0]!.id;

      // Amounts are distinct, so each accepted funding can be found in the log by its amount.
      const sent: { writer: PostgresWriter; amount: number; key: string; customer: string }[] = [];
      for (let i = 0; i < REQUESTS_PER_WRITER; i += 1) {
        sent.push({ writer: a, amount: 1_000 + 2 * i, key: `fund-a-${i}`, customer: `a-${i}` });
        sent.push({ writer: b, amount: 1_001 + 2 * i, key: `fund-b-${i}`, customer: `b-${i}` });
      }
      const answers = await Promise.all(
        sent.flatMap(({ writer, amount, key, customer }) => [
          writer.handle(request('POST', `/sandbox/internal-accounts/${account}/fund`, { amount }, { 'idempotency-key': key })),
          writer.handle(request('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: customer, fullName: `Customer ${customer}` })),
        ]),
      );
      const statuses = answers.map((r: HttpResponse) => r.status);
      expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
      // The race was real: at least one batch lost and was decided again.
      // Small batches (batchMax 4) make many commits on each side, so the writers interleave.
      const stats = [a.stats(), b.stats()];
      expect(stats[0]!.failedAppends + stats[1]!.failedAppends).toBeGreaterThan(0);
      expect(stats[0]!.commits).toBeGreaterThan(5);
      expect(stats[1]!.commits).toBeGreaterThan(5);

      const store = await createPostgresStore({ connectionString: server.url, table });
      try {
        const log = await loadAll(store);
        expect(verifyLog(log.map(encodeEnvelope))).toMatchObject({ ok: true, count: log.length });

        // Every accepted funding exactly once (by amount), every customer exactly once.
        const funded = log.filter((e) => e.type === 'SandboxAccountFunded').map((e) => Number((e.data as { transfers: { amountMinor: string }[] }).transfers[0]!.amountMinor));
        expect([...funded].sort((x, y) => x - y)).toEqual(sent.map((s) => s.amount).sort((x, y) => x - y));
        const customers = log.filter((e) => e.type === 'CustomerCreated').map((e) => (e.data as { customer: { platformCustomerId: string } }).customer.platformCustomerId);
        expect([...customers].sort()).toEqual(sent.map((s) => s.customer).sort());
        const keys = log.filter((e) => e.type === ENGINE_EVENTS.idempotentResponseStored).map((e) => (e.data as IdempotentResponseStored).key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toHaveLength(sent.length);
        expect(log.filter((e) => e.type === 'PlatformInitialized')).toHaveLength(1);

        // The balance is the sum of every accepted funding, as both writers see it.
        const total = sent.reduce((sum, s) => sum + s.amount, 0);
        for (const writer of [a, b]) {
          const view = (await writer.handle(request('GET', `/internal-accounts/${account}`))).body as { balance: { amount: number } };
          expect(view.balance.amount).toBe(total);
        }

        // Replay of the stored log equals each writer's engine (caught up by the GETs above).
        const replayed = createEngine({ events: log });
        for (const writer of [a, b]) {
          const engine = writer.engine();
          expect(engine?.head()).toEqual(replayed.head());
          expect(JSON.stringify(engine!.snapshot())).toBe(JSON.stringify(replayed.snapshot()));
        }
      } finally {
        await store.close();
      }
    });

    it('appends that fail (I/O) beside lost races: a 503 request is not in the log, every 2xx one is there once, engines equal replay', async () => {
      const table = freshTable('mw');
      // Every fifth append of writer B fails before reaching the database, as a lost connection would.
      const flakyStore = await createPostgresStore({ connectionString: server.url, table });
      let appends = 0;
      const flaky: EventStore = {
        load: (afterSeq) => flakyStore.load(afterSeq),
        headSeq: () => flakyStore.headSeq(),
        close: () => flakyStore.close(),
        async append(events, expectedSeq) {
          appends += 1;
          if (appends % 5 === 0) throw new Error('connection lost');
          return flakyStore.append(events, expectedSeq);
        },
      };
      const a = await openWriter(table);
      const b = await createWriter({ store: flaky, shared: true, timerIntervalMs: 0, conflictRetries: 1_000, batchMax: 2 });
      try {
        const account = ((await a.handle(request('GET', '/platform/internal-accounts'))).body as { data: { id: string }[] }).data[0]!.id;
        const sent = Array.from({ length: 60 }, (_, i) => ({ writer: i % 2 === 0 ? a : b, amount: 5_000 + i }));
        const answers = await Promise.all(sent.map(({ writer, amount }) => writer.handle(request('POST', `/sandbox/internal-accounts/${account}/fund`, { amount }))));
        const accepted = sent.filter((_, i) => answers[i]!.status === 200).map((s) => s.amount);
        const refused = sent.filter((_, i) => answers[i]!.status === 503).map((s) => s.amount);
        expect(accepted.length + refused.length).toBe(sent.length);
        expect(refused.length).toBeGreaterThan(0);

        const log = await loadAll(a.store);
        expect(verifyLog(log.map(encodeEnvelope))).toMatchObject({ ok: true });
        const funded = log.filter((e) => e.type === 'SandboxAccountFunded').map((e) => Number((e.data as { transfers: { amountMinor: string }[] }).transfers[0]!.amountMinor));
        expect([...funded].sort((x, y) => x - y)).toEqual([...accepted].sort((x, y) => x - y));
        // Both engines, caught up by a read, are exactly the replay of the stored log.
        const replayed = createEngine({ events: log });
        for (const writer of [a, b]) {
          const view = (await writer.handle(request('GET', `/internal-accounts/${account}`))).body as { balance: { amount: number } };
          expect(view.balance.amount).toBe(accepted.reduce((sum, x) => sum + x, 0));
          expect(JSON.stringify(writer.engine()!.snapshot())).toBe(JSON.stringify(replayed.snapshot()));
        }
      } finally {
        await b.close();
      }
    });

    it('a retry of an accepted request on the other writer returns the first answer and writes nothing', async () => {
      const table = freshTable('mw');
      const [a, b] = await Promise.all([openWriter(table), openWriter(table)]);
      const account = ((await a.handle(request('GET', '/platform/internal-accounts'))).body as { data: { id: string }[] }).data[0]!.id;
      const fund = request('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 777 }, { 'idempotency-key': 'once' });
      const first = await a.handle(fund);
      expect(first.status).toBe(200);
      const head = await a.store.headSeq();
      const again = await b.handle(fund);
      expect(again).toEqual(first);
      expect(await b.store.headSeq()).toBe(head);
      // The same key with another body is refused on either writer.
      const other = await b.handle(request('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 778 }, { 'idempotency-key': 'once' }));
      expect(other.status).toBe(409);
    });
  });
}
