/**
 * `runCli`: picks the command from the table, parses its flags with `util.parseArgs` (flags in
 * any position, before or after the command), answers `--help` and `--version`, and turns a
 * CliError into one sentence on stderr and its exit code. Everything else is the command's.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CliError, EXIT, type CliCommand, type CliIo } from './command.js';

const PROGRAM = 'payments-engine';
const GLOBAL_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/** The package's version, read from the package.json two folders up (src/cli or dist/cli). */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The usage text: every command, or one command with its flags. */
export function usageText(commands: Readonly<Record<string, CliCommand>>, name?: string): string {
  const command = name === undefined ? undefined : commands[name];
  if (command !== undefined && name !== undefined) {
    return [`usage: ${PROGRAM} ${name} ${command.usage}`, '', command.summary, ...(command.help ?? []).map((line) => `  ${line}`)].join('\n');
  }
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    `usage: ${PROGRAM} <command> [arguments] [flags]`,
    '',
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`),
    '',
    `${PROGRAM} <command> --help shows a command's flags; --version prints the version.`,
    'Exit codes: 0 ok, 1 a failed check (broken log, bad signature, wrong head), 2 bad usage or input.',
  ].join('\n');
}

/**
 * Runs the command named in `argv` (process.argv without node and the script) and returns the
 * exit code. Never throws for user input; a throw that is not a CliError is a bug and propagates.
 */
export async function runCli(argv: readonly string[], commands: Readonly<Record<string, CliCommand>>, io: CliIo): Promise<number> {
  // The command is the first argument that names one, so global flags may come before it.
  const at = argv.findIndex((arg) => Object.hasOwn(commands, arg));
  const name = at < 0 ? undefined : argv[at];
  const command = name === undefined ? undefined : commands[name];
  const rest = at < 0 ? [...argv] : [...argv.slice(0, at), ...argv.slice(at + 1)];
  if (command === undefined) {
    if (rest.includes('--version') || rest.includes('-V')) return printed(io, packageVersion());
    if (rest.includes('--help') || rest.includes('-h') || rest.length === 0) {
      if (rest.length === 0) return failed(io, usageText(commands), EXIT.usage);
      return printed(io, usageText(commands));
    }
    const unknown = rest.find((arg) => !arg.startsWith('-')) ?? rest[0];
    return failed(io, `unknown command ${JSON.stringify(unknown)}; commands: ${Object.keys(commands).join(', ')} (--help for more)`, EXIT.usage);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: { ...command.options, ...GLOBAL_OPTIONS }, allowPositionals: true, strict: true });
  } catch (error) {
    // util.parseArgs throws a TypeError with a code ERR_PARSE_ARGS_* and a sentence for the user.
    return failed(io, `${name}: ${(error as Error).message} (${PROGRAM} ${name} --help)`, EXIT.usage);
  }
  if (parsed.values['help'] === true) return printed(io, usageText(commands, name));
  if (parsed.values['version'] === true) return printed(io, packageVersion());
  const expected = command.arguments;
  if (parsed.positionals.length !== expected.length) {
    const problem =
      parsed.positionals.length < expected.length
        ? `missing ${expected.slice(parsed.positionals.length).map((a) => `<${a}>`).join(' ')}`
        : `unexpected argument ${JSON.stringify(parsed.positionals[expected.length])}`;
    return failed(io, `${name}: ${problem}; usage: ${PROGRAM} ${name} ${command.usage}`, EXIT.usage);
  }
  try {
    return await command.run({ positionals: parsed.positionals, values: parsed.values as Record<string, string | boolean | undefined> }, io);
  } catch (error) {
    if (error instanceof CliError) return failed(io, `${name}: ${error.message}`, error.exitCode);
    // A file system error no command foresaw (a full disk, a folder it may not write): its
    // message names the call and the path, which is all the user needs. Anything else is a bug.
    if (isSystemError(error)) return failed(io, `${name}: ${error.message}`, EXIT.usage);
    throw error;
  }
}

function isSystemError(error: unknown): error is Error & { code: string; syscall: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && typeof (error as { syscall?: unknown }).syscall === 'string';
}

function printed(io: CliIo, text: string): number {
  io.out(text);
  return EXIT.ok;
}

function failed(io: CliIo, text: string, code: number): number {
  io.err(text);
  return code;
}
