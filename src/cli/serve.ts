/**
 * `payments-engine serve`: the engine as a durable HTTP server. With no flags it serves the
 * sandbox platform on http://127.0.0.1:8080/2025-10-13 over the JSONL file
 * ./payments-engine-events.jsonl (created if absent); `--database-url` stores the log in
 * PostgreSQL instead (imported only then, so `pg` is not loaded otherwise). Webhooks in the log's
 * outbox are delivered to the platform's configured endpoint (PATCH /config webhookEndpoint, else
 * `--webhook-url`), signed with `--webhook-key` or a key generated for the run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { basicAuthorization } from '../api/auth.js';
import { SANDBOX_CREDENTIAL } from '../engine/options.js';
import type { EventStore } from '../server/event-store.js';
import { openFileStore } from '../server/file-store.js';
import { nodeHandler } from '../server/http.js';
import { configuredEndpoint, createOutbox, type Outbox, type OutboxEvent } from '../server/outbox.js';
import { createWriter, type Writer, type WriterEvent } from '../server/writer.js';
import { BASE_PATH } from '../server/adapter.js';
import { type CliArgs, CliError, type CliCommand, type CliIo, EXIT, flag } from './command.js';
import { nativeSha256 } from './native-hash.js';
import { recentEventsStore, webhookKey } from './serve-webhooks.js';
import { SIGNATURE_HEADER } from '../server/outbox-signature.js';

/** The log file `serve` uses when given neither `--log` nor `--database-url`. */
export const DEFAULT_LOG_FILE = 'payments-engine-events.jsonl';

/** Parsed `serve` flags. */
export type ServeOptions = {
  readonly port: number;
  readonly host: string;
  readonly logPath: string;
  readonly databaseUrl: string | undefined;
  readonly timerIntervalMs: number;
  readonly repairTornTail: boolean;
  /** Where webhooks go when the platform configured no endpoint (PATCH /config webhookEndpoint wins). */
  readonly webhookUrl: string | undefined;
  /** PEM file of the P-256 key that signs webhooks; undefined: a key generated for this run. */
  readonly webhookKeyPath: string | undefined;
  /** How often the outbox looks for webhooks to send, in ms. */
  readonly webhookIntervalMs: number;
};

function intFlag(args: CliArgs, name: string, fallback: number, max: number): number {
  const text = flag(args, name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max) throw new CliError(`--${name} must be an integer from 0 to ${max}, got ${JSON.stringify(text)}`);
  return n;
}

/** The serve options from parsed flags; throws a CliError for a bad value. */
export function serveOptions(args: CliArgs): ServeOptions {
  const logPath = flag(args, 'log');
  const databaseUrl = flag(args, 'database-url');
  if (logPath !== undefined && databaseUrl !== undefined) throw new CliError('--log and --database-url exclude each other');
  const webhookUrl = flag(args, 'webhook-url');
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webhookUrl)) throw new CliError(`--webhook-url must be an http(s) URL, got ${JSON.stringify(webhookUrl)}`);
  const webhookKeyPath = flag(args, 'webhook-key');
  return {
    port: intFlag(args, 'port', 8080, 65535),
    host: flag(args, 'host') ?? '127.0.0.1',
    logPath: resolve(logPath ?? DEFAULT_LOG_FILE),
    databaseUrl,
    timerIntervalMs: intFlag(args, 'timer-interval-ms', 1000, 86_400_000),
    repairTornTail: args.values['repair-torn-tail'] === true,
    webhookUrl,
    webhookKeyPath: webhookKeyPath === undefined ? undefined : resolve(webhookKeyPath),
    webhookIntervalMs: intFlag(args, 'webhook-interval-ms', 1000, 86_400_000),
  };
}

/** A running server. */
export type Serving = { readonly url: string; readonly server: Server; readonly writer: Writer; readonly outbox: Outbox; close(): Promise<void> };

/** Where serve writes its lines. */
export type ServeIo = Pick<CliIo, 'out' | 'err'>;

