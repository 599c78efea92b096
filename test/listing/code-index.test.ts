/**
 * The code index behind indexed status filters: counts and nearest members by code agree with a
 * plain array after any sequence of appends and code changes (across block and capacity bounds).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendCode, CODE_BLOCK_SIZE, codeAt, countCodeBelow, countOtherCodesBelow, emptyCodeIndex, nextWithCode, nextWithOtherCode, previousWithCode, previousWithOtherCode, setCode } from '../../src/domains/listing/code-index.js';
import { countPlan, type ListPlan, pageDown, pageUp, positionOfRank } from '../../src/domains/listing/query.js';
import { codeSource, otherCodeSource, ownedCodeSource, sortedSource } from '../../src/domains/listing/sources.js';

type Op = { readonly kind: 'append'; readonly code: number } | { readonly kind: 'set'; readonly at: number; readonly code: number };

const ops = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('append' as const), code: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(), code: fc.integer({ min: 0, max: 3 }) }),
  ),
  { maxLength: 600 },
);

function build(sequence: readonly Op[]) {
  const index = emptyCodeIndex();
  const model: number[] = [];
  for (const op of sequence) {
    if (op.kind === 'append') {
      appendCode(index, op.code);
      model.push(op.code);
    } else if (model.length > 0) {
      setCode(index, op.at % model.length, op.code);
      model[op.at % model.length] = op.code;
    }
  }
  return { index, model };
}

describe('code index', () => {
  it('counts, previous and next by code equal a plain scan of the codes', () => {
    fc.assert(
      fc.property(ops, fc.nat(), (sequence, probe) => {
        const { index, model } = build(sequence);
        const bound = model.length === 0 ? 0 : probe % (model.length + 1);
        for (const code of [1, 2, 3]) {
          expect(countCodeBelow(index, code, bound)).toBe(model.slice(0, bound).filter((c) => c === code).length);
          expect(previousWithCode(index, code, bound)).toBe(model.slice(0, bound).lastIndexOf(code));
          const after = model.indexOf(code, bound);
          expect(nextWithCode(index, code, bound)).toBe(after);
        }
        expect(model.every((code, at) => codeAt(index, at) === code)).toBe(true);
      }),
    );
  });

  it('an index of exactly one block (64 codes, no trees yet) counts and finds up to its end, as do 63 and 65', () => {
    for (const length of [63, 64, 65, 128]) {
      const index = emptyCodeIndex();
      const model = Array.from({ length }, (_, at) => 1 + (at % 3));
      for (const code of model) appendCode(index, code);
      for (let bound = 0; bound <= length; bound += 1) {
        for (const code of [1, 2, 3]) {
          expect({ length, bound, code, count: countCodeBelow(index, code, bound) }).toEqual({ length, bound, code, count: model.slice(0, bound).filter((c) => c === code).length });
          expect({ length, bound, code, previous: previousWithCode(index, code, bound) }).toEqual({ length, bound, code, previous: model.slice(0, bound).lastIndexOf(code) });
          expect({ length, bound, code, next: nextWithCode(index, code, bound) }).toEqual({ length, bound, code, next: model.indexOf(code, bound) });
          const others = (at: number): boolean => at >= bound;
          expect({ length, bound, code, other: [countOtherCodesBelow(index, code, bound), previousWithOtherCode(index, code, bound), nextWithOtherCode(index, code, bound)] }).toEqual({
            length,
            bound,
            code,
            other: [model.slice(0, bound).filter((c) => c !== code).length, lastOther(model, code, bound), model.findIndex((c, at) => others(at) && c !== code)],
          });
        }
      }
    }
  });

  it('every code but one (1..255; 0 included among the others) counts and finds what a scan does, through runs of one code over whole blocks and past its tree', () => {
    const runs = fc.array(fc.record({ code: fc.integer({ min: 0, max: 3 }), length: fc.integer({ min: 1, max: 3 * CODE_BLOCK_SIZE }) }), { maxLength: 10 });
    const sets = fc.array(fc.record({ at: fc.nat(), code: fc.integer({ min: 0, max: 3 }) }), { maxLength: 20 });
    fc.assert(
      fc.property(runs, sets, fc.array(fc.nat(), { maxLength: 6 }), (runList, setList, probes) => {
        const index = emptyCodeIndex();
        const model: number[] = [];
        for (const run of runList) {
          for (let k = 0; k < run.length; k += 1) {
            appendCode(index, run.code);
            model.push(run.code);
          }
        }
        for (const { at, code } of setList) {
          if (model.length === 0) break;
          setCode(index, at % model.length, code);
          model[at % model.length] = code;
        }
        const n = model.length;
        // Block edges, the ends, and a few anywhere.
        const bounds = [0, n, ...[1, 2, 3, 4, 5].flatMap((b) => [b * CODE_BLOCK_SIZE - 1, b * CODE_BLOCK_SIZE, b * CODE_BLOCK_SIZE + 1]), ...probes.map((p) => p % (n + 1))].filter((b) => b <= n);
        // 9: a code no position holds (no tree). Code 0 (none) has no tree to take a complement of.
        for (const code of [1, 2, 3, 9]) {
          for (const bound of bounds) {
            expect({ code, bound, count: countOtherCodesBelow(index, code, bound) }).toEqual({ code, bound, count: model.slice(0, bound).filter((c) => c !== code).length });
            expect({ code, bound, previous: previousWithOtherCode(index, code, bound) }).toEqual({ code, bound, previous: lastOther(model, code, bound) });
            expect({ code, bound, next: nextWithOtherCode(index, code, bound) }).toEqual({ code, bound, next: model.findIndex((c, at) => at >= bound && c !== code) });
          }
        }
      }),
    );
  });

  it('a plan of one or two sources pages and counts as a filter of the positions does', () => {
    fc.assert(
      fc.property(ops, fc.array(fc.nat({ max: 700 }), { maxLength: 200 }), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 9 }), (sequence, raw, a, b, limit) => {
        const { index, model } = build(sequence);
        const listed = [...new Set(raw)].sort((x, y) => x - y);
        const n = model.length;
        const lo = n === 0 ? 0 : a % (n + 1);
        const hi = n === 0 ? 0 : Math.max(lo, b % (n + 1));
        for (const plan of [
          { sources: [codeSource(index, 2)], lo, hi },
          { sources: [codeSource(index, 1), sortedSource(listed)], lo, hi },
          { sources: [otherCodeSource(index, 2)], lo, hi },
          { sources: [], lo, hi, residual: (p: number) => p % 3 === 0 },
        ] as ListPlan[]) {
          const members = [...Array(n).keys()].filter((p) => p >= lo && p < hi && plan.sources.every((s) => s.next(p) === p) && (plan.residual?.(p) ?? true));
          expect(countPlan(plan)).toBe(members.length);
          const down = pageDown(plan, hi, limit);
          expect(down.positions).toEqual([...members].reverse().slice(0, limit));
          expect(down.more).toBe(members.length > limit);
          const up = pageUp(plan, lo, limit);
          expect(up.positions).toEqual(members.slice(0, limit));
          expect(up.nextPosition).toBe(members[limit] ?? -1);
          const rank = members.length === 0 ? 0 : a % members.length;
          expect(positionOfRank(plan, rank)).toBe(members[rank] ?? -1);
        }
      }),
    );
  });

  it('an owner\'s code source (codes over its own ascending positions) counts and finds what a filter of the positions does', () => {
    fc.assert(
      fc.property(ops, fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 600 }), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 9 }), (sequence, gaps, a, b, limit) => {
        const { index, model } = build(sequence);
        // The owner's positions in the shared order: ascending, one per code of the owner's index.
        const positions: number[] = [];
        for (let at = 0, position = 0; at < model.length; at += 1) {
          position += gaps[at % Math.max(1, gaps.length)] ?? 1;
          positions.push(position);
        }
        const end = (positions[positions.length - 1] ?? 0) + 2;
        const lo = a % (end + 1);
        const hi = Math.max(lo, b % (end + 1));
        for (const code of [1, 2, 3]) {
          const source = ownedCodeSource(positions, index, code);
          const members = positions.filter((_, at) => model[at] === code);
          expect(source.count(lo, hi)).toBe(members.filter((p) => p >= lo && p < hi).length);
          expect(source.next(lo)).toBe(members.find((p) => p >= lo) ?? -1);
          expect(source.previous(hi)).toBe([...members].reverse().find((p) => p < hi) ?? -1);
          const plan: ListPlan = { sources: [source], lo, hi };
          const inRange = members.filter((p) => p >= lo && p < hi);
          expect(countPlan(plan)).toBe(inRange.length);
          expect(pageUp(plan, lo, limit).positions).toEqual(inRange.slice(0, limit));
          expect(pageDown(plan, hi, limit).positions).toEqual([...inRange].reverse().slice(0, limit));
        }
      }),
    );
  });
});

/** The largest position below `bound` whose code in `model` is not `code`, or -1. */
function lastOther(model: readonly number[], code: number, bound: number): number {
  for (let at = Math.min(bound, model.length) - 1; at >= 0; at -= 1) if (model[at] !== code) return at;
  return -1;
}
