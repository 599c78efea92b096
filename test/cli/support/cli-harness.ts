/**
 * Runs the CLI in-process over the real command table (main.ts), capturing stdout and stderr,
 * and builds the logs the CLI tests audit: the demo's log, signed with checkpoints as a writer
 * with a private key would, and re-sealed as an attacker without the key would.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli/cli.js';
import { DEMO_SCRIPT } from '../../../src/cli/demo.js';
import { COMMANDS } from '../../../src/cli/main.js';
import { runScript } from '../../../src/cli/script.js';
import { createEngine } from '../../../src/engine/engine.js';
import { CHECKPOINT_EVENT_TYPE, checkpointDraft } from '../../../src/engine/checkpoint-events.js';
import { EMPTY_HEAD, sealEvent, type ChainHead, type EventEnvelope } from '../../../src/log/index.js';

/** What one CLI run printed and returned. */
export type CliRun = { readonly code: number; readonly out: string; readonly err: string };

/** Runs `payments-engine ...argv` in this process; `nowMs` drives progress (default: a clock that never moves). */
export async function cli(argv: readonly string[], nowMs: () => number = () => 0): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, COMMANDS, { out: (line) => out.push(line), err: (line) => err.push(line), nowMs });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A temporary folder removed by the returned `cleanup`. */
export function tempDir(prefix: string): { dir: string; file: (name: string, text?: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file: (name, text) => {
      const path = join(dir, name);
      if (text !== undefined) writeFileSync(path, text);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The private key of the tests' writer (never a real key), and its public key in hex. */
export const WRITER_KEY = new Uint8Array(32).fill(11);

/** The demo's events as the engine writes them. */
export function demoEvents(): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  runScript(createEngine(), DEMO_SCRIPT, (step) => events.push(...step.events));
  return events;
}

/** JSONL text of stored lines (each ends in "\n"). */
export function jsonl(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * Seals `events` again from the empty head, as lines. With `checkpointEvery` and a key, a signed
 * checkpoint follows every that many events (what a writer with the key does). A checkpoint
 * already in `events` is moved to its new position (its seq and hash made to cover the event
 * before it) but keeps its old signature: what an attacker without the key can do.
 */
export function reseal(events: readonly EventEnvelope[], sign?: { privateKey: Uint8Array; checkpointEvery: number }): string[] {
  const lines: string[] = [];
  let head: ChainHead = EMPTY_HEAD;
  let sinceCheckpoint = 0;
  const append = (env: Pick<EventEnvelope, 'id' | 'type' | 'version' | 'at' | 'data'>): void => {
    const sealed = sealEvent(head, { type: env.type, version: env.version, at: env.at, data: env.data }, env.id);
    lines.push(sealed.line);
    head = { seq: sealed.envelope.seq, hash: sealed.envelope.hash };
  };
  for (const env of events) {
    if (env.type === CHECKPOINT_EVENT_TYPE) {
      append({ ...env, data: { ...(env.data as object), seq: head.seq, hash: head.hash } });
      continue;
    }
    append(env);
    sinceCheckpoint += 1;
    if (sign !== undefined && sinceCheckpoint === sign.checkpointEvery) {
      const { type, data } = checkpointDraft(head, { privateKey: sign.privateKey, everyEvents: sign.checkpointEvery });
      append({ id: `checkpoint-${head.seq + 1}`, type, version: 1, at: env.at, data });
      sinceCheckpoint = 0;
    }
  }
  return lines;
}

/** Parses stored lines back into envelopes. */
export function parseLines(lines: readonly string[]): EventEnvelope[] {
  return lines.map((line) => JSON.parse(line) as EventEnvelope);
}
