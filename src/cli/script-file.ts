/**
 * Reads a request script file (one JSON request a line, see ScriptRequest) and checks each line's
 * shape, so that a bad line is one sentence naming the file and the line, not a stack trace.
 * Blank lines are skipped; a line ending in "\r" (a CRLF file) is read without it.
 */
import { CliError } from './command.js';
import { readLines, type ReadPosition } from './files.js';
import type { ScriptRequest } from './script.js';

/** Pure: why one parsed script line is not a ScriptRequest, or undefined when it is one. */
export function scriptLineProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a request line must be a JSON object';
  const line = value as Record<string, unknown>;
  if (typeof line['at'] !== 'string') return '"at" (the request\'s ISO instant) must be a string';
  if ('advance' in line) return line['advance'] === true ? undefined : '"advance" must be true';
  if (typeof line['method'] !== 'string') return '"method" must be a string';
  if (typeof line['path'] !== 'string') return '"path" must be a string';
  for (const key of ['headers', 'query'] as const) {
    const field = line[key];
    if (field === undefined) continue;
    if (typeof field !== 'object' || field === null || Array.isArray(field)) return `"${key}" must be an object of strings`;
    const bad = Object.entries(field).find(([, v]) => typeof v !== 'string');
    if (bad !== undefined) return `"${key}.${bad[0]}" must be a string`;
  }
  return undefined;
}

/**
 * Yields the requests of the script at `path` in order; throws a CliError at the first bad line.
 * `position.bytes` follows the bytes of the lines read so far (for progress).
 */
export function* scriptRequests(path: string, position?: ReadPosition): Generator<ScriptRequest> {
  let lineNumber = 0;
  for (const raw of readLines(path)) {
    lineNumber += 1;
    if (position !== undefined) position.bytes += Buffer.byteLength(raw) + 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CliError(`${path} line ${lineNumber}: not valid JSON (${(error as Error).message})`);
    }
    const problem = scriptLineProblem(value);
    if (problem !== undefined) throw new CliError(`${path} line ${lineNumber}: ${problem}`);
    yield value as ScriptRequest;
  }
}
