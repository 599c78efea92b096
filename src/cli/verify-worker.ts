/**
 * The worker half of `auditFile` (audit-file.ts): hashes the lines of the chunks the main thread
 * copies into shared slots, and answers each chunk with its lines' digests (for a binary log's
 * block, with the index of its first wrong digest). The main thread
 * parses, checks and applies every line itself; this thread takes the SHA-256 off it without
 * parsing anything, so that two threads never do more work than one. Besides the slots, it
 * shares only the signal word it bumps after each answer, which lets the main thread block on
 * Atomics.wait when it chooses to wait.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { firstWrongDigestInBlock } from '../log/binary/hashed-text.js';
import { hashedTextOf } from '../log/index.js';
import { decodeBytes } from './files.js';
import { nativeSha256, nativeSha256Bytes } from './native-hash.js';
import { ANSWERS, READY, type ChunkAnswer, type ChunkRequest, type VerifyWorkerData } from './verify-protocol.js';

const { port, signal, slots } = workerData as VerifyWorkerData & { port: MessagePort };

function answer(message: ChunkAnswer): void {
  port.postMessage(message);
  Atomics.add(signal, ANSWERS, 1);
  Atomics.notify(signal, ANSWERS);
}

// The chunk's text is decoded exactly as the main thread decoded it, from the same bytes, so
// each digest is the one the main thread's verifier would compute for the same line.
function lineDigests({ slot, slotBytes, byteLength }: ChunkRequest): string {
  const text = decodeBytes(Buffer.from(slots, slot * slotBytes, byteLength));
  const digests: string[] = [];
  for (const line of text.split('\n')) digests.push(nativeSha256(hashedTextOf(line)));
  return digests.join('');
}

// A binary log's block: its events' canonical lines written straight from its bytes and hashed;
// the main thread decodes the same bytes and checks the block's place in the chain.
function blockVerdict({ slot, slotBytes, byteLength }: ChunkRequest): number {
  return firstWrongDigestInBlock(new Uint8Array(slots, slot * slotBytes, byteLength), 0, byteLength, nativeSha256Bytes);
}

parentPort?.on('message', (request: ChunkRequest) => {
  try {
    if (request.kind === 'block') answer({ chunk: request.chunk, digests: '', wrong: blockVerdict(request) });
    else answer({ chunk: request.chunk, digests: lineDigests(request) });
  } catch (error) {
    // A bug: hand it to the main thread rather than leave it waiting.
    answer({ chunk: request.chunk, digests: '', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

Atomics.store(signal, READY, 1);
Atomics.notify(signal, READY);
