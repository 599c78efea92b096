/** `verify`: audit a log (canonical bytes, hash chain, ledger invariants), its signed checkpoints and its head. */
import { auditForCommand, expectedHeadFlag, faultSentence, headText, readPublicKeyFile, type FileAudit } from '../audit-command.js';
import { EXIT, flag, type CliCommand } from '../command.js';

/** The `verify` command: exit 0 when every check asked for holds, 1 with the first bad seq otherwise. */
export const VERIFY: CliCommand = {
  summary: 'verify a log: canonical lines, hash chain, ledger invariants; signatures and head when asked',
  usage: '<events.jsonl> [--public-key FILE] [--expect-head SEQ:HASH] [--json]',
  help: [
    '--public-key FILE      the writer\'s Ed25519 public key (64 hex): every checkpoint must be signed by it,',
    '                       and at least one must exist; reports the last signed seq and the unsigned tail',
    '--expect-head SEQ:HASH the log must end exactly at this head (catches truncation and tail rewrites)',
    '--json                 one JSON object on stdout instead of text',
    'Without --public-key the chain only catches accidental corruption: anyone can re-seal an edited log.',
  ],
  arguments: ['events.jsonl'],
  options: { 'public-key': { type: 'string' }, 'expect-head': { type: 'string' }, json: { type: 'boolean' } },
  run(args, io) {
    const path = args.positionals[0]!;
    const keyFile = flag(args, 'public-key');
    const publicKey = keyFile === undefined ? undefined : readPublicKeyFile(keyFile);
    const expectHead = expectedHeadFlag(flag(args, 'expect-head'));
    const audit = auditForCommand(path, { canonical: true, publicKey, expectHead }, io);
    if (args.values['json'] === true) io.out(JSON.stringify(verifyJson(audit, publicKey)));
    else if (audit.fault !== undefined) io.err(faultSentence(path, audit.fault));
    else for (const line of verifyLines(audit, publicKey, expectHead !== undefined)) io.out(line);
    return audit.fault === undefined ? EXIT.ok : EXIT.failed;
  },
};

/** The text report of a sound log. */
function verifyLines(audit: FileAudit, publicKey: string | undefined, headExpected: boolean): string[] {
  const { checkpoints } = audit;
  const lines = [`ok: ${checkpoints.head.seq} events, canonical encoding, chain and ledger invariants hold, head ${headText(checkpoints.head)}`];
  if (publicKey !== undefined) {
    lines.push(
      `signed: ${checkpoints.checkpoints} checkpoints by ${publicKey} are valid; the last covers seq ${String(checkpoints.lastSignedSeq)}, ` +
        `${checkpoints.unsignedAfter} ${checkpoints.unsignedAfter === 1 ? 'event' : 'events'} after it ${checkpoints.unsignedAfter === 1 ? 'is' : 'are'} not covered by any signature`,
    );
  } else if (checkpoints.checkpoints > 0) {
    lines.push(`${checkpoints.checkpoints} checkpoints in the log, signatures not checked (pass --public-key FILE)`);
  }
  if (headExpected) lines.push('head: exactly the expected head');
  return lines;
}

/** The JSON report (`--json`): same facts as the text, for programs. */
function verifyJson(audit: FileAudit, publicKey: string | undefined): unknown {
  const { checkpoints, fault } = audit;
  return {
    ok: fault === undefined,
    file: audit.path,
    events: audit.report.count,
    head: fault === undefined ? checkpoints.head : undefined,
    checkpoints: {
      count: checkpoints.checkpoints,
      checked: publicKey !== undefined,
      ...(publicKey === undefined ? {} : { publicKey, lastSignedSeq: checkpoints.lastSignedSeq ?? null, unsignedAfter: checkpoints.unsignedAfter }),
    },
    ...(fault === undefined ? {} : { fault }),
  };
}
