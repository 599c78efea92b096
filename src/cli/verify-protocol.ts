/** What the main thread and the verify worker (verify-worker.ts) exchange. */
import type { LogFault } from '../log/index.js';

/** Index in the shared signal words: set to 1 once the worker listens. */
export const READY = 0;
/** Index in the shared signal words: number of answers the worker has posted. */
export const ANSWERS = 1;

/** The worker's start-up data. */
export type VerifyWorkerData = {
  /** Two Int32 words: READY and ANSWERS. */
  readonly signal: Int32Array;
  readonly canonical: boolean;
};

/** The answer to one posted chunk. */
export type ChunkAnswer = {
  /** How many of the chunk's lines (split on "\n") passed, in order from its first. */
  readonly passed: number;
  /** The verifier's fault, once there is one (the same fault in every later answer). */
  readonly fault: LogFault | undefined;
  /** Events verified so far in the whole file. */
  readonly count: number;
  /** A bug in the worker: its stack. */
  readonly error?: string;
};
