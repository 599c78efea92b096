/**
 * Engine options and their defaults: one unregulated sandbox platform with the sandbox
 * credentials, seed 0. Everything the engine may not invent (time, ids, configuration) comes
 * from here or from the request.
 */
import { HOT_RECORDS } from '../core/packed-record-map.js';
import type { PlatformCredential } from '../api/auth.js';
import { ratesFromOptions } from '../domains/rates/schema.js';
import type { ExchangeRateInput, PublishedRate } from '../domains/rates/types.js';
import type { EventEnvelope, Sha256Hex, Upcast } from '../log/index.js';
import type { EngineSnapshot } from './snapshot.js';
import type { CheckpointOptions } from './checkpoint-events.js';

/** The sandbox platform's default credentials. */
export const SANDBOX_CREDENTIAL: PlatformCredential = {
  tokenId: 'sandbox-token-id',
  clientSecret: 'sandbox-client-secret',
};

/**
 * The public default host secret. Like `SANDBOX_CREDENTIAL` it is known to everyone: with it,
 * anyone holding the log can recompute the credentials the engine minted. Pass your own.
 */
export const SANDBOX_SECRET = 'payments-engine-sandbox-secret';

/** Options of `createEngine`; every field is optional. */
export type EngineOptions = {
  /** The platform's id (default `Platform:sandbox`). */
  readonly platformId?: string;
  /** Regulated platforms resolve sandbox KYC at creation (default false). Not changeable by request. */
  readonly regulated?: boolean;
  /** Accepted HTTP Basic credentials (default: the sandbox pair). */
  readonly credentials?: readonly PlatformCredential[];
  /** Seed for deterministic ids (default 0). Same log and seed, same ids. */
  readonly seed?: number;
  /** A snapshot to start from; `events` then continue it (seq snapshot.head.seq + 1 on). */
  readonly snapshot?: EngineSnapshot;
  /**
   * Turns events of older versions into the current ones while replaying (`createUpcaster` of
   * `src/log`); without it every event is taken as written.
   */
  readonly upcast?: Upcast;
  /** A log to replay before the engine takes requests. */
  readonly events?: Iterable<EventEnvelope>;
  /** SHA-256 used to seal events (default: @noble/hashes); a host may pass a native one. */
  readonly sha256?: Sha256Hex;
  /** Exchange rates known from the start; written into the genesis event (invalid ones throw). */
  readonly exchangeRates?: readonly ExchangeRateInput[];
  /**
   * The host's secret (default `SANDBOX_SECRET`, public): every credential the engine mints
   * (agent device codes and access tokens) is an HMAC under it, and the log keeps only hashes,
   * so a log holder cannot mint or recover one. Never logged; keep it stable across restarts,
   * or earlier credentials stop matching. At least 16 characters.
   */
  readonly secret?: string;
  /**
   * Signed checkpoints: the host's Ed25519 private key (never logged) and how many events may
   * pass between two `LogCheckpointSigned` events, so that an auditor holding the public key
   * detects any rewrite of the log up to the last checkpoint (docs/log.md).
   */
  readonly checkpoints?: CheckpointOptions;
  /**
   * Re-validate every stored record while replaying (`events` and `engine.replay`), as `handle`
   * does after each event it writes (default false: the log was checked when it was written, and
   * its hash chain proves it unchanged). The simulator's rebuild checks turn it on; so may an
   * auditor of a log whose writer it does not trust (docs/architecture.md, "Stored records").
   */
  readonly recheckRecords?: boolean;
  /**
   * How many of the records changed last each growing store (transactions, quotes, card
   * transactions, idempotent responses) keeps as objects; older ones are held packed and decoded
   * when read (default `HOT_RECORDS`, 256; `Infinity` packs none). Memory against CPU: answers
   * and events never depend on it (docs/architecture.md, "Settled records are packed").
   */
  readonly hotRecords?: number;
};

/** Options with defaults filled in. */
export type ResolvedOptions = {
  readonly platformId: string;
  readonly regulated: boolean;
  readonly credentials: readonly PlatformCredential[];
  readonly seed: number;
  readonly sha256: Sha256Hex | undefined;
  readonly exchangeRates: readonly PublishedRate[];
  readonly secret: string;
  readonly hotRecords: number;
};

/** Fills in defaults. Pure. */
export function resolveOptions(options: EngineOptions): ResolvedOptions {
  return {
    platformId: options.platformId ?? 'Platform:sandbox',
    regulated: options.regulated ?? false,
    credentials: options.credentials ?? [SANDBOX_CREDENTIAL],
    seed: options.seed ?? 0,
    sha256: options.sha256,
    exchangeRates: ratesFromOptions(options.exchangeRates ?? []),
    secret: checkedSecret(options.secret ?? SANDBOX_SECRET),
    hotRecords: checkedHotRecords(options.hotRecords ?? HOT_RECORDS),
  };
}

/** Shortest accepted host secret. */
export const SECRET_LENGTH_MIN = 16;

function checkedHotRecords(hot: number): number {
  if (typeof hot !== 'number' || !(hot === Number.POSITIVE_INFINITY || (Number.isInteger(hot) && hot >= 1))) {
    throw new TypeError('options.hotRecords must be a whole number of at least 1, or Infinity');
  }
  return hot;
}

function checkedSecret(secret: string): string {
  // A host configuration error, caught at start-up rather than on the first credential.
  if (typeof secret !== 'string' || secret.length < SECRET_LENGTH_MIN) {
    throw new TypeError(`options.secret must be a string of at least ${SECRET_LENGTH_MIN} characters`);
  }
  return secret;
}
