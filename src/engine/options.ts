/**
 * Engine options and their defaults: one unregulated sandbox platform with the sandbox
 * credentials, seed 0. Everything the engine may not invent (time, ids, configuration) comes
 * from here or from the request.
 */
import type { PlatformCredential } from '../api/auth.js';
import { ratesFromOptions } from '../domains/rates/schema.js';
import type { ExchangeRateInput, PublishedRate } from '../domains/rates/types.js';
import type { EventEnvelope, Sha256Hex, Upcast } from '../log/index.js';
import type { EngineSnapshot } from './snapshot.js';

/** The sandbox platform's default credentials. */
export const SANDBOX_CREDENTIAL: PlatformCredential = {
  tokenId: 'sandbox-token-id',
  clientSecret: 'sandbox-client-secret',
};

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
};

/** Options with defaults filled in. */
export type ResolvedOptions = {
  readonly platformId: string;
  readonly regulated: boolean;
  readonly credentials: readonly PlatformCredential[];
  readonly seed: number;
  readonly sha256: Sha256Hex | undefined;
  readonly exchangeRates: readonly PublishedRate[];
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
  };
}
