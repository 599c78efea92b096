/**
 * `convert`: a log from JSONL to the binary form (src/log/binary) or back, verifying its hash
 * chain on the way. The output holds the very same events and hashes (a binary log converted back
 * is the JSONL file byte for byte), and appears only once the whole input was verified.
 */
import { renameSync, rmSync, writeSync, openSync, closeSync } from 'node:fs';
import { BINARY_LOG_MAGIC, createBinaryChainVerifier, createBinaryLogWriter } from '../../log/binary/index.js';
import { createChainVerifier, encodeEnvelope, type EventEnvelope, type LogFault } from '../../log/index.js';
import { isBinaryLogFile } from '../audit-file.js';
import { faultSentence, withoutLine } from '../audit-command.js';
import { CliError, EXIT, requireFile, type CliCommand } from '../command.js';
import { lineWriter, readLines, readRawChunks } from '../files.js';
import { nativeSha256 } from '../native-hash.js';

/** The `convert` command: exit 0 once the output is written, 1 when the input's chain is broken. */
export const CONVERT: CliCommand = {
  summary: 'convert a log between JSONL and the binary form, verifying its hash chain',
  usage: '<input> <output>',
  help: [
    'The direction follows the input: a binary log (it starts with its magic bytes) becomes JSONL, anything else is read as JSONL',
    'and becomes binary. The output must not exist; it is written beside it and renamed into place once every event was verified.',
  ],
  arguments: ['input', 'output'],
  options: {},
  run(args, io) {
    const [input, output] = args.positionals as [string, string];
    requireFile(input, 'log');
    const binaryIn = isBinaryLogFile(input);
    const partial = `${output}.partial`;
    const result = binaryIn ? binaryToJsonl(input, partial) : jsonlToBinary(input, partial);
    if (result.fault !== undefined) {
      rmSync(partial, { force: true });
      io.err(faultSentence(input, binaryIn ? withoutLine(result.fault) : result.fault));
      return EXIT.failed;
    }
    try {
      renameSync(partial, output);
    } catch (error) {
      rmSync(partial, { force: true });
      throw new CliError(`cannot write ${output}: ${(error as Error).message}`);
    }
    io.out(`ok: ${result.count} events written to ${output} as ${binaryIn ? 'JSONL' : 'a binary log'}`);
    return EXIT.ok;
  },
};

type Converted = { readonly count: number; readonly fault: LogFault | undefined };

function jsonlToBinary(input: string, output: string): Converted {
  const fd = openSync(output, 'wx');
  try {
    writeSync(fd, BINARY_LOG_MAGIC);
    const writer = createBinaryLogWriter({ onBlock: (block) => void writeSync(fd, block) });
    let refused: LogFault | undefined;
    const verifier = createChainVerifier({
      sha256: nativeSha256,
      onEvent: (env) => {
        const problem = refused === undefined ? writer.push(env) : undefined;
        if (problem !== undefined) refused = { seq: env.seq, line: env.seq, reason: `cannot be written as binary: ${problem}`, kind: 'malformed' };
      },
    });
    for (const line of readLines(input)) {
      if (verifier.push(line) !== undefined || refused !== undefined) break;
    }
    writer.finish();
    return { count: verifier.count, fault: refused ?? verifier.fault };
  } finally {
    closeSync(fd);
  }
}

function binaryToJsonl(input: string, output: string): Converted {
  const out = lineWriter(output, 'create');
  try {
    const verifier = createBinaryChainVerifier({ sha256: nativeSha256, onEvent: (env: EventEnvelope) => out.write(encodeEnvelope(env)) });
    let fault: LogFault | undefined;
    for (const chunk of readRawChunks(input)) {
      fault = verifier.push(chunk);
      if (fault !== undefined) break;
    }
    return { count: verifier.count, fault: fault ?? verifier.finish() };
  } finally {
    out.close();
  }
}
