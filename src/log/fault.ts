/**
 * What is wrong with a log, as data. Verification and decoding return a LogFault; nothing in
 * src/log throws for bad input.
 */

/**
 * Why an event failed verification, in the order the checks run: `malformed` (not JSON, or not
 * exactly the canonical envelope line), `sequence` (seq is not previous + 1), `prev_hash`
 * (prevHash is not the previous hash), `hash` (hash is not the SHA-256 of the stored bytes).
 */
export type LogFaultKind = 'malformed' | 'sequence' | 'prev_hash' | 'hash';

/**
 * The first broken event of a log: `seq` is the seq the event at that position should have
 * (previous + 1, whatever the line itself says), `line` the 1-based line number, `reason` a
 * sentence for humans.
 */
export type LogFault = { seq: number; line: number; reason: string; kind: LogFaultKind };
