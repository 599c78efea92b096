/**
 * `run`: send a request script through an engine, print each response as a JSON line, and append
 * the events to `--log`. An existing log is never overwritten: it is verified and continued (the
 * engine replays it first), or refused when it does not verify.
 */
import { appendFileSync, existsSync, statSync } from 'node:fs';
import { createEngine, type Engine } from '../../engine/engine.js';
import { encodeEnvelope } from '../../log/index.js';
import type { CheckpointOptions } from '../../engine/checkpoint-events.js';
import type { EngineOptions } from '../../engine/options.js';
import { isBinaryLogFile } from '../audit-file.js';
import { auditForCommand, faultSentence, headText, readPrivateKeyFile } from '../audit-command.js';
import { CliError, EXIT, flag, requireFile, type CliCommand, type CliIo } from '../command.js';
import { endsWithNewline, lineWriter, type ReadPosition } from '../files.js';
import { nativeSha256 } from '../native-hash.js';
import { progressReporter } from '../progress.js';
import { runScript } from '../script.js';
import { scriptRequests } from '../script-file.js';

/** Events between two checkpoints when --checkpoint-every is not given. */
const CHECKPOINT_EVERY_DEFAULT = 1_000;

/** The `run` command: one JSON response a line on stdout; events appended to `--log`, never overwriting it. */
export const RUN: CliCommand = {
  summary: 'run a request script (one JSON request a line, each with "at") and append the events to a log',
  usage: '<requests.jsonl> [--log events.jsonl] [--seed N] [--checkpoint-key FILE [--checkpoint-every N]]',
  help: [
    '--log FILE  append the events here; an existing log is verified first and continued after its head',
    '            (refused if it does not verify), never overwritten. Continue with the --seed it was written with.',
    '--seed N    seed of the engine\'s deterministic ids (default 0)',
    '--checkpoint-key FILE    sign checkpoints with this Ed25519 private key (64 hex, e.g. from keygen)',
    `--checkpoint-every N     a signed checkpoint after at least N events (default ${CHECKPOINT_EVERY_DEFAULT})`,
  ],
  arguments: ['requests.jsonl'],
  options: { log: { type: 'string' }, seed: { type: 'string' }, 'checkpoint-key': { type: 'string' }, 'checkpoint-every': { type: 'string' } },
  run(args, io) {
    const scriptPath = args.positionals[0]!;
    const scriptBytes = requireFile(scriptPath, 'script');
    const seed = seedFlag(flag(args, 'seed'));
    const logPath = flag(args, 'log');
    const checkpoints = checkpointFlags(flag(args, 'checkpoint-key'), flag(args, 'checkpoint-every'));
    const engineOptions: RunEngineOptions = { seed, sha256: nativeSha256, ...(checkpoints === undefined ? {} : { checkpoints }) };
    const engine = logPath === undefined ? createEngine(engineOptions) : continuedEngine(logPath, engineOptions, io);
    const writer = logPath === undefined ? undefined : openLog(logPath);
    const position: ReadPosition = { bytes: 0 };
    const progress = progressReporter('ran', scriptBytes, io.nowMs, io.err, 'requests');
    let ran = 0;
    try {
      runScript(engine, scriptRequests(scriptPath, position), (step) => {
        io.out(JSON.stringify({ n: step.n, status: step.response.status, body: step.response.body }));
        for (const event of step.events) writer?.write(encodeEnvelope(event));
        ran = step.n;
        progress(position.bytes, ran);
      });
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      const kept = logPath === undefined ? '' : `, their events are in ${logPath}`;
      throw new CliError(`${error.message}; stopped there (requests run before it: ${ran}${kept})`, error.exitCode);
    } finally {
      writer?.close();
    }
    return EXIT.ok;
  },
};

type RunEngineOptions = Pick<EngineOptions, 'seed' | 'sha256' | 'checkpoints'>;

function checkpointFlags(keyFile: string | undefined, everyText: string | undefined): CheckpointOptions | undefined {
  if (keyFile === undefined) {
    if (everyText !== undefined) throw new CliError('--checkpoint-every needs --checkpoint-key FILE');
    return undefined;
  }
  const everyEvents = everyText === undefined ? CHECKPOINT_EVERY_DEFAULT : Number(everyText);
  if (!Number.isSafeInteger(everyEvents) || everyEvents < 1 || (everyText !== undefined && !/^\d+$/.test(everyText))) {
    throw new CliError(`--checkpoint-every must be an integer >= 1, got ${JSON.stringify(everyText)}`);
  }
  return { privateKey: readPrivateKeyFile(keyFile), everyEvents };
}

function openLog(logPath: string): ReturnType<typeof lineWriter> {
  try {
    return lineWriter(logPath, existsSync(logPath) ? 'append' : 'create');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'ENOENT' ? 'its folder does not exist' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new CliError(`cannot write log ${logPath}: ${why}`);
  }
}

function seedFlag(text: string | undefined): number {
  if (text === undefined) return 0;
  const seed = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(seed)) throw new CliError(`--seed must be an integer, got ${JSON.stringify(text)}`);
  return seed;
}

/** A fresh engine for a new or empty log; for an existing one, the engine that replayed it after verifying it. */
function continuedEngine(logPath: string, engineOptions: RunEngineOptions, io: CliIo): Engine {
  if (!existsSync(logPath)) return createEngine(engineOptions);
  if (statSync(logPath).isDirectory()) throw new CliError(`--log ${logPath} is a directory`);
  if (statSync(logPath).size === 0) return createEngine(engineOptions);
  // `run` appends JSONL lines: to a binary log they would be garbage past its last block.
  if (isBinaryLogFile(logPath)) throw new CliError(`--log ${logPath} is a binary log, and run appends JSONL lines: convert it to JSONL first (payments-engine convert)`);
  const audit = auditForCommand(logPath, { canonical: true, engine: engineOptions }, io);
  if (audit.fault !== undefined || !audit.report.ok) {
    const why = audit.fault === undefined ? 'it does not replay' : faultSentence(logPath, audit.fault);
    throw new CliError(`--log ${logPath} exists and does not verify, so it is left as it is and nothing was run (${why})`, EXIT.failed);
  }
  // A log whose last line has no "\n" verifies; the next line must not be glued to it.
  if (!endsWithNewline(logPath)) appendFileSync(logPath, '\n');
  const engine = audit.report.engine;
  io.err(`continuing ${logPath} after its head ${headText(engine.head())}`);
  return engine;
}
