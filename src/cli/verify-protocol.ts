/** What the main thread and the hash worker (verify-worker.ts) exchange. */

/** Index in the shared signal words: set to 1 once the worker listens. */
export const READY = 0;
/** Index in the shared signal words: number of answers the worker has posted. */
export const ANSWERS = 1;

/** The worker's start-up data. */
export type VerifyWorkerData = {
  /** Two Int32 words: READY and ANSWERS. */
  readonly signal: Int32Array;
  /** The chunk slots: the main thread copies a chunk's bytes into one, the worker reads them. */
  readonly slots: SharedArrayBuffer;
};

/** What a chunk holds: whole lines of a text log, or one block of a binary log. */
export type ChunkKind = 'lines' | 'block';

/** A chunk to hash: the first `byteLength` bytes of slot `slot`, which starts at `slot * slotBytes`. */
export type ChunkRequest = {
  readonly kind: ChunkKind;
  /** The chunk's number in the file, from 0; its answer carries it back. */
  readonly chunk: number;
  readonly slot: number;
  readonly slotBytes: number;
  readonly byteLength: number;
};

/** The answer to one posted chunk, in the order they were posted. */
export type ChunkAnswer = {
  readonly chunk: number;
  /**
   * For the chunk's lines (its text, decoded as the main thread decodes it, split on "\n"), in
   * order, the 64 hex characters of SHA-256 of `hashedTextOf(line)`, one after another.
   */
  readonly digests: string;
  /**
   * For a block: -1 when every event's hash is the SHA-256 of its canonical line, else the index
   * of the first event not proved so (`firstWrongDigestInBlock`).
   */
  readonly wrong?: number;
  /** A bug in the worker: its stack. */
  readonly error?: string;
};
