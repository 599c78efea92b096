/**
 * The shape of a CLI command and the few things every command shares: where output goes, the
 * error a user can fix (one sentence, no stack trace), and opening an input file. A command is
 * one entry of the table in main.ts; `runCli` (cli.ts) parses its flags and calls it.
 */
import { statSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';

/** Where a command writes: `out` for results (stdout), `err` for faults and progress (stderr). */
export type CliIo = {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Milliseconds of a monotonic clock, for progress and time left. */
  readonly nowMs: () => number;
};

/** Flags as `util.parseArgs` returns them, and the positional arguments in order. */
export type CliArgs = {
  readonly positionals: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
};

/** One command of the table in main.ts. */
export type CliCommand = {
  /** One line for the command list of `--help`. */
  readonly summary: string;
  /** Its arguments and flags, e.g. `<events.jsonl> [--json]`. */
  readonly usage: string;
  /** Longer help: one line per flag. */
  readonly help?: readonly string[];
  /** Names of its positional arguments, all required (`runCli` checks the count). */
  readonly arguments: readonly string[];
  /** Its flags for `util.parseArgs` (`--help` and `--version` are added for every command). */
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** Runs it; returns the exit code (0 ok, 1 a failed check, 2 bad usage or input). */
  readonly run: (args: CliArgs, io: CliIo) => number | Promise<number>;
};

/** Exit codes of every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * A problem the user can fix (a missing file, a bad flag, a bad line in an input file): `runCli`
 * prints its message, one sentence naming the file and line, and exits with `exitCode`.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

/** Returns the size of the regular file at `path`, or throws a CliError naming it (`role`: "log", "script"). */
export function requireFile(path: string, role: string): number {
  let size: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new CliError(`cannot read ${role} ${path}: it is a directory`);
    size = stat.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String((error as Error).message);
    throw new CliError(`cannot read ${role} ${path}: ${why}`);
  }
  return size;
}

/** The string value of flag `name`, or undefined. */
export function flag(args: CliArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}
