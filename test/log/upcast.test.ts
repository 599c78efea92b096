/**
 * Upcasting old event versions at read time. The example: `transfer.created` v1 stored `amount`
 * as a JSON number of minor units; v2 stores `amountMinor` as a decimal string (no float can
 * hold every int64); v3 adds `memo`, null for events written before memos existed.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import {
  createUpcaster,
  EMPTY_HEAD,
  sealEvent,
  verifyLog,
  type EventEnvelope,
  type Upcaster,
} from '../../src/log/index.js';
import { AT, sealAll } from './fixtures.js';

type TransferV1 = { amount: number; currency: string };
type TransferV2 = { amountMinor: string; currency: string };

const v1ToV2: Upcaster = {
  type: 'transfer.created',
  fromVersion: 1,
  toVersion: 2,
  upcast: (data) => {
    const { amount, currency } = data as TransferV1;
    return { amountMinor: String(amount), currency };
  },
};
const v2ToV3: Upcaster = {
  type: 'transfer.created',
  fromVersion: 2,
  toVersion: 3,
  upcast: (data) => ({ ...(data as TransferV2), memo: null }),
};
const current = { 'transfer.created': 3, 'account.opened': 1 };
const upcast = createUpcaster([v1ToV2, v2ToV3], current);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const storedV1 = sealEvent(EMPTY_HEAD, { type: 'transfer.created', version: 1, at: AT, data: { amount: 1250, currency: 'USD' } }, 'evt_1');

describe('createUpcaster', () => {
  it('chains v1 -> v2 -> v3 and keeps seq, id, at, prevHash and the stored hash', () => {
    const result = upcast(storedV1.envelope);
    expect(result).toEqual({
      ok: true,
      value: { ...storedV1.envelope, version: 3, data: { amountMinor: '1250', currency: 'USD', memo: null } },
    });
    expect(result.ok && Object.keys(result.value)).toEqual(Object.keys(storedV1.envelope));
  });

  it('starts from the stored version: a v2 event takes only the last step', () => {
    const v2 = { ...storedV1.envelope, version: 2, data: { amountMinor: '7', currency: 'EUR' } };
    expect(upcast(v2)).toMatchObject({ ok: true, value: { version: 3, data: { amountMinor: '7', currency: 'EUR', memo: null } } });
  });

  it('never mutates the input envelope or its data', () => {
    const input = deepFreeze(structuredClone(storedV1.envelope));
    const before = structuredClone(input);
    const result = upcast(input);
    expect(result.ok && result.value).not.toBe(input);
    expect(input).toEqual(before);
  });

  it('returns the input itself when it is already current', () => {
    const env: EventEnvelope = { ...storedV1.envelope, type: 'account.opened', version: 1, data: {} };
    const result = upcast(env);
    expect(result.ok && result.value).toBe(env);
  });

  it('reports a version newer than current as future_version', () => {
    const env = { ...storedV1.envelope, version: 4 };
    expect(upcast(env)).toMatchObject({ ok: false, error: { kind: 'future_version', seq: 1, type: 'transfer.created', version: 4 } });
  });

  it('reports a missing step as missing_step, naming the version it is stuck at', () => {
    const withoutFirstStep = createUpcaster([v2ToV3], current);
    expect(withoutFirstStep(storedV1.envelope)).toMatchObject({
      ok: false,
      error: { kind: 'missing_step', version: 1, reason: expect.stringMatching(/from v1/) as unknown },
    });
  });

  it('reports an event type missing from the current versions as unknown_type', () => {
    const env = { ...storedV1.envelope, type: 'card.exploded' };
    expect(upcast(env)).toMatchObject({ ok: false, error: { kind: 'unknown_type', type: 'card.exploded' } });
  });

  it('allows a step that skips versions', () => {
    const direct = createUpcaster([{ ...v1ToV2, toVersion: 3, upcast: (d) => ({ ...(v1ToV2.upcast(d) as TransferV2), memo: null }) }], current);
    expect(direct(storedV1.envelope)).toMatchObject({ ok: true, value: { version: 3, data: { memo: null } } });
  });

  it.each([
    ['a step for a type without current version', [{ ...v1ToV2, type: 'other' }]],
    ['a step that does not move forward', [{ ...v1ToV2, toVersion: 1 }]],
    ['a step past the current version', [{ ...v2ToV3, fromVersion: 3, toVersion: 4 }]],
    ['two steps from the same version', [v1ToV2, { ...v1ToV2, toVersion: 3 }]],
  ])('treats %s as a bug in the table', (_name, steps) => {
    expect(() => createUpcaster(steps, current)).toThrow(InvariantError);
  });

  it('runs after verification: the stored v1 line verifies, then reads as v3', () => {
    const log = sealAll([
      { type: 'transfer.created', version: 1, at: AT, data: { amount: 5, currency: 'USD' } },
      { type: 'transfer.created', version: 3, at: AT, data: { amountMinor: '6', currency: 'USD', memo: 'rent' } },
    ]);
    const read: unknown[] = [];
    const result = verifyLog(log.lines, {
      onEvent: (env) => {
        const upcasted = upcast(env);
        if (upcasted.ok) read.push(upcasted.value.data);
      },
    });
    expect(result.ok).toBe(true);
    expect(read).toEqual([
      { amountMinor: '5', currency: 'USD', memo: null },
      { amountMinor: '6', currency: 'USD', memo: 'rent' },
    ]);
  });
});
