/** `keygen`: a new Ed25519 key pair for signed checkpoints, as PREFIX.key (private) and PREFIX.pub (public). */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { checkpointPublicKey } from '../../log/checkpoint.js';
import { CliError, EXIT, flag, type CliCommand } from '../command.js';

/** The `keygen` command: writes PREFIX.key and PREFIX.pub, refusing to overwrite either. */
export const KEYGEN: CliCommand = {
  summary: 'make an Ed25519 key pair for signed checkpoints: PREFIX.key (private, 0600) and PREFIX.pub',
  usage: '--out PREFIX',
  help: [
    '--out PREFIX  write PREFIX.key (the 32-byte private key as 64 hex, readable by you only) and PREFIX.pub',
    '              (the public key as 64 hex, for auditors: verify --public-key PREFIX.pub); never overwrites',
  ],
  arguments: [],
  options: { out: { type: 'string' } },
  run(args, io) {
    const prefix = flag(args, 'out');
    if (prefix === undefined || prefix === '') throw new CliError('--out PREFIX is required');
    const keyPath = `${prefix}.key`;
    const pubPath = `${prefix}.pub`;
    for (const path of [keyPath, pubPath]) if (existsSync(path)) throw new CliError(`${path} already exists; refusing to overwrite a key`);
    const privateKey = Uint8Array.from(randomBytes(32));
    const publicKey = checkpointPublicKey(privateKey);
    try {
      writeFileSync(keyPath, `${Buffer.from(privateKey).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
      writeFileSync(pubPath, `${publicKey}\n`, { flag: 'wx' });
    } catch (error) {
      throw new CliError(`cannot write ${prefix}.key/.pub: ${(error as Error).message}`);
    }
    io.out(`wrote ${keyPath} (private: keep it secret, give it to the writer) and ${pubPath} (public: give it to auditors)`);
    io.out(`public key ${publicKey}`);
    return EXIT.ok;
  },
};