function describeWriterEvent(event: WriterEvent): string {
  const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  switch (event.kind) {
    case 'append_failed':
      return `saving failed, ${event.requests} requests answered 503 and the engine is rebuilt from the log: ${message(event.error)}`;
    case 'rebuilt':
      return `engine rebuilt from the log at seq ${event.headSeq} in ${event.durationMs} ms`;
    case 'rebuild_failed':
      return `the log cannot be read, answering 503 until it can: ${message(event.error)}`;
    case 'engine_threw':
      return `engine defect (answered 500, rebuilding): ${message(event.error)}`;
    case 'advance_failed':
      return `timers could not be saved: ${message(event.error)}`;
  }
}

function describeOutboxEvent(event: OutboxEvent): string | undefined {
  switch (event.kind) {
    case 'attempt_failed':
      return `webhook ${event.webhookId}: try ${event.attempt} failed (${event.error}), next at ${new Date(event.retryAtMs).toISOString()}`;
    case 'run_failed':
      return `webhook delivery failed, retrying: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
    case 'recorded':
      return undefined;
  }
}

/** Opens the store, loads the engine, listens; resolves once the server accepts requests. */
export async function serve(options: ServeOptions, io: ServeIo): Promise<Serving> {
  const startedMs = Date.now();
  // Before anything is opened: a bad key file is a usage error, not a half-started server.
  const signing = webhookKey(options.webhookKeyPath);
  let store: EventStore;
  let where: string;
  // With PostgreSQL several servers may share the log: one of them (the lease holder) delivers.
  let lease: { held(): Promise<boolean>; release(): Promise<void> } | undefined;
  if (options.databaseUrl !== undefined) {
    // Lazy: only a PostgreSQL deployment loads `pg`, an optional peer dependency.
    const { createLease, createPostgresStore, DEFAULT_EVENTS_TABLE } = await import('../server/postgres/index.js').catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND' || !String((error as Error).message).includes("'pg'")) throw error;
      throw new Error('--database-url needs the PostgreSQL driver: npm install pg');
    });
    store = await createPostgresStore({ connectionString: options.databaseUrl, sha256: nativeSha256 });
    where = `PostgreSQL ${new URL(options.databaseUrl).host}`;
    lease = createLease({ connectionString: options.databaseUrl, name: `outbox:${DEFAULT_EVENTS_TABLE}` });
  } else {
    const fileStore = await openFileStore(options.logPath, { repairTornTail: options.repairTornTail });
    if (fileStore.repaired !== undefined) io.err(`repaired: ${fileStore.repaired.message}`);
    // The outbox reads the log every second: recent events from memory, not the whole file.
    store = recentEventsStore(fileStore);
    where = options.logPath;
  }
  let writer: Writer;
  try {
    writer = await createWriter({
      store,
      engine: { sha256: nativeSha256 },
      timerIntervalMs: options.timerIntervalMs,
      // Other servers may append to a PostgreSQL log; a file has this writer alone (its lock),
      // and the outbox records its markers through the writer (below).
      shared: options.databaseUrl !== undefined,
      onEvent: (event) => io.err(describeWriterEvent(event)),
    });
  } catch (error) {
    await lease?.release();
    await store.close();
    throw error;
  }
  const outbox = createOutbox({
    store,
    endpoint: configuredEndpoint(() => writer.engine(), options.webhookUrl),
    signingKey: signing.privateKey,
    // Markers are written by the writer's engine, so the writer never loses an append to them.
    record: (outcomes) => writer.command((engine, clock) => engine.recordWebhookOutcomes(outcomes, clock)),
    intervalMs: options.webhookIntervalMs,
    sha256: nativeSha256,
    ...(lease === undefined ? {} : { shouldRun: () => lease.held() }),
    onEvent: (event) => {
      const line = describeOutboxEvent(event);
      if (line !== undefined) io.err(line);
    },
  });
  const server = createServer(nodeHandler(writer));
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((ready, fail) => {
      server.once('error', fail);
      server.listen(options.port, options.host, () => {
        server.off('error', fail);
        ready();
      });
    });
  } catch (error) {
    await lease?.release();
    await writer.close();
    throw error;
  }
  outbox.start();
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}${BASE_PATH}`;
  const authorization = basicAuthorization(SANDBOX_CREDENTIAL);
  io.out(`payments-engine listening on ${url}`);
  io.out(`log: ${where} (head seq ${writer.engine()?.head().seq ?? 0}, loaded in ${Date.now() - startedMs} ms)`);
  io.out(`sandbox credentials (public, for testing only): tokenId ${SANDBOX_CREDENTIAL.tokenId}, clientSecret ${SANDBOX_CREDENTIAL.clientSecret}`);
  io.out(`  Authorization: ${authorization}`);
  io.out(`webhooks: sent to the endpoint set with PATCH /config webhookEndpoint${options.webhookUrl === undefined ? '' : `, else ${options.webhookUrl}`}; signed (${SIGNATURE_HEADER}) with ${signing.generated ? 'a key generated for this run (pass --webhook-key FILE to keep one)' : options.webhookKeyPath}; receivers verify with:`);
  io.out(signing.publicKeyPem.trimEnd());
  io.out(`try: curl -u ${SANDBOX_CREDENTIAL.tokenId}:${SANDBOX_CREDENTIAL.clientSecret} ${url}/platform/internal-accounts`);
  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    writer,
    outbox,
    close() {
      closing ??= (async () => {
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
        });
        // The outbox appends to the store the writer closes: stop it first.
        await outbox.stop();
        await lease?.release();
        await writer.close();
      })();
      return closing;
    },
  };
}

