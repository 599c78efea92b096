/**
 * The JSONL codec: one envelope per line, fields in a fixed order, each value written by
 * JSON.stringify. Also defines the exact text that is hashed. Pure; no hashing happens here.
 */
import { assert } from '../core/assert.js';
import { err, ok, type Result } from '../core/result.js';
import { ENVELOPE_FIELDS, type EventEnvelope } from './envelope.js';
import type { LogFault } from './fault.js';
import { HASH_HEX_LENGTH, isHashHex } from './hash.js';

/**
 * Longest line the log accepts, in UTF-16 code units (1 MiB of ASCII). Payment events are a few
 * hundred characters; the bound stops a corrupt file without newlines from being parsed whole.
 */
export const LINE_LENGTH_MAX = 1_048_576;

/** Length of the stored hash field `,"hash":"<64 hex>"}` that ends every line: 9 + 64 + 2. */
export const HASH_FIELD_LENGTH = 9 + HASH_HEX_LENGTH + 2;

// Same shape as core/time.ts accepts: date-time with "Z" or ±hh:mm. Shape only (no calendar
// check), because replay must stay cheap; instants are validated where they enter the engine.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The envelope without its hash: what `sealEvent` hashes. */
type UnhashedFields = Omit<EventEnvelope, 'hash'>;

/**
 * Returns why `fields` cannot be stored (seq..prevHash), or undefined when they can. Shared by
 * the writer (as an assertion) and the reader (as a fault), so both enforce the same facts.
 * `knownHash` is a hash already known to be well formed (the chain's head): a prevHash equal to
 * it needs no format check, which saves a verifier one 64-character scan per line.
 */
export function unhashedFieldsProblem(fields: Readonly<Record<string, unknown>>, knownHash?: string): string | undefined {
  const { seq, id, type, version, at, prevHash } = fields;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return 'seq must be an integer >= 1';
  if (typeof id !== 'string' || id.length === 0) return 'id must be a non-empty string';
  if (typeof type !== 'string' || type.length === 0) return 'type must be a non-empty string';
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return 'version must be an integer >= 1';
  }
  if (typeof at !== 'string' || !INSTANT.test(at)) return 'at must be an ISO instant with a zone offset';
  if (!Object.hasOwn(fields, 'data')) return 'data is missing';
  if (prevHash !== knownHash && !isHashHex(prevHash)) return 'prevHash must be 64 lowercase hex characters';
  return undefined;
}

/**
 * JSON text of event data. Throws (a bug) when the data cannot be stored: undefined, a function,
 * or a bigint, which the library keeps out of events by writing amounts as decimal strings.
 */
export function eventDataText(data: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (cause) {
    assert(false, `event data is not JSON-safe: ${String(cause)}`);
  }
  assert(text !== undefined, 'event data is not JSON-safe: JSON.stringify returned undefined');
  return text;
}

/**
 * Pure: the exact text that is hashed for an event, `{"seq":..,...,"prevHash":".."}`. It equals
 * the stored line with its final HASH_FIELD_LENGTH characters replaced by `}`.
 */
export function unhashedText(fields: UnhashedFields): string {
  return unhashedTextWithData(fields, eventDataText(fields.data));
}

/** Pure: `unhashedText` for data already encoded as `dataJson`. */
export function unhashedTextWithData(fields: UnhashedFields, dataJson: string): string {
  return (
    `{"seq":${JSON.stringify(fields.seq)},"id":${JSON.stringify(fields.id)}` +
    `,"type":${JSON.stringify(fields.type)},"version":${JSON.stringify(fields.version)}` +
    `,"at":${JSON.stringify(fields.at)},"data":${dataJson}` +
    `,"prevHash":${JSON.stringify(fields.prevHash)}}`
  );
}

/** Pure: the stored line for an unhashed text and its hash (drops the final `}`, appends hash). */
export function appendHash(unhashed: string, hash: string): string {
  return `${unhashed.slice(0, -1)},"hash":${JSON.stringify(hash)}}`;
}

/**
 * Pure: the text whose SHA-256 a stored line carries, made by slicing the stored line (never by
 * re-encoding), so verification hashes exactly the bytes that were written. Only meaningful for a
 * line that `decodeLine` accepted.
 */
export function hashedTextOf(line: string): string {
  return `${line.slice(0, line.length - HASH_FIELD_LENGTH)}}`;
}

/**
 * Pure: the one-line JSONL form of an envelope (no newline), fields in stored order. Throws only
 * on a bug: an envelope the reader would reject (bad seq, hash format, non-JSON data...).
 */
export function encodeEnvelope(env: EventEnvelope): string {
  const problem = unhashedFieldsProblem(env);
  assert(problem === undefined, `cannot encode envelope seq ${String(env.seq)}: ${String(problem)}`);
  assert(isHashHex(env.hash), `cannot encode envelope seq ${env.seq}: hash must be 64 lowercase hex`);
  const line = appendHash(unhashedText(env), env.hash);
  assert(line.length <= LINE_LENGTH_MAX, `envelope seq ${env.seq} encodes longer than LINE_LENGTH_MAX`);
  return line;
}

