/**
 * What `verify`, `replay` and `statement` share: audit a log file with progress on stderr,
 * check its signed checkpoints and expected head when asked, and describe the first problem as
 * one sentence naming the file, the line and the seq (a CRLF line said to be one).
 */
import { readFileSync } from 'node:fs';
import type { AuditFault, AuditReport } from '../engine/audit.js';
import type { EngineOptions } from '../engine/options.js';
import { createCheckpointChecker, isPublicKeyHex, parseExpectedHead, type CheckpointFault, type CheckpointReport } from '../log/checkpoint.js';
import type { ChainHead } from '../log/index.js';
import { auditFile, isBinaryLogFile } from './audit-file.js';
import { CliError, requireFile, type CliIo } from './command.js';
import { lineAt } from './files.js';
import { progressReporter } from './progress.js';

/** What to check beyond the chain and the ledger. */
export type AuditChecks = {
  /** Demand canonical line bytes (verify) or only the hash chain (replay). */
  readonly canonical: boolean;
  /** The writer's public key: every checkpoint must be signed by it, and one must exist. */
  readonly publicKey?: string | undefined;
  /** The log must end exactly here. */
  readonly expectHead?: ChainHead | undefined;
  /** Engine options for the replay (seed, ...). */
  readonly engine?: Omit<EngineOptions, 'events'>;
};

/** The first problem of a log, whatever found it, with the file line when there is one. */
export type FileFault = { readonly kind: string; readonly seq: number; readonly line?: number; readonly reason: string };

/** The outcome of `auditForCommand`. */
export type FileAudit = {
  readonly path: string;
  readonly report: AuditReport;
  readonly checkpoints: CheckpointReport;
  readonly fault: FileFault | undefined;
};

// Kinds whose seq is a verified line of a file that starts at seq 1: their line is their seq.
const LINE_IS_SEQ = new Set(['event', 'invariant', 'checkpoint_malformed', 'checkpoint_position', 'checkpoint_key', 'checkpoint_signature']);

/** Audits the log at `path` with progress on `io.err`; never throws for a bad log (only CliError for a missing file). */
export function auditForCommand(path: string, checks: AuditChecks, io: CliIo, verb = 'verified'): FileAudit {
  const size = requireFile(path, 'log');
  const checker = createCheckpointChecker({ publicKey: checks.publicKey, expectHead: checks.expectHead });
  const progress = progressReporter(verb, size, io.nowMs, io.err);
  const report = auditFile(path, { ...checks.engine, canonical: checks.canonical, onEvent: (env) => checker.push(env), onChunk: progress });
  const checkpoints = checker.finish();
  const fault = firstFault(path, report, checker.fault, checkpoints.fault);
  // A binary log has no lines: its faults name the seq alone.
  return { path, report, checkpoints, fault: fault !== undefined && isBinaryLogFile(path) ? withoutLine(fault) : fault };
}

/** The fault without its file line (a binary log's: the seq names the event). */
export function withoutLine(fault: FileFault): FileFault {
  return { kind: fault.kind, seq: fault.seq, reason: fault.reason };
}

// The earliest problem by seq. A bad checkpoint found while reading competes with the audit's
// fault (a tie goes to the checkpoint: the evolver refuses a misplaced one at the same seq, less
// precisely). A missing checkpoint or another head only counts for a log that is sound.
function firstFault(path: string, report: AuditReport, early: CheckpointFault | undefined, final: CheckpointFault | undefined): FileFault | undefined {
  if (report.ok) return final === undefined ? undefined : withLine(final);
  if (early !== undefined && early.seq <= report.fault.seq) return withLine(early);
  return explainCrlf(path, withLine(report.fault));
}

function withLine(fault: AuditFault | CheckpointFault): FileFault {
  if ('line' in fault) return fault;
  return LINE_IS_SEQ.has(fault.kind) ? { ...fault, line: fault.seq } : fault;
}

// A line that ends in "\r" fails as non-canonical (verify) or with a wrong hash (replay); the
// true cause is a CRLF file, which an editor or git's autocrlf makes. Say so.
function explainCrlf(path: string, fault: FileFault): FileFault {
  if (fault.line === undefined || isBinaryLogFile(path) || !['malformed', 'hash'].includes(fault.kind)) return fault;
  const text = lineAt(path, fault.line);
  if (text === undefined || !text.endsWith('\r')) return fault;
  return { ...fault, kind: 'malformed', reason: 'the line ends in CRLF ("\\r\\n"), but log lines end in "\\n" only (converted by an editor or git autocrlf?)' };
}

/** One sentence for a fault: `FAILED at seq 12 (events.jsonl line 12): hash: ...`. */
export function faultSentence(path: string, fault: FileFault): string {
  const where = fault.line === undefined ? path : `${path} line ${fault.line}`;
  return `FAILED at seq ${fault.seq} (${where}): ${fault.kind}: ${fault.reason}`;
}

/** The head as `SEQ:HASH`, the form `--expect-head` takes. */
export function headText(head: ChainHead): string {
  return `${head.seq}:${head.hash}`;
}

/** Reads a public key file (64 hex characters, surrounding whitespace ignored) or throws a CliError naming it. */
export function readPublicKeyFile(path: string): string {
  return readHexKeyFile(path, 'public key');
}

/** Reads a private key file (the 32-byte Ed25519 seed as 64 hex characters) or throws a CliError naming it. */
export function readPrivateKeyFile(path: string): Uint8Array {
  return Uint8Array.from(Buffer.from(readHexKeyFile(path, 'private key'), 'hex'));
}

function readHexKeyFile(path: string, role: string): string {
  requireFile(path, role);
  const text = readFileSync(path, 'utf8').trim().toLowerCase();
  if (!isPublicKeyHex(text)) throw new CliError(`${path} does not hold an Ed25519 ${role} (64 hex characters on one line)`);
  return text;
}

/** Parses `--expect-head` or throws a CliError. */
export function expectedHeadFlag(text: string | undefined): ChainHead | undefined {
  if (text === undefined) return undefined;
  const head = parseExpectedHead(text);
  if (head === undefined) throw new CliError(`--expect-head must be SEQ:HASH (a seq and 64 lowercase hex characters), got ${JSON.stringify(text)}`);
  return head;
}
