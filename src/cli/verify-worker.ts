/**
 * The worker half of `auditFile` (verify-thread.ts): runs the chain verifier over the text
 * chunks the main thread posts and answers, per chunk, how many of its lines passed and the
 * fault if one did not. Shares nothing with the main thread but the signal word it bumps after
 * each answer, which lets the main thread block on Atomics.wait instead of an event loop.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createChainVerifier } from '../log/index.js';
import { nativeSha256 } from './native-hash.js';
import { ANSWERS, READY, type ChunkAnswer, type VerifyWorkerData } from './verify-protocol.js';

const { port, signal, canonical } = workerData as VerifyWorkerData & { port: MessagePort };
const verifier = createChainVerifier({ sha256: nativeSha256, canonical });

function answer(message: ChunkAnswer): void {
  port.postMessage(message);
  Atomics.add(signal, ANSWERS, 1);
  Atomics.notify(signal, ANSWERS);
}

parentPort?.on('message', (text: string) => {
  try {
    let passed = 0;
    if (verifier.fault === undefined) {
      for (const line of text.split('\n')) {
        if (verifier.push(line) !== undefined) break;
        passed += 1;
      }
    }
    answer({ passed, fault: verifier.fault, count: verifier.count });
  } catch (error) {
    // A bug (an assertion): hand it to the main thread rather than leave it waiting.
    answer({ passed: 0, fault: undefined, count: verifier.count, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

Atomics.store(signal, READY, 1);
Atomics.notify(signal, READY);