function keysProblem(record: object): string | undefined {
  // The common case without allocating: for-in walks own keys in order (no inherited ones on a
  // parsed object), and a log's lines all have the same eight.
  let i = 0;
  let inOrder = true;
  for (const key in record) {
    if (key !== ENVELOPE_FIELDS[i]) {
      inOrder = false;
      break;
    }
    i += 1;
  }
  if (inOrder && i === ENVELOPE_FIELDS.length) return undefined;
  const keys = Object.keys(record);
  for (const field of ENVELOPE_FIELDS) {
    if (!Object.hasOwn(record, field)) return `missing field "${field}"`;
  }
  const known: ReadonlySet<string> = new Set(ENVELOPE_FIELDS);
  const extra = keys.find((key) => !known.has(key));
  if (extra !== undefined) return `unexpected field ${JSON.stringify(extra)}`;
  return `fields out of order: expected ${ENVELOPE_FIELDS.join(',')}, found ${keys.join(',')}`;
}

// Matches an unpaired UTF-16 surrogate (in `u` mode a valid pair is one code point).
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when `text` holds an unpaired surrogate. ES2024's `isWellFormed` answers in one step for
 * the usual ASCII line, where the regex walks every character (~3 µs a line); the regex is the
 * fallback for runtimes without it.
 */
function hasLoneSurrogate(text: string): boolean {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return wellFormed === undefined ? LONE_SURROGATE.test(text) : !wellFormed.call(text);
}

function malformedLine(seq: number, line: number, reason: string): Result<EventEnvelope, LogFault> {
  return err({ seq, line, reason, kind: 'malformed' });
}

/**
 * Pure: parses one stored line into an envelope, checking structure only (JSON, every field
 * present in order with nothing extra, types, hash formats, and that the line is byte for byte
 * what encodeEnvelope would write — skipped when `canonical` is false, which still refuses lone
 * surrogates). Does not check the chain or the hash value. A fault names `expectedSeq` (default:
 * `lineNumber`, true for a log that starts at seq 1). `knownHash`, a well-formed hash such as
 * the chain's head, only spares re-checking the format of a prevHash equal to it.
 */
export function decodeLine(
  line: string,
  lineNumber: number,
  expectedSeq: number = lineNumber,
  canonical = true,
  knownHash?: string,
): Result<EventEnvelope, LogFault> {
  return decode(line, lineNumber, expectedSeq, canonical, knownHash, true);
}

/**
 * `decodeLine` without the hash field's format check, for a chain verifier that compares that
 * field with the digest it computes and checks the digest's format: an equal field shares it, so
 * one 64-character scan serves both. A caller that then finds any fault, here or in
 * the chain, must report `decodeLine`'s fault instead when it has one, since that check comes
 * first there.
 */
export function decodeChainedLine(
  line: string,
  lineNumber: number,
  expectedSeq: number,
  canonical: boolean,
  headHash: string,
): Result<EventEnvelope, LogFault> {
  return decode(line, lineNumber, expectedSeq, canonical, headHash, false);
}

function decode(
  line: string,
  lineNumber: number,
  expectedSeq: number,
  canonical: boolean,
  knownHash: string | undefined,
  checkHashFormat: boolean,
): Result<EventEnvelope, LogFault> {
  if (line.length > LINE_LENGTH_MAX) return malformedLine(expectedSeq, lineNumber, `line is longer than ${LINE_LENGTH_MAX} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (cause) {
    return malformedLine(expectedSeq, lineNumber, `not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return malformedLine(expectedSeq, lineNumber, 'line is not a JSON object');
  }
  const record = parsed as Record<string, unknown>;
  const problem = keysProblem(record) ?? unhashedFieldsProblem(record, knownHash);
  if (problem !== undefined) return malformedLine(expectedSeq, lineNumber, problem);
  if (checkHashFormat && !isHashHex(record['hash'])) return malformedLine(expectedSeq, lineNumber, 'hash must be 64 lowercase hex characters');
  const env = record as EventEnvelope;
  if (!canonical) {
    // Without the canonical check the hash alone vouches for the bytes; the one text whose bytes
    // are ambiguous is a lone surrogate (it encodes as U+FFFD), so refuse those outright.
    return hasLoneSurrogate(line) ? malformedLine(expectedSeq, lineNumber, 'line holds a lone UTF-16 surrogate') : ok(env);
  }
  let dataJson: string;
  try {
    dataJson = JSON.stringify(env.data);
  } catch {
    // JSON.parse is iterative but JSON.stringify recurses: data nested some 10^5 deep parses,
    // then overflows the stack here. Bad input is a fault, never a throw.
    return malformedLine(expectedSeq, lineNumber, 'data is nested too deeply to re-encode');
  }
  // Pins one byte string per envelope: no whitespace, other escapes, other number forms or
  // duplicate keys, so every reader in every language sees the same values under the same hash.
  if (appendHash(unhashedTextWithData(env, dataJson), env.hash) !== line) {
    return malformedLine(expectedSeq, lineNumber, 'line is not in canonical form (whitespace, escapes, numbers or duplicate keys)');
  }
  return ok(env);
}
