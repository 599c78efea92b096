/**
 * Whole-log text helpers for small logs held in memory (tests, demos, fixtures). Large files are
 * streamed line by line by the CLI instead.
 */
import { encodeEnvelope } from './codec.js';
import type { EventEnvelope } from './envelope.js';

/**
 * Pure: splits JSONL text on "\n" and drops one trailing empty line, so "a\nb\n" gives ["a", "b"].
 * Does not strip "\r": a CRLF log is malformed, because the hashed bytes would differ.
 */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Pure: the JSONL text of `envelopes`, one line each, every line ending in "\n" ("" when empty). */
export function encodeLog(envelopes: Iterable<EventEnvelope>): string {
  let text = '';
  for (const env of envelopes) text += `${encodeEnvelope(env)}\n`;
  return text;
}
