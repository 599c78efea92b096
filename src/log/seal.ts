/**
 * Sealing: turns a decider's NewEvent into the next envelope of the chain and its stored line.
 * The only place new hashes are made. Pure (the id and the time come in with the call).
 */
import { assert } from '../core/assert.js';
import { appendHash, eventDataText, LINE_LENGTH_MAX, unhashedFieldsProblem, unhashedTextWithData } from './codec.js';
import type { ChainHead, EventEnvelope, NewEvent } from './envelope.js';
import { checkedSha256, isHashHex, type Sha256Hex } from './hash.js';

/** Options for sealEvent: `sha256` replaces the default @noble/hashes digest. */
export type SealOptions = { sha256?: Sha256Hex };

/** A sealed event: the envelope to apply and the exact line to append to the log. */
export type SealedEvent<T = unknown> = { envelope: EventEnvelope<T>; line: string };

/**
 * Pure: seals `event` after `head` (seq = head.seq + 1, prevHash = head.hash) and returns the
 * envelope with the line that stores it; the envelope's `data` is `event.data` itself, not a copy.
 * Throws only on a bug: an invalid head, id, type, version, instant, non-JSON data or a line
 * longer than LINE_LENGTH_MAX.
 */
export function sealEvent<T>(
  head: ChainHead,
  event: NewEvent<T>,
  id: string,
  options: SealOptions = {},
): SealedEvent<T> {
  return sealEventWithDataText(head, event, eventDataText(event.data), id, options);
}

/**
 * `sealEvent` for data whose JSON text the caller already made (`eventDataText(event.data)`), so
 * that a writer that measures an event before applying it does not encode its data twice.
 * Internal to the library: `dataText` must be exactly the text of `event.data`.
 */
export function sealEventWithDataText<T>(
  head: ChainHead,
  event: NewEvent<T>,
  dataText: string,
  id: string,
  options: SealOptions = {},
): SealedEvent<T> {
  assert(Number.isSafeInteger(head.seq) && head.seq >= 0, 'head.seq must be an integer >= 0');
  assert(isHashHex(head.hash), 'head.hash must be 64 lowercase hex characters');
  const fields = {
    seq: head.seq + 1,
    id,
    type: event.type,
    version: event.version,
    at: event.at,
    data: event.data,
    prevHash: head.hash,
  };
  const problem = unhashedFieldsProblem(fields);
  assert(problem === undefined, `cannot seal event ${JSON.stringify(event.type)}: ${String(problem)}`);
  const unhashed = unhashedTextWithData(fields, dataText);
  const hash = checkedSha256(options.sha256)(unhashed);
  const line = appendHash(unhashed, hash);
  assert(line.length <= LINE_LENGTH_MAX, `event ${JSON.stringify(event.type)} is longer than LINE_LENGTH_MAX`);
  return { envelope: { ...fields, hash }, line };
}
