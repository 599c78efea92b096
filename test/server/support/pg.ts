/**
 * Real PostgreSQL servers for tests, both reached through the `pg` driver over TCP on 127.0.0.1:
 * - PGlite (WASM Postgres) behind its socket server, in-process, in every run;
 * - a throwaway cluster of the machine's PostgreSQL (Debian's `initdb`/`pg_ctl`), when installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, chownSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const run = promisify(execFile);

/** A running server: a connection string for `pg`, and how to stop it. */
export type TestPostgres = { readonly url: string; readonly name: string; stop(): Promise<void> };

/** A free TCP port on 127.0.0.1 (the OS picks it; a race with another process is unlikely). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One server per kind for every test file of this worker process (test files share modules
 * here): PGlite's WASM start and initdb cost seconds on a busy machine, while tests keep apart
 * by table names. A server is stopped when its last user stops it and nobody takes it again
 * within a second.
 */
type Shared = { server: Promise<TestPostgres>; users: number; idle?: NodeJS.Timeout };
const sharedServers = new Map<string, Shared>();
async function sharedServer(kind: string, start: () => Promise<TestPostgres>): Promise<TestPostgres> {
  let current = sharedServers.get(kind);
  if (current === undefined) {
    current = { server: start(), users: 0 };
    sharedServers.set(kind, current);
  }
  const entry = current;
  entry.users += 1;
  clearTimeout(entry.idle);
  const server = await entry.server;
  let stopped = false;
  return {
    name: server.name,
    url: server.url,
    async stop() {
      if (stopped) return;
      stopped = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      entry.idle = setTimeout(() => {
        if (sharedServers.get(kind) === entry) sharedServers.delete(kind);
        void server.stop();
      }, 1_000);
      entry.idle.unref();
    },
  };
}

/** PGlite behind its socket server, shared by the test files of this worker. */
export function startPglite(): Promise<TestPostgres> {
  return sharedServer('pglite', startOwnPglite);
}

/** The machine's PostgreSQL in a throwaway cluster, shared by the test files of this worker. */
export function startSystemPostgres(): Promise<TestPostgres> {
  return sharedServer('system', startOwnSystemPostgres);
}

/** A PGlite of its own, in memory behind its socket server on 127.0.0.1 (connections multiplexed). */
export async function startOwnPglite(): Promise<TestPostgres> {
  const db = await PGlite.create();
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 64 });
  await server.start();
  return {
    name: 'PGlite',
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** The directory holding `initdb`, `pg_ctl` and `postgres`, or undefined when not installed. */
export function postgresBinDir(): string | undefined {
  const candidates = ['/usr/local/bin', '/usr/bin'];
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  for (const version of versions) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  return candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(join(dir, bin))));
}

/** Why the system PostgreSQL tests are skipped, or undefined when they can run. */
export function systemPostgresMissing(): string | undefined {
  if (postgresBinDir() === undefined) {
    return 'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found in /usr/local/bin, /usr/bin or /usr/lib/postgresql/*/bin; install Debian\'s postgresql package to run these tests';
  }
  if (process.getuid?.() === 0 && postgresUser() === undefined) {
    return 'running as root and there is no "postgres" user to run the server as (PostgreSQL refuses root); install Debian\'s postgresql package, which creates it';
  }
  return undefined;
}

/** The uid and gid of the `postgres` user, or undefined when there is none. */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a throwaway cluster of the installed PostgreSQL in a temp dir on a loopback port, as
 * the `postgres` user when the tests run as root (PostgreSQL refuses to run as root).
 */
export async function startOwnSystemPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error(systemPostgresMissing());
  const dir = mkdtempSync(join(tmpdir(), 'pe-pg-'));
  const asUser: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const user = postgresUser();
    if (user === undefined) throw new Error(systemPostgresMissing());
    chownSync(dir, user.uid, user.gid);
    Object.assign(asUser, user);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
  await run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { ...asUser, env });
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on -c shared_buffers=16MB`;
  await run(join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start'], { ...asUser, env });
  return {
    name: 'PostgreSQL (system)',
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...asUser, env }).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
