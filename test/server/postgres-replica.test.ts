/**
 * Replicas tailing the PostgreSQL log (issue 15, part 3): a replica follows a writer's commits
 * and reaches exactly the writer's state; `waitFor` gives read-your-writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, createPostgresWriter, createReplica } from '../../src/server/postgres/index.js';
import { AUTH } from '../support/harness.js';
import { freshTable } from './support/pg-log.js';
import { startPglite, type TestPostgres } from './support/pg.js';

describe('a read replica over PostgreSQL (PGlite)', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPglite();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('follows the writer: waitFor(seq of a write) then the replica holds exactly the writer state', async () => {
    const table = freshTable('rp');
    const writer = await createPostgresWriter({ connectionString: server.url, table, timerIntervalMs: 0 });
    const store = await createPostgresStore({ connectionString: server.url, table });
    const replica = await createReplica({ store, tail: { intervalMs: 50 } });
    try {
      expect(replica.seq()).toBe(0);
      const account = ((await writer.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization: AUTH } })).body as { data: { id: string }[] }).data[0]!.id;
      for (let i = 1; i <= 5; i += 1) {
        const answer = await writer.handle({ method: 'POST', path: `/sandbox/internal-accounts/${account}/fund`, headers: { authorization: AUTH }, body: { amount: i } });
        expect(answer.status).toBe(200);
      }
      const head = writer.engine()!.head();
      await replica.waitFor(head.seq);
      expect(replica.engine.head()).toEqual(head);
      expect(JSON.stringify(replica.engine.snapshot())).toBe(JSON.stringify(writer.engine()!.snapshot()));
      await expect(replica.waitFor(head.seq + 100, 200)).rejects.toThrow(/did not reach seq/);
    } finally {
      await replica.close();
      await store.close();
      await writer.close();
    }
  });
});
