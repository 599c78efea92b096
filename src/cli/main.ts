/**
 * The `payments-engine` command line, the library's only I/O: run request scripts, verify and
 * replay logs, print statements, make checkpoint keys, and run the demo. Each command is one row
 * of COMMANDS (its flags, help and code in src/cli/commands/); `runCli` parses and dispatches.
 * Exit code 0 on success, 1 on a broken log or failed check, 2 on bad usage or input.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCli } from './cli.js';
import type { CliCommand, CliIo } from './command.js';
import { CONVERT } from './commands/convert.js';
import { DEMO } from './commands/demo.js';
import { KEYGEN } from './commands/keygen.js';
import { OPENAPI } from './commands/openapi.js';
import { REPLAY } from './commands/replay.js';
import { RUN } from './commands/run.js';
import { SERVE } from './serve.js';
import { STATEMENT } from './commands/statement.js';
import { VERIFY } from './commands/verify.js';

/** Every command by name, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  run: RUN,
  verify: VERIFY,
  replay: REPLAY,
  statement: STATEMENT,
  convert: CONVERT,
  keygen: KEYGEN,
  openapi: OPENAPI,
  demo: DEMO,
  serve: SERVE,
};

/** The process's stdout, stderr and monotonic clock. */
export const PROCESS_IO: CliIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
  nowMs: () => performance.now(),
};

// Run only as the program itself (node, tsx, the npm bin link), not when a test imports the table.
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  void runCli(process.argv.slice(2), COMMANDS, PROCESS_IO).then((code) => {
    process.exitCode = code;
  });
}
