/**
 * Shared fixtures for the log tests: sealing whole logs, an independent SHA-256 (node:crypto,
 * allowed in tests only) and fast-check arbitraries for events with unicode JSON data.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { EMPTY_HEAD, sealEvent, type ChainHead, type EventEnvelope, type NewEvent } from '../../src/log/index.js';

/** Runs per property; CI keeps the default, `npm run test:slow` raises it. */
export const numRuns = Number(process.env.FC_NUM_RUNS ?? 100);

export const AT = '2026-01-31T18:00:00.000Z';

/** SHA-256 hex by node:crypto, to cross-check the @noble/hashes default. */
export function nodeSha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A sealed log: its envelopes, its lines and its JSONL text (trailing newline). */
export type SealedLog = { envelopes: EventEnvelope[]; lines: string[]; text: string; head: ChainHead };

/** Seals `events` in order from the empty head; ids are `evt_<seq>`. */
export function sealAll(events: readonly NewEvent[], from: ChainHead = EMPTY_HEAD): SealedLog {
  const envelopes: EventEnvelope[] = [];
  const lines: string[] = [];
  let head = from;
  for (const event of events) {
    const sealed = sealEvent(head, event, `evt_${head.seq + 1}`);
    envelopes.push(sealed.envelope);
    lines.push(sealed.line);
    head = sealed.envelope;
  }
  return { envelopes, lines, text: lines.map((line) => `${line}\n`).join(''), head: { seq: head.seq, hash: head.hash } };
}

/** A simple event with a decimal-string amount, the shape the engine writes. */
export function posted(amountMinor: number, at: string = AT): NewEvent {
  return { type: 'transfer.posted', version: 1, at, data: { amountMinor: String(amountMinor), currency: 'USD' } };
}

/** Builds a stored line from an arbitrary unhashed text, hashing it like the writer does. */
export function lineWithValidHash(unhashed: string): string {
  return `${unhashed.slice(0, -1)},"hash":"${nodeSha256Hex(unhashed)}"}`;
}

/** The head after event `seq` of a sealed log (EMPTY_HEAD for 0). */
export function headAt(log: SealedLog, seq: number): ChainHead {
  const env = log.envelopes[seq - 1];
  return env === undefined ? EMPTY_HEAD : { seq: env.seq, hash: env.hash };
}

/** Any UTF-16 code unit, lone surrogates included. */
export const codeUnitArb = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/**
 * Any code point except surrogates (astral included), as a string of one or two code units.
 * Built from integers because `fc.string({ unit: 'binary' })` spends about a second on setup.
 */
export const codePointArb = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));

// JSON.parse(JSON.stringify(x)) drops -0: sealed data must already be JSON-canonical.
const canonical = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** JSON data with unicode keys and strings, including lone surrogates. */
export const jsonDataArb = fc
  .jsonValue({ maxDepth: 3, stringUnit: fc.oneof(codePointArb, codeUnitArb) })
  .map(canonical);

const typeArb = fc.oneof(
  fc.constantFrom('transfer.posted', 'account.opened', 'quote.created', 'card.frozen'),
  fc.string({ unit: fc.oneof(codePointArb, codeUnitArb), minLength: 1, maxLength: 10 }),
);

const atArb = fc
  .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** A decider's event with a random type, version, instant and JSON data. */
export const newEventArb: fc.Arbitrary<NewEvent> = fc.record({
  type: typeArb,
  version: fc.integer({ min: 1, max: 5 }),
  at: atArb,
  data: jsonDataArb,
});

/** A non-empty list of events to seal. */
export const eventsArb = fc.array(newEventArb, { minLength: 1, maxLength: 8 });

/** Async iterable over `lines`, one line per tick, as node:readline would hand them out. */
export async function* asyncLines(lines: readonly string[]): AsyncGenerator<string> {
  for (const line of lines) {
    await Promise.resolve();
    yield line;
  }
}
