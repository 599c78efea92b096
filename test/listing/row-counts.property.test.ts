/**
 * A long customer list's counts (`listing/row-counts.ts`, stop 32): after any sequence of appends
 * (counted as the list passes one block, then row by row, or several at once) and status moves,
 * every count and nearest row by type, by status and by every type but one equals a plain scan of
 * the list's code bytes, at every bound, across block and capacity edges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendCodedToList, emptyPositionArena, listCodeAt, NO_LIST, setListCode } from '../../src/core/position-arena.js';
import { CODE_BLOCK_SIZE } from '../../src/domains/listing/code-index.js';
import { countedRows, moveRowStatus, otherRowCountSource, ownRowCode, ownStatusCode, ownTypeCode, rowCountSource, type RowCounts, withRowsCounted } from '../../src/domains/listing/row-counts.js';

type Op = { readonly kind: 'append'; readonly type: number; readonly status: number } | { readonly kind: 'move'; readonly at: number; readonly status: number } | { readonly kind: 'count' };

// Type 3 (card rows, status 0) in long runs now and then, so that whole blocks hold one type.
const ops = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('append' as const), type: fc.integer({ min: 1, max: 3 }), status: fc.integer({ min: 0, max: 9 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), at: fc.nat(), status: fc.integer({ min: 1, max: 9 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'count' as const }) },
  ),
  { maxLength: 700, size: 'max' },
);

/** The list after `sequence`, its counts (counted on every append past one block, or only at a `count` op when `lazy`), and the model bytes. */
function build(sequence: readonly Op[], lazy: boolean) {
  const arena = emptyPositionArena(false, true, true);
  let list = NO_LIST;
  let counts: RowCounts | undefined;
  const model: number[] = [];
  const count = (): void => {
    if (model.length > CODE_BLOCK_SIZE) counts = withRowsCounted(counts, arena, list);
  };
  for (const op of sequence) {
    if (op.kind === 'append') {
      const byte = ownRowCode(op.type, op.type === 3 ? 0 : op.status);
      list = appendCodedToList(arena, list, model.length, byte);
      model.push(byte);
      if (!lazy) count();
    } else if (op.kind === 'move' && model.length > 0) {
      const at = op.at % model.length;
      if (ownTypeCode(model[at]!) === 3) continue;
      const byte = ownRowCode(ownTypeCode(model[at]!), op.status);
      if (counts !== undefined) moveRowStatus(counts, at, ownStatusCode(listCodeAt(arena, list, at)), op.status);
      setListCode(arena, list, at, byte);
      model[at] = byte;
    } else if (op.kind === 'count') count();
  }
  count();
  return { arena, list, counts, model };
}

/** Checks every source of `counts` against the model at `bound`. */
function expectScan(arena: ReturnType<typeof emptyPositionArena>, list: number, counts: RowCounts, model: readonly number[], bound: number): void {
  const cases = [
    ...[1, 2, 3].map((code) => ({ name: `type ${code}`, source: rowCountSource(arena, list, counts, 'type', code), matches: (byte: number) => ownTypeCode(byte) === code })),
    ...[1, 2, 3].map((code) => ({ name: `not type ${code}`, source: otherRowCountSource(arena, list, counts, 'type', code), matches: (byte: number) => ownTypeCode(byte) !== code })),
    ...[1, 2, 5, 9].map((code) => ({ name: `status ${code}`, source: rowCountSource(arena, list, counts, 'status', code), matches: (byte: number) => ownStatusCode(byte) === code })),
    // Status 0 (card rows) and codes past the field's have no tree: they select nothing.
    ...[0, 10].map((code) => ({ name: `status ${code}`, source: rowCountSource(arena, list, counts, 'status', code), matches: () => false })),
  ];
  const rows = model.map((byte, at) => ({ byte, at }));
  for (const { name, source, matches } of cases) {
    const hits = rows.filter((row) => matches(row.byte)).map((row) => row.at);
    const below = hits.filter((at) => at < bound);
    expect({ name, bound, count: source.count(0, bound), rest: source.count(bound, model.length), previous: source.previous(bound), next: source.next(bound) }).toEqual({
      name,
      bound,
      count: below.length,
      rest: hits.length - below.length,
      previous: below[below.length - 1] ?? -1,
      next: hits.find((at) => at >= bound) ?? -1,
    });
  }
}

describe('row counts', () => {
  it('counts and nearest rows by type, status and every type but one equal a scan of the codes, after appends and status moves', () => {
    fc.assert(
      fc.property(ops, fc.boolean(), fc.nat(), (sequence, lazy, probe) => {
        const { arena, list, counts, model } = build(sequence, lazy);
        expect(counts === undefined).toBe(model.length <= CODE_BLOCK_SIZE);
        if (counts === undefined) return;
        expect(countedRows(counts)).toBe(model.length);
        for (const bound of [0, probe % (model.length + 1), model.length, CODE_BLOCK_SIZE, CODE_BLOCK_SIZE - 1, 2 * CODE_BLOCK_SIZE]) expectScan(arena, list, counts, model, bound);
      }),
      { numRuns: 200 },
    );
  });

  it('every bound of lists of 65, 128, 129 and 300 rows with runs of one type two blocks long, counted row by row or at once', () => {
    for (const length of [65, 128, 129, 300]) {
      for (const lazy of [false, true]) {
        const sequence: Op[] = Array.from({ length }, (_, at) => {
          const type = at >= 30 && at < 30 + 2 * CODE_BLOCK_SIZE ? 3 : 1 + (at % 2);
          return { kind: 'append', type, status: 1 + (at % 9) };
        });
        const { arena, list, counts, model } = build(sequence, lazy);
        for (let bound = 0; bound <= length; bound += 1) expectScan(arena, list, counts!, model, bound);
      }
    }
  });

  it('the same appends and moves make the same words, whether counted row by row or at once', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        const eager = build(sequence, false).counts;
        const lazy = build(sequence, true).counts;
        expect(lazy === undefined ? undefined : Array.from(lazy)).toEqual(eager === undefined ? undefined : Array.from(eager));
      }),
      { numRuns: 100 },
    );
  });
});
