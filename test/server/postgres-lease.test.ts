/**
 * The PostgreSQL lease (one outbox per platform across processes) against the machine's
 * PostgreSQL. Not on PGlite: its socket server multiplexes every connection onto one session,
 * and session advisory locks are re-entrant within a session, so two holders would both win.
 */
import pg from 'pg';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../src/server/outbox.js';
import { createLease, type Lease } from '../../src/server/postgres/index.js';
import { migrationLockKey } from '../../src/server/postgres/schema.js';
import { harness } from '../support/harness.js';
import { startSystemPostgres, systemPostgresMissing, type TestPostgres } from './support/pg.js';

const missing = systemPostgresMissing();
if (missing !== undefined) console.warn(`[postgres-lease] skipped: ${missing}`);

describe.skipIf(missing !== undefined)('a lease over PostgreSQL (system server)', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startSystemPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('one holder at a time; released or dead, another takes it', async () => {
    const name = `outbox:lease_${process.pid}`;
    const [a, b, other]: Lease[] = [createLease({ connectionString: server.url, name }), createLease({ connectionString: server.url, name }), createLease({ connectionString: server.url, name: `${name}:other` })];
    try {
      expect(await a!.held()).toBe(true);
      expect(await b!.held()).toBe(false);
      expect(await a!.held()).toBe(true);
      expect(await other!.held()).toBe(true);
      await a!.release();
      expect(await b!.held()).toBe(true);
      expect(await a!.held()).toBe(false);
      // The holder's connection dies (a crashed process): the server frees the lock.
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        // Two-int advisory locks show their keys as classid and objid (unsigned).
        const { rowCount } = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid = $2",
          [0x6c656173, migrationLockKey(name) >>> 0],
        );
        expect(rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      for (let i = 0; i < 50 && !(await a!.held()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await a!.held()).toBe(true);
    } finally {
      await Promise.all([a, b, other].map((lease) => lease!.release()));
    }
  });

  it('an outbox whose lease is held elsewhere sends nothing', async () => {
    const name = `outbox:gate_${process.pid}`;
    const holder = createLease({ connectionString: server.url, name });
    const mine = createLease({ connectionString: server.url, name });
    const h = harness({ regulated: true });
    h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'p', fullName: 'P' });
    const events = [...h.log];
    const store = {
      async *load(afterSeq = 0) {
        yield* events.slice(afterSeq);
      },
      headSeq: async () => events.length,
      append: async (more: readonly (typeof events)[number][]) => void events.push(...more),
      close: async () => undefined,
    };
    let posts = 0;
    const outbox = createOutbox({
      store,
      endpoint: 'http://127.0.0.1:1/hooks',
      signingKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      fetch: (async () => {
        posts += 1;
        return new Response('', { status: 200 });
      }) as typeof fetch,
      shouldRun: () => mine.held(),
    });
    try {
      expect(await holder.held()).toBe(true);
      expect(await outbox.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
      expect(posts).toBe(0);
      await holder.release();
      expect(await outbox.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
      expect(posts).toBe(1);
    } finally {
      await Promise.all([holder.release(), mine.release()]);
    }
  });
});
