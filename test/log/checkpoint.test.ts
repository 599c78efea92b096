/**
 * Signed checkpoints (issue 11 item 8): the signed message, signing and verifying one checkpoint
 * (cross-checked with node:crypto's Ed25519), and the whole-log checker: position, key,
 * signature, missing checkpoints and the expected head.
 */
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_EVENT_TYPE,
  checkCheckpoints,
  checkpointMessage,
  checkpointPublicKey,
  parseExpectedHead,
  signCheckpoint,
  verifyCheckpointSignature,
  type LogCheckpointSigned,
} from '../../src/log/checkpoint.js';
import { EMPTY_HEAD, sealEvent, type ChainHead, type EventEnvelope } from '../../src/log/index.js';
import { AT, numRuns } from './fixtures.js';

// RFC 8032 section 7.1, TEST 1: a published key pair, so the expected public key is not ours.
const RFC_SECRET = Uint8Array.from(Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex'));
const RFC_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const OTHER_SECRET = new Uint8Array(32).fill(7);
const HASH = 'ab'.repeat(32);

/** A log of `count` plain events with a checkpoint signed by `key` after every `every` of them. */
function logWithCheckpoints(count: number, every: number, key: Uint8Array = RFC_SECRET): EventEnvelope[] {
  const out: EventEnvelope[] = [];
  let head: ChainHead = EMPTY_HEAD;
  const append = (type: string, data: unknown): void => {
    const { envelope } = sealEvent(head, { type, version: 1, at: AT, data }, `evt_${head.seq + 1}`);
    out.push(envelope);
    head = { seq: envelope.seq, hash: envelope.hash };
  };
  for (let i = 1; i <= count; i += 1) {
    append('transfer.posted', { amountMinor: String(i), currency: 'USD' });
    if (i % every === 0) append(CHECKPOINT_EVENT_TYPE, signCheckpoint(head, key));
  }
  return out;
}

describe('the signed message', () => {
  it('is the fixed text "payments-engine checkpoint v1\\n{seq}\\n{hash}"', () => {
    expect(checkpointMessage({ seq: 42, hash: HASH })).toBe(`payments-engine checkpoint v1\n42\n${HASH}`);
  });

  it('derives the RFC 8032 public key from the RFC 8032 secret', () => {
    expect(checkpointPublicKey(RFC_SECRET)).toBe(RFC_PUBLIC);
  });

  it('signs deterministically, and node:crypto verifies the signature over the documented bytes', () => {
    const signed = signCheckpoint({ seq: 42, hash: HASH }, RFC_SECRET);
    expect(signCheckpoint({ seq: 42, hash: HASH }, RFC_SECRET)).toEqual(signed);
    expect(signed).toMatchObject({ seq: 42, hash: HASH, publicKey: RFC_PUBLIC });
    expect(signed.signature).toMatch(/^[0-9a-f]{128}$/);
    // An SPKI wrapper around the raw key, the way any Ed25519 library outside this one takes it.
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(RFC_PUBLIC, 'hex')]);
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    expect(nodeVerify(null, Buffer.from(`payments-engine checkpoint v1\n42\n${HASH}`, 'utf8'), key, Buffer.from(signed.signature, 'hex'))).toBe(true);
  });

  it('verifies a good signature and refuses any change of seq, hash, key or signature, never throwing', () => {
    const signed = signCheckpoint({ seq: 42, hash: HASH }, RFC_SECRET);
    expect(verifyCheckpointSignature(signed)).toBe(true);
    const flip = (hex: string, at: number): string => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);
    const changed: unknown[] = [
      { ...signed, seq: 43 },
      { ...signed, hash: flip(HASH, 10) },
      { ...signed, publicKey: checkpointPublicKey(OTHER_SECRET) },
      { ...signed, publicKey: flip(RFC_PUBLIC, 0) },
      { ...signed, signature: flip(signed.signature, 5) },
      { ...signed, signature: flip(signed.signature, 100) },
      { ...signed, signature: signed.signature.toUpperCase() },
      { ...signed, signature: signed.signature.slice(2) },
      { ...signed, seq: '42' },
      null,
      'x',
    ];
    for (const c of changed) expect(verifyCheckpointSignature(c)).toBe(false);
  });

  it('refuses a private key that is not 32 bytes (a host bug)', () => {
    expect(() => signCheckpoint({ seq: 1, hash: HASH }, new Uint8Array(31))).toThrow(/32 bytes/);
  });
});

describe('parseExpectedHead', () => {
  it('reads SEQ:HASH and nothing else', () => {
    expect(parseExpectedHead(`12:${HASH}`)).toEqual({ seq: 12, hash: HASH });
    expect(parseExpectedHead(`0:${'0'.repeat(64)}`)).toEqual({ seq: 0, hash: '0'.repeat(64) });
    for (const bad of [`12:${HASH.toUpperCase()}`, `012:${HASH}`, `-1:${HASH}`, `12:${HASH}0`, `12 ${HASH}`, '12', `1.5:${HASH}`, `99999999999999999:${HASH}`]) {
      expect(parseExpectedHead(bad)).toBeUndefined();
    }
  });
});

