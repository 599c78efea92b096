/**
 * Whole-log verification over a sync or an async line source. Both stop at the first broken
 * event and report it as data; neither reads files (the caller supplies the lines).
 */
import type { ChainHead } from './envelope.js';
import type { LogFault } from './fault.js';
import { createChainVerifier, type ChainVerifier, type VerifyOptions } from './verifier.js';

/**
 * The outcome of verifying a log: either every line chained (`count` events, ending at `head`),
 * or the first fault with the `verifiedCount` events and the `head` before it.
 */
export type LogVerification =
  | { ok: true; count: number; head: ChainHead }
  | { ok: false; fault: LogFault; verifiedCount: number; head: ChainHead };

function outcome(verifier: ChainVerifier): LogVerification {
  const { fault, count, head } = verifier;
  return fault === undefined ? { ok: true, count, head } : { ok: false, fault, verifiedCount: count, head };
}

/**
 * Verifies `lines` in order and reports the first broken event; never throws for bad input and
 * stops reading at the fault. `options.onEvent` sees each verified event, so one pass can verify
 * and replay.
 */
export function verifyLog(lines: Iterable<string>, options: VerifyOptions = {}): LogVerification {
  const verifier = createChainVerifier(options);
  for (const line of lines) {
    if (verifier.push(line) !== undefined) break;
  }
  return outcome(verifier);
}

/**
 * Same contract as verifyLog over an async line source (e.g. node:readline over a large file);
 * stops reading at the first fault, which closes the source through its `return`.
 */
export async function verifyLogStream(
  lines: AsyncIterable<string>,
  options: VerifyOptions = {},
): Promise<LogVerification> {
  const verifier = createChainVerifier(options);
  for await (const line of lines) {
    if (verifier.push(line) !== undefined) break;
  }
  return outcome(verifier);
}
