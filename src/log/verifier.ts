/**
 * The incremental chain verifier: feed it stored lines in order and it reports the first broken
 * event. verifyLog, verifyLogStream and replay all drive this one object, so that a log can be
 * verified and applied in a single pass.
 */
import { assert } from '../core/assert.js';
import { decodeChainedLine, decodeLine, hashedTextOf } from './codec.js';
import { EMPTY_HEAD, type ChainHead, type EventEnvelope } from './envelope.js';
import type { LogFault, LogFaultKind } from './fault.js';
import { isHashHex, sha256Hex, type Sha256Hex } from './hash.js';

/**
 * Options of every verifier: `sha256` replaces the default digest; `onEvent` receives each event
 * once it is verified, in order; `from` starts the chain at a snapshot's head instead of
 * EMPTY_HEAD; `firstLineNumber` numbers the first pushed line (default from.seq + 1, right when
 * the lines come from a log file that starts at seq 1).
 */
export type VerifyOptions = {
  sha256?: Sha256Hex;
  /**
   * Also require each line to be byte for byte the canonical encoding (default true). Off, the
   * hash chain still vouches for every byte; only ambiguous JSON (duplicate keys, other number
   * forms) that the writer itself produced goes unreported. Replay of trusted logs turns it off.
   */
  canonical?: boolean;
  onEvent?: (env: EventEnvelope) => void;
  from?: ChainHead;
  firstLineNumber?: number;
};

/**
 * An incremental verifier. `push` checks one line and returns the fault, or undefined when the
 * line extends the chain; after a fault every push returns that same fault. `head` and `count`
 * describe the verified prefix (`count` excludes events before `from`).
 */
export type ChainVerifier = {
  push(line: string): LogFault | undefined;
  readonly head: ChainHead;
  readonly count: number;
  readonly fault: LogFault | undefined;
};

/**
 * Creates a verifier that checks, per line and in this order: JSON and structure (decodeLine),
 * seq = previous + 1, prevHash = previous hash, hash = SHA-256 of the stored bytes. One blank
 * line is allowed at the end; a blank line followed by anything is malformed.
 */
export function createChainVerifier(options: VerifyOptions = {}): ChainVerifier {
  // Its digests are checked in push: one format scan serves both the digest and the hash field
  // that must equal it.
  const sha256 = options.sha256 ?? sha256Hex;
  return createVerifier(options, (line) => sha256(hashedTextOf(line)));
}

/**
 * `createChainVerifier` with each line's digest, the SHA-256 hex of `hashedTextOf(line)`, taken
 * from `lineDigest` instead: for a caller that hashed the lines elsewhere (the CLI, on a worker
 * thread). `lineDigest` is called with the line being pushed, once, when the line reaches the
 * hash check; the checks and faults are those of createChainVerifier.
 */
export function createLineDigestVerifier(options: Omit<VerifyOptions, 'sha256'>, lineDigest: (line: string) => string): ChainVerifier {
  return createVerifier(options, lineDigest);
}

function createVerifier(options: Omit<VerifyOptions, 'sha256'>, lineDigest: (line: string) => string): ChainVerifier {
  const from = options.from ?? EMPTY_HEAD;
  assert(Number.isSafeInteger(from.seq) && from.seq >= 0, 'from.seq must be an integer >= 0');
  assert(isHashHex(from.hash), 'from.hash must be 64 lowercase hex characters');
  const onEvent = options.onEvent;
  const canonical = options.canonical ?? true;
  let headSeq = from.seq;
  let headHash = from.hash;
  let count = 0;
  let lineNumber = (options.firstLineNumber ?? from.seq + 1) - 1;
  let blankLineNumber: number | undefined;
  let fault: LogFault | undefined;

  const fail = (kind: LogFaultKind, reason: string, line: number = lineNumber): LogFault => {
    fault = { seq: headSeq + 1, line, reason, kind };
    return fault;
  };

  // The hash field's format is proved by the digest matching it, so push decodes without that
  // check; on any fault, decodeLine's own fault comes first, as that check does there.
  const decodeFault = (line: string, expectedSeq: number): LogFault | undefined => {
    const full = decodeLine(line, lineNumber, expectedSeq, canonical, headHash);
    if (!full.ok) fault = full.error;
    return fault;
  };

  return {
    push(line: string): LogFault | undefined {
      if (fault !== undefined) return fault;
      lineNumber += 1;
      if (blankLineNumber !== undefined) {
        return fail('malformed', 'blank line inside the log (only one trailing blank line is allowed)', blankLineNumber);
      }
      if (line === '') {
        // Could be the empty string after a final "\n"; it is a fault only if a line follows.
        blankLineNumber = lineNumber;
        return undefined;
      }
      const expectedSeq = headSeq + 1;
      const decoded = decodeChainedLine(line, lineNumber, expectedSeq, canonical, headHash);
      if (!decoded.ok) {
        fault = decodeFault(line, expectedSeq) ?? decoded.error;
        return fault;
      }
      const env = decoded.value;
      if (env.seq !== expectedSeq) return decodeFault(line, expectedSeq) ?? fail('sequence', `expected seq ${expectedSeq}, found seq ${env.seq}`);
      if (env.prevHash !== headHash) {
        return decodeFault(line, expectedSeq) ?? fail('prev_hash', `prevHash ${env.prevHash} is not the hash of seq ${headSeq} (${headHash})`);
      }
      const digest = lineDigest(line);
      // Equal, the digest and the hash field are well formed together or not at all: one scan
      // for both. A field that is not hex is decodeLine's malformed fault; a digest that is not
      // hex, a broken Sha256Hex.
      if (digest !== env.hash || !isHashHex(digest)) {
        if (decodeFault(line, expectedSeq) !== undefined) return fault;
        assert(isHashHex(digest), 'Sha256Hex must return 64 lowercase hex characters');
        return fail('hash', `hash ${String(env.hash)} is not the SHA-256 of the line (${digest})`);
      }
      headSeq = env.seq;
      headHash = env.hash;
      count += 1;
      onEvent?.(env);
      return undefined;
    },
    get head(): ChainHead {
      return { seq: headSeq, hash: headHash };
    },
    get count(): number {
      return count;
    },
    get fault(): LogFault | undefined {
      return fault;
    },
  };
}