describe('checkCheckpoints', () => {
  const log = logWithCheckpoints(10, 4); // checkpoints at seq 5 and 10, 12 events

  it('with the trusted key: counts checkpoints, the last signed seq and the unsigned tail', () => {
    expect(log.length).toBe(12);
    const report = checkCheckpoints(log, { publicKey: RFC_PUBLIC });
    expect(report).toMatchObject({ ok: true, checkpoints: 2, lastSignedSeq: 9, unsignedAfter: 3, head: { seq: 12 } });
  });

  it('without a key checks positions only and vouches for nothing', () => {
    expect(checkCheckpoints(log)).toMatchObject({ ok: true, checkpoints: 2, lastSignedSeq: undefined, unsignedAfter: 12 });
  });

  it('fails when no checkpoint is signed by the trusted key', () => {
    const report = checkCheckpoints(logWithCheckpoints(3, 100), { publicKey: RFC_PUBLIC });
    expect(report).toMatchObject({ ok: false, fault: { kind: 'no_checkpoint', seq: 1 }, unsignedAfter: 3 });
  });

  it('names a checkpoint signed by another key', () => {
    const report = checkCheckpoints(logWithCheckpoints(10, 4, OTHER_SECRET), { publicKey: RFC_PUBLIC });
    expect(report.fault).toMatchObject({ kind: 'checkpoint_key', seq: 5 });
  });

  it('names the first checkpoint whose signature does not hold, and still reports where the log ends', () => {
    const forged = log.map((env) => (env.seq === 10 ? { ...env, data: { ...(env.data as LogCheckpointSigned), signature: (env.data as LogCheckpointSigned).signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) } } : env));
    const report = checkCheckpoints(forged, { publicKey: RFC_PUBLIC });
    expect(report).toMatchObject({ ok: false, fault: { kind: 'checkpoint_signature', seq: 10 }, lastSignedSeq: 4, head: { seq: 12 } });
  });

  it('names a checkpoint that does not cover the event before it, with or without a key', () => {
    const moved = log.map((env) => (env.seq === 5 ? { ...env, prevHash: HASH } : env));
    expect(checkCheckpoints(moved).fault).toMatchObject({ kind: 'checkpoint_position', seq: 5 });
    expect(checkCheckpoints(moved, { publicKey: RFC_PUBLIC }).fault).toMatchObject({ kind: 'checkpoint_position', seq: 5 });
    const malformed = log.map((env) => (env.seq === 5 ? { ...env, data: { seq: 4 } } : env));
    expect(checkCheckpoints(malformed).fault).toMatchObject({ kind: 'checkpoint_malformed', seq: 5 });
  });

  it('with an expected head: passes only on exactly that head', () => {
    const head = { seq: 12, hash: log[11]!.hash };
    expect(checkCheckpoints(log, { expectHead: head }).ok).toBe(true);
    expect(checkCheckpoints(log.slice(0, 8), { expectHead: head }).fault).toMatchObject({ kind: 'head_mismatch', seq: 9 });
    expect(checkCheckpoints(log, { expectHead: { seq: 11, hash: log[10]!.hash } }).fault).toMatchObject({ kind: 'head_mismatch', seq: 12 });
    expect(checkCheckpoints(log, { expectHead: { seq: 12, hash: HASH } }).fault).toMatchObject({ kind: 'head_mismatch', seq: 12 });
    expect(checkCheckpoints([], { expectHead: { seq: 0, hash: EMPTY_HEAD.hash } }).ok).toBe(true);
  });
});

describe('a re-sealed forgery, as a property', () => {
  /** Seals `events` again from the empty head; checkpoints are moved to cover their new predecessor, signatures kept. */
  function resealed(events: readonly EventEnvelope[]): EventEnvelope[] {
    const out: EventEnvelope[] = [];
    let head: ChainHead = EMPTY_HEAD;
    for (const env of events) {
      const data = env.type === CHECKPOINT_EVENT_TYPE ? { ...(env.data as LogCheckpointSigned), seq: head.seq, hash: head.hash } : env.data;
      const { envelope } = sealEvent(head, { type: env.type, version: env.version, at: env.at, data }, env.id);
      out.push(envelope);
      head = { seq: envelope.seq, hash: envelope.hash };
    }
    return out;
  }

  it('any change before the last checkpoint, re-sealed, fails with the key at the first checkpoint after it; after it, only the head tells', () => {
    const log = logWithCheckpoints(22, 5); // checkpoints at seq 6, 12, 18, 24; then seq 25 and 26, unsigned
    const checkpointSeqs = log.filter((env) => env.type === CHECKPOINT_EVENT_TYPE).map((env) => env.seq);
    const original = { seq: log.length, hash: log.at(-1)!.hash };
    fc.assert(
      fc.property(fc.nat({ max: log.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), (index, amount) => {
        const target = log[index]!;
        fc.pre(target.type !== CHECKPOINT_EVENT_TYPE && (target.data as { amountMinor: string }).amountMinor !== String(amount));
        const forged = resealed(log.map((env, i) => (i === index ? { ...env, data: { amountMinor: String(amount), currency: 'USD' } } : env)));
        const report = checkCheckpoints(forged, { publicKey: RFC_PUBLIC });
        const next = checkpointSeqs.find((seq) => seq > target.seq);
        if (next === undefined) expect(report).toMatchObject({ ok: true, lastSignedSeq: 23 });
        else expect(report.fault).toMatchObject({ kind: 'checkpoint_signature', seq: next });
        // The published head catches it either way, at the same length.
        expect(checkCheckpoints(forged, { expectHead: original }).fault).toMatchObject({ kind: 'head_mismatch', seq: original.seq });
      }),
      { numRuns: Math.min(numRuns, 200), examples: [[24, 7], [25, 7]] },
    );
  });
});
