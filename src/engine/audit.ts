/**
 * Auditing a log someone else wrote: verify its hash chain line by line, apply each verified
 * event, and check the ledger's invariants at the end, in one streamed pass. Reports the first
 * problem (its seq and why) instead of throwing.
 */
import { ReplayError } from '../core/assert.js';
import { createBinaryChainVerifier } from '../log/binary/index.js';
import { createChainVerifier, type EventEnvelope, type LogFault, type Sha256Hex } from '../log/index.js';
import { createEngine, type Engine } from './engine.js';
import type { EngineOptions } from './options.js';

/** A problem found while auditing: a broken chain, an event the engine refuses, or a broken invariant. */
export type AuditFault =
  | LogFault
  | { readonly kind: 'event'; readonly seq: number; readonly reason: string }
  | { readonly kind: 'invariant'; readonly seq: number; readonly reason: string };

/** The outcome of `auditLog`. On success `engine` holds the replayed state. */
export type AuditReport =
  | { readonly ok: true; readonly engine: Engine; readonly count: number }
  | { readonly ok: false; readonly fault: AuditFault; readonly count: number };

/** Options of `auditLog`: engine options (seed, platform) plus the hash and a progress callback. */
export type AuditOptions = Omit<EngineOptions, 'events'> & {
  readonly sha256?: Sha256Hex;
  /** Called every `progressEvery` events (default 100,000) with the count so far. */
  readonly onProgress?: ((count: number) => void) | undefined;
  readonly progressEvery?: number | undefined;
  /** Require canonical line encoding as well as the hash chain (default true; see VerifyOptions). */
  readonly canonical?: boolean;
};

/**
 * Verifies and replays `lines` (JSONL, streamed), then checks every ledger invariant.
 * @example
 * const report = auditLog(readLines('events.jsonl'));
 * if (!report.ok) console.error(`seq ${report.fault.seq}: ${report.fault.reason}`);
 */
export function auditLog(lines: Iterable<string>, options: AuditOptions = {}): AuditReport {
  const { sha256, onProgress, progressEvery, canonical, ...engineOptions } = options;
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  const verifier = createChainVerifier({
    ...(sha256 === undefined ? {} : { sha256 }),
    ...(canonical === undefined ? {} : { canonical }),
    onEvent: (env) => sink.add(env),
  });
  // A fault ends the loop; what was verified before it is still applied.
  for (const line of lines) {
    if (verifier.push(line) !== undefined || sink.failed) break;
  }
  return sink.finish(verifier.fault, verifier.count);
}

/**
 * `auditLog` for a binary log (src/log/binary): its bytes in chunks of any size, in order. The
 * report is the one `auditLog` gives for the same log as JSONL (`canonical` does not apply: every
 * binary event is read back as its canonical line).
 * @example
 * const report = auditBinaryLog([readFileSync('events.bin')], { sha256: nativeSha256 });
 */
export function auditBinaryLog(chunks: Iterable<Uint8Array>, options: Omit<AuditOptions, 'canonical'> = {}): AuditReport {
  const { sha256, onProgress, progressEvery, ...engineOptions } = options;
  const sink = createAuditSink(engineOptions, { onProgress, progressEvery });
  const verifier = createBinaryChainVerifier({ ...(sha256 === undefined ? {} : { sha256 }), onEvent: (env) => sink.add(env) });
  for (const chunk of chunks) {
    if (verifier.push(chunk) !== undefined || sink.failed) break;
  }
  const fault = sink.failed ? verifier.fault : (verifier.fault ?? verifier.finish());
  return sink.finish(fault, verifier.count);
}

/**
 * The applying half of an audit, for a caller that verifies the chain itself (the CLI, with its
 * digests from a second thread): `add` each verified event in order, then `finish` with the verifier's
 * fault and count. Events are applied in chunks (one `replay` call per chunk rather than a
 * generator resumed per event); an event the engine refuses stops the audit at its seq.
 */
export type AuditSink = {
  /** Applies `env` (verified, next in order); ignored once `failed`. */
  add(env: EventEnvelope): void;
  /** True once an added event was refused: stop adding. */
  readonly failed: boolean;
  /** Applies what is left, then reports the first problem: refused event, chain fault, invariant. */
  finish(verifyFault: LogFault | undefined, verifiedCount: number): AuditReport;
};

/**
 * Creates an AuditSink over a fresh engine made from `engineOptions`. An audit rechecks every
 * stored record as `handle` did (`recheckRecords` defaults to true here, unlike a plain replay):
 * a hash chain proves the log unchanged since it was sealed, not that its writer was sound.
 */
export function createAuditSink(
  engineOptions: Omit<EngineOptions, 'events'>,
  progress: Pick<AuditOptions, 'onProgress' | 'progressEvery'> = {},
): AuditSink {
  const engine = createEngine({ recheckRecords: true, ...engineOptions });
  const every = progress.progressEvery ?? 100_000;
  const onProgress = progress.onProgress;
  let chunk: EventEnvelope[] = [];
  let refused: ReplayError | undefined;
  const apply = (): void => {
    try {
      if (chunk.length > 0) engine.replay(chunk);
    } catch (error) {
      // A log with a sound chain can still hold an event the engine refuses (a forged or buggy
      // writer): report it at its seq rather than crash the auditor.
      if (!(error instanceof ReplayError)) throw error;
      refused = error;
    }
    chunk = [];
  };
  return {
    add(env) {
      if (refused !== undefined) return;
      chunk.push(env);
      if (onProgress !== undefined && env.seq % every === 0) onProgress(env.seq);
      if (chunk.length >= AUDIT_CHUNK) apply();
    },
    get failed() {
      return refused !== undefined;
    },
    finish(verifyFault, verifiedCount) {
      if (refused === undefined) apply();
      if (refused !== undefined) {
        return { ok: false, fault: { kind: 'event', seq: refused.seq, reason: refused.message }, count: refused.seq - 1 };
      }
      if (verifyFault !== undefined) return { ok: false, fault: verifyFault, count: verifiedCount };
      const lastSeq = engine.head().seq;
      const violations = engine.state.ledger.checkInvariants();
      if (violations.length > 0) {
        return { ok: false, fault: { kind: 'invariant', seq: lastSeq, reason: JSON.stringify(violations[0], bigintSafe) }, count: lastSeq };
      }
      return { ok: true, engine, count: lastSeq };
    },
  };
}

/** Verified events applied per `replay` call. */
const AUDIT_CHUNK = 1_024;

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
