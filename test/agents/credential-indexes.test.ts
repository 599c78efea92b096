/**
 * The agents' credential indexes of stop 32, against plain Maps: `DeviceCodeTable` (device codes
 * as columns, a record read back equal to the one set, odd records kept as set, in insertion
 * order) and `AgentTokenIndex` (token hash -> agent, derived from the agents' `accessTokenHash`,
 * hashes sharing their first 32 bits never answering for each other).
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DeviceCodeTable } from '../../src/domains/agents/device-codes.js';
import { AgentTokenIndex, type AgentsByPosition } from '../../src/domains/agents/token-index.js';
import type { Agent, DeviceCode } from '../../src/domains/agents/types.js';

const AGENTS = ['Agent:019b8ee4-c772-7f1c-b689-d9c30af81830', 'Agent:019b8ee9-d8bd-79f3-a1a6-950d147d4a23', 'Agent:019b901f-3754-7e6a-bdcd-b73678d6bf85'];
const DIGEST = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
// Digests (two pairs share their first 32 bits, so their table slots and hashes agree), and keys
// that are not digests.
const KEYS = [
  DIGEST,
  `${DIGEST.slice(0, 8)}${'0'.repeat(56)}`,
  '0'.repeat(64),
  `${'0'.repeat(8)}${'f'.repeat(56)}`,
  'f'.repeat(64),
  ...Array.from({ length: 12 }, (_, n) => `${(n * 0x1000).toString(16).padStart(8, '0')}${DIGEST.slice(8)}`),
  DIGEST.toUpperCase(),
  DIGEST.slice(1),
  'device-code',
] as const;
const MS = 1_767_628_916_594;

const iso = (ms: number): string => new Date(ms).toISOString();

function agentsMap(): { order: string[]; positionOf(id: string): number } {
  return { order: AGENTS, positionOf: (id) => AGENTS.indexOf(id) };
}

// A device code for `key`: of the columns' form, or odd in one way.
type Variant = 'plain' | 'redeemed' | 'unknownAgent' | 'shortInstant' | 'extraKey' | 'otherHash' | 'keyOrder' | 'notFrozen' | 'undefinedRedeemed';
const VARIANTS: readonly Variant[] = ['plain', 'redeemed', 'unknownAgent', 'shortInstant', 'extraKey', 'otherHash', 'keyOrder', 'notFrozen', 'undefinedRedeemed'];

function deviceCode(key: string, agent: number, issuedMs: number, variant: Variant): DeviceCode {
  const base = { codeHash: key, agentId: AGENTS[agent]!, issuedAt: iso(issuedMs), expiresAt: iso(issuedMs + 900_000) };
  switch (variant) {
    case 'plain':
      return Object.freeze(base);
    case 'redeemed':
      return Object.freeze({ ...base, redeemedAt: iso(issuedMs + agent * 61_001) });
    case 'unknownAgent':
      return Object.freeze({ ...base, agentId: 'Agent:019b8ee4-c772-7f1c-b689-000000000000' });
    case 'shortInstant':
      return Object.freeze({ ...base, expiresAt: '2026-01-05T16:16:56Z' });
    case 'extraKey':
      return Object.freeze({ ...base, note: 'x' } as DeviceCode);
    case 'otherHash':
      return Object.freeze({ ...base, codeHash: DIGEST });
    case 'keyOrder':
      return Object.freeze({ agentId: base.agentId, codeHash: key, issuedAt: base.issuedAt, expiresAt: base.expiresAt });
    case 'notFrozen':
      return base;
    case 'undefinedRedeemed':
      return Object.freeze({ ...base, redeemedAt: undefined } as unknown as DeviceCode);
  }
}

type CodeStep = { kind: 'set'; key: number; agent: number; at: number; variant: Variant } | { kind: 'delete'; key: number } | { kind: 'clear' };
const codeStep: fc.Arbitrary<CodeStep> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.nat(KEYS.length - 1), agent: fc.nat(AGENTS.length - 1), at: fc.nat(10 ** 9), variant: fc.constantFrom(...VARIANTS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.nat(KEYS.length - 1) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

function expectSameCodes(table: DeviceCodeTable, model: Map<string, DeviceCode>): void {
  expect(table.size).toBe(model.size);
  expect([...table.entries()]).toEqual([...model.entries()]);
  expect([...table.keys()]).toEqual([...model.keys()]);
  for (const key of KEYS) {
    expect(table.has(key)).toBe(model.has(key));
    const record = table.get(key);
    expect(record).toEqual(model.get(key));
    if (record !== undefined) expect(Object.keys(record)).toEqual(Object.keys(model.get(key)!));
  }
}

describe('DeviceCodeTable', () => {
  test.prop([fc.array(codeStep, { maxLength: 80 })])('answers as a plain Map under any sets, replacements, deletes and clears', (steps) => {
    const table = new DeviceCodeTable(agentsMap());
    const model = new Map<string, DeviceCode>();
    for (const step of steps) {
      if (step.kind === 'set') {
        const record = deviceCode(KEYS[step.key]!, step.agent, MS + step.at, step.variant);
        table.set(KEYS[step.key]!, record);
        model.set(KEYS[step.key]!, record);
      } else if (step.kind === 'delete') {
        expect(table.delete(KEYS[step.key]!)).toBe(model.delete(KEYS[step.key]!));
      } else {
        table.clear();
        model.clear();
      }
      expectSameCodes(table, model);
    }
  });

  it('holds a code of the engine form in its columns, read back frozen and equal, its agent as a position', () => {
    const table = new DeviceCodeTable(agentsMap());
    const codes = KEYS.slice(0, 17).map((key, n) => deviceCode(key, n % AGENTS.length, MS + n * 1_000, n % 2 === 0 ? 'plain' : 'redeemed'));
    for (const code of codes) table.set(code.codeHash, code);
    expect(table.oddRecords).toBe(0);
    for (const code of codes) {
      const read = table.get(code.codeHash)!;
      expect(read).toEqual(code);
      expect(read).not.toBe(code);
      expect(Object.isFrozen(read)).toBe(true);
    }
    // 17 codes in columns of at least 256 rows' room and a table: no record objects kept.
    expect(table.heldBytes).toBeLessThan(256 * (32 + 4 + 24) + 64 * 8);
    const odd = VARIANTS.filter((v) => v !== 'plain' && v !== 'redeemed').map((variant, n) => deviceCode(KEYS[n]!, 0, MS, variant));
    for (const code of odd) table.set(KEYS[odd.indexOf(code)]!, code);
    expect(table.oddRecords).toBe(odd.length);
    for (const [n, code] of odd.entries()) expect(table.get(KEYS[n]!)).toBe(code);
  });
});

// Token steps: an agent gets a token (its earlier one revoked), or is revoked; a key that is no
// digest is set apart.
type TokenStep = { kind: 'issue'; agent: number; key: number } | { kind: 'revoke'; agent: number } | { kind: 'other'; key: number; agent: number };
const tokenStep: fc.Arbitrary<TokenStep> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('issue' as const), agent: fc.nat(AGENTS.length - 1), key: fc.nat(16) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revoke' as const), agent: fc.nat(AGENTS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('other' as const), key: fc.integer({ min: 17, max: KEYS.length - 1 }), agent: fc.nat(AGENTS.length - 1) }) },
);

// The agents' map as the index reads it, records replaced as the evolvers replace them.
function agentRecords(): { agents: AgentsByPosition; records: { accessTokenHash?: string }[] } {
  const records: { accessTokenHash?: string }[] = AGENTS.map(() => ({}));
  const agents: AgentsByPosition = { ...agentsMap(), valueAt: (position) => records[position] as Agent };
  return { agents, records };
}

describe('AgentTokenIndex', () => {
  test.prop([fc.array(tokenStep, { maxLength: 60 })])('answers as a plain Map of the live tokens, found only through their agents', (steps) => {
    const { agents, records } = agentRecords();
    const index = new AgentTokenIndex(agents);
    const model = new Map<string, string>();
    for (const step of steps) {
      const record = records[step.agent]!;
      if (step.kind === 'other') {
        index.set(KEYS[step.key]!, AGENTS[step.agent]!);
        model.set(KEYS[step.key]!, AGENTS[step.agent]!);
      } else {
        const key = step.kind === 'issue' ? KEYS[step.key]! : undefined;
        if (key !== undefined && model.has(key)) continue;
        // As the evolvers do: the earlier token's entry goes before its record changes.
        if (record.accessTokenHash !== undefined) {
          expect(index.delete(record.accessTokenHash)).toBe(true);
          model.delete(record.accessTokenHash);
        }
        records[step.agent] = key === undefined ? {} : { accessTokenHash: key };
        if (key !== undefined) {
          index.set(key, AGENTS[step.agent]!);
          model.set(key, AGENTS[step.agent]!);
        }
      }
      expect(index.size).toBe(model.size);
      for (const key of KEYS) {
        expect(index.get(key)).toBe(model.get(key));
        expect(index.has(key)).toBe(model.has(key));
      }
      const digestEntries = [...model].filter(([key]) => /^[0-9a-f]{64}$/.test(key)).sort((a, b) => AGENTS.indexOf(a[1]) - AGENTS.indexOf(b[1]));
      expect([...index].slice(0, digestEntries.length)).toEqual(digestEntries);
      expect(new Map(index)).toEqual(model);
    }
  });

  it('tells apart two hashes of the same first 32 bits, and holds no hash', () => {
    const { agents, records } = agentRecords();
    const index = new AgentTokenIndex(agents);
    records[0] = { accessTokenHash: KEYS[0] };
    index.set(KEYS[0], AGENTS[0]!);
    expect(index.get(KEYS[1])).toBeUndefined();
    records[1] = { accessTokenHash: KEYS[1] };
    index.set(KEYS[1], AGENTS[1]!);
    expect([index.get(KEYS[0]), index.get(KEYS[1])]).toEqual([AGENTS[0], AGENTS[1]]);
    expect(index.delete(KEYS[0])).toBe(true);
    expect([index.get(KEYS[0]), index.get(KEYS[1])]).toEqual([undefined, AGENTS[1]]);
    // A table of 16 slots, 8 bytes each: no key held.
    expect(index.heldBytes).toBe(16 * 8);
  });
});