/** Serves until SIGINT or SIGTERM, then answers what is in flight, closes the log; resolves the exit code. */
export async function serveUntilSignal(options: ServeOptions, io: ServeIo): Promise<number> {
  let serving: Serving;
  try {
    serving = await serve(options, io);
  } catch (error) {
    // Opening failed (lock held, torn tail, port in use...): one sentence, exit 1.
    throw new CliError(error instanceof Error ? error.message : String(error), EXIT.failed);
  }
  return new Promise((done) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) {
        io.err(`${signal} again: exiting without waiting`);
        process.exit(EXIT.failed);
      }
      stopping = true;
      io.out(`${signal}: stopping (answering requests in flight, then closing the log)`);
      serving.close().then(
        () => {
          process.off('SIGINT', onInt);
          process.off('SIGTERM', onTerm);
          const stats = serving.writer.stats();
          const perCommit = stats.commits === 0 ? 0 : stats.requests / stats.commits;
          io.out(`stopped: ${stats.requests} requests, ${stats.commits} appends (${perCommit.toFixed(1)} requests each), ${stats.eventsAppended} events stored`);
          done(EXIT.ok);
        },
        (error: unknown) => {
          io.err(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
          done(EXIT.failed);
        },
      );
    };
    const onInt = (): void => stop('SIGINT');
    const onTerm = (): void => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
}

/** `serve`: the API over HTTP with a durable log, until SIGINT/SIGTERM. */
export const SERVE: CliCommand = {
  summary: 'serve the API over HTTP; the log in a JSONL file (default ./payments-engine-events.jsonl) or PostgreSQL',
  usage: '[--port N] [--host ADDR] [--log FILE | --database-url URL] [--timer-interval-ms N] [--repair-torn-tail] [--webhook-url URL] [--webhook-key FILE]',
  help: [
    '--port N               TCP port (default 8080; 0 picks a free one)',
    '--host ADDR            address to listen on (default 127.0.0.1, this machine only)',
    `--log FILE             the JSONL log, created if absent (default ./${DEFAULT_LOG_FILE}); one server per file`,
    '--database-url URL     store the log in PostgreSQL instead (postgres://user:pass@host/db)',
    '--timer-interval-ms N  how often due timers fire (default 1000; 0 never)',
    '--repair-torn-tail     truncate a torn last line of the log file (reported otherwise; keep a copy first)',
    '--webhook-url URL      deliver webhooks here when the platform has no webhookEndpoint (PATCH /config)',
    '--webhook-key FILE     PEM P-256 private key that signs webhooks (default: a new key per run, public key printed)',
    '--webhook-interval-ms N how often the outbox looks for webhooks to send (default 1000)',
  ],
  arguments: [],
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    log: { type: 'string' },
    'database-url': { type: 'string' },
    'timer-interval-ms': { type: 'string' },
    'repair-torn-tail': { type: 'boolean' },
    'webhook-url': { type: 'string' },
    'webhook-key': { type: 'string' },
    'webhook-interval-ms': { type: 'string' },
  },
  run: (args, io) => serveUntilSignal(serveOptions(args), io),
};
