/**
 * The ledger's transfer ids (transfer-id-column.ts): the engine's minted `Transfer:` ids of their
 * transfer's own time packed as (w1, index), every other id kept as text, each given back byte
 * for byte with the hash and equality of its text, across chunks and truncations.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { uuidAt } from '../../src/core/ids.js';
import { hashString } from '../../src/core/id-hash.js';
import { OTHER, TransferIdColumn } from '../../src/ledger/transfer-id-column.js';
import { KIND_POSTED, TransferTable } from '../../src/ledger/transfer-table.js';
import { Ledger } from '../../src/ledger/index.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { NUM_RUNS, ledgerWith } from './support.js';

const SEED = 42;
const T0 = Date.parse('2026-01-01T00:00:00Z');

// One transfer: its id, its time, and whether the column should pack it.
type Row = { readonly id: string; readonly atMs: number; readonly packs: boolean };

// Ids of every kind a ledger sees, each with its transfer's time: minted of that time (index 0,
// past 0, at the limit's edge), minted of another time, minted past the index limit, another
// prefix, a random uuid, a ledger-only `t<n>` id.
const rowsOfSeqs = (seqArb: fc.Arbitrary<number>): fc.Arbitrary<Row> =>
  fc
    .tuple(fc.integer({ min: 0, max: 7 }), seqArb, fc.integer({ min: 0, max: 2 ** 20 }), fc.nat(2 ** 30), fc.uuid())
    .map(([shape, seq, dt, index, uuid]) => rowOf(shape, seq, T0 + dt, index, uuid));
const rowArb: fc.Arbitrary<Row> = rowsOfSeqs(fc.nat());
// Seqs on both sides of 2^16 and 2 * 2^16, where a seq key's high 16 bits change (a chunk then
// holds them for each row), or mostly on one side (the chunk keeps them once).
const nearRowArb: fc.Arbitrary<Row> = rowsOfSeqs(fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 65_400, max: 65_535 }) }, fc.integer({ min: 65_536, max: 65_540 }), fc.integer({ min: 131_070, max: 131_073 })));

// A row of id shape `shape` (0-7, as rowArb's comment lists them) at `atMs`.
function rowOf(shape: number, seq: number, atMs: number, index: number, uuid: string): Row {
  {
    const minted = (i: number, time = atMs): string => `Transfer:${uuidAt(SEED, { seq, atMs: time, index: i })}`;
    switch (shape) {
      case 0:
        return { id: minted(0), atMs, packs: true };
      case 1:
        return { id: minted(index % OTHER), atMs, packs: true };
      case 2:
        return { id: minted(OTHER - 1 - (index % 2)), atMs, packs: true };
      case 3:
        return { id: minted(0, atMs + 1 + (index % 5)), atMs, packs: false };
      case 4:
        return { id: minted(OTHER + (index % 3)), atMs, packs: false };
      case 5:
        return { id: `Hold:${uuidAt(SEED, { seq, atMs, index: 0 })}`, atMs, packs: false };
      case 6:
        return { id: `Transfer:${uuid}`, atMs, packs: false };
      default:
        return { id: `t${seq}`, atMs, packs: false };
    }
  }
}

// A column over `times` (row -> time), as the transfer table gives it.
function columnOver(times: number[], bits: number): TransferIdColumn {
  return new TransferIdColumn((row) => times[row]!, bits);
}

function expectRows(column: TransferIdColumn, rows: readonly Row[]): void {
  expect(column.length).toBe(rows.length);
  rows.forEach(({ id }, i) => {
    expect(column.at(i)).toBe(id);
    expect(column.equals(i, id)).toBe(true);
    expect(column.equals(i, `${id}x`)).toBe(false);
    expect(column.hash(i)).toBe(hashString(id));
  });
  expect(column.othersLength).toBe(rows.filter((row) => !row.packs).length);
}

describe('TransferIdColumn', () => {
  test.prop([fc.array(rowArb, { maxLength: 200 }), fc.constantFrom(1, 3, 10)], { numRuns: NUM_RUNS })('gives back every id exactly, packing the minted ids of their transfer time', (rows, bits) => {
    const times = rows.map((row) => row.atMs);
    const column = columnOver(times, bits);
    for (const { id } of rows) column.push(id);
    expectRows(column, rows);
  });

  test.prop([fc.array(nearRowArb, { maxLength: 200 }), fc.constantFrom(3, 10)], { numRuns: NUM_RUNS })('gives back every id exactly, its seq key on either side of a change of its high bits', (rows, bits) => {
    const times = rows.map((row) => row.atMs);
    const column = columnOver(times, bits);
    for (const { id } of rows) column.push(id);
    expectRows(column, rows);
  });

  it('holds a chunk\'s high key bits once until a row of the chunk has others', () => {
    const times: number[] = [];
    const column = columnOver(times, 10);
    const ids: string[] = [];
    const push = (seq: number): void => {
      times.push(T0);
      ids.push(`Transfer:${uuidAt(SEED, { seq, atMs: T0, index: 0 })}`);
      column.push(ids.at(-1)!);
    };
    for (let seq = 65_000; seq < 65_536 + 500; seq += 1) push(seq);
    // Seqs 65,000 to 66,035: the first chunk's keys change their high bits at its row 536.
    expect(column.widenedChunks).toBe(1);
    for (let seq = 70_000; seq < 70_000 + 1024; seq += 1) push(seq);
    expect(column.widenedChunks).toBe(1);
    push(3 * 65_536);
    expect(column.widenedChunks).toBe(2);
    expect(column.othersLength).toBe(0);
    for (const [row, id] of ids.entries()) {
      expect(column.at(row)).toBe(id);
      expect(column.find(id)).toBe(row);
    }
  });

  test.prop([fc.array(fc.tuple(fc.array(fc.oneof(rowArb, nearRowArb), { maxLength: 40 }), fc.nat()), { maxLength: 8 }), fc.constantFrom(1, 2, 4)], { numRuns: NUM_RUNS })('truncates to exactly the ids kept, then takes new ones', (rounds, bits) => {
    const times: number[] = [];
    const column = columnOver(times, bits);
    let rows: Row[] = [];
    for (const [added, cut] of rounds) {
      for (const row of added) {
        times[rows.length] = row.atMs;
        rows.push(row);
        column.push(row.id);
      }
      const length = cut % (rows.length + 1);
      column.truncate(length);
      rows = rows.slice(0, length);
      times.length = length;
      expectRows(column, rows);
    }
  });

  it('keeps a minted id among other ids, in a chunk whose first rows were other ids', () => {
    const atMs = T0 + 5;
    const minted = `Transfer:${uuidAt(SEED, { seq: 9, atMs, index: 3 })}`;
    const rows: Row[] = [
      { id: 't1', atMs, packs: false },
      { id: 't2', atMs, packs: false },
      { id: minted, atMs, packs: true },
      { id: 't3', atMs, packs: false },
    ];
    const column = columnOver(rows.map((row) => row.atMs), 2);
    for (const { id } of rows) column.push(id);
    expectRows(column, rows);
  });

  it('keeps the text of a packed id whose transfer time then changes', () => {
    const times = [T0];
    const id = `Transfer:${uuidAt(SEED, { seq: 1, atMs: T0, index: 0 })}`;
    const column = columnOver(times, 10);
    column.push(id);
    expect(column.othersLength).toBe(0);
    column.keepText(0);
    times[0] = T0 + 1;
    expect(column.at(0)).toBe(id);
    expect(column.equals(0, id)).toBe(true);
    expect(column.hash(0)).toBe(hashString(id));
  });
});

describe('TransferTable with minted transfer ids', () => {
  it('finds, gives back and truncates minted ids, and keeps one across an overwritten time', () => {
    const table = new TransferTable();
    const ids: string[] = [];
    for (let t = 0; t < 3_000; t += 1) {
      const atMs = T0 + 1_000 * Math.floor(t / 3);
      const id = t % 7 === 6 ? `T${t}` : `Transfer:${uuidAt(SEED, { seq: Math.floor(t / 3), atMs, index: t % 3 })}`;
      ids.push(id);
      table.append(id, undefined, KIND_POSTED, 0, 1, 1n, atMs);
    }
    const check = (): void => {
      expect(table.idList()).toEqual(ids);
      // Out of order: the lookups build the hash table from the packed ids' hashes.
      for (let t = ids.length - 1; t >= 0; t -= 97) expect(table.indexOf(ids[t]!)).toBe(t);
      expect(table.indexOf(`Transfer:${uuidAt(SEED, { seq: 5, atMs: T0, index: 0 })}`)).toBe(-1);
    };
    check();
    table.overwriteAtMs(4, T0 + 7);
    expect(table.idAt(4)).toBe(ids[4]);
    table.truncate(1_500);
    ids.length = 1_500;
    check();
  });

  it('restored from a snapshot, packs the restored ids too: finds and gives back each, keeps one across an overwritten time, and takes new ones after them', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    const ids: string[] = [];
    // One in nine another id: the restored ids pack when at least 7/8 have a minted id's shape.
    const idOf = (t: number, atMs: number): string => (t % 9 === 8 ? `T${t}` : `Transfer:${uuidAt(SEED, { seq: Math.floor(t / 3), atMs, index: t % 3 })}`);
    // Across chunks (1,024 rows), the times of a chunk minutes apart.
    for (let t = 0; t < 2_500; t += 1) {
      const atMs = T0 + 1_000 * Math.floor(t / 3);
      ids.push(idOf(t, atMs));
      ledger.createTransfers([{ id: ids[t]!, debitAccountId: 'world', creditAccountId: 'alice', amountMinor: 1n, atMs }]);
    }
    const table = ledgerFromSnapshot(JSON.parse(JSON.stringify(ledger.toSnapshot()))).transfers;
    expect(table.idList()).toEqual(ids);
    for (let t = ids.length - 1; t >= 0; t -= 1) expect(table.indexOf(ids[t]!)).toBe(t);
    expect(table.indexOf(`Transfer:${uuidAt(SEED, { seq: 5, atMs: T0 + 1, index: 0 })}`)).toBe(-1);
    // Found by their time, the restored minted ids take no slot of the hash table (stop 31).
    expect(table.indexOf('absent')).toBe(-1);
    expect(table.hashedIdCount).toBe(ids.filter((id) => !id.startsWith('Transfer:')).length);
    // A restored minted id depends on its transfer's time, as an added one does.
    table.overwriteAtMs(4, T0 + 7);
    expect(table.idAt(4)).toBe(ids[4]);
    expect(table.indexOf(ids[4]!)).toBe(4);
    for (let t = ids.length; t < 3_000; t += 1) {
      const atMs = T0 + 1_000 * Math.floor(t / 3);
      ids.push(idOf(t, atMs));
      expect(table.indexOf(ids[t]!)).toBe(-1);
      table.append(ids[t]!, undefined, KIND_POSTED, 0, 1, 1n, atMs);
    }
    expect(table.idList()).toEqual(ids);
    for (let t = ids.length - 1; t >= 0; t -= 13) expect(table.indexOf(ids[t]!)).toBe(t);
    table.truncate(2_500);
    expect(table.idList()).toEqual(ids.slice(0, 2_500));
    expect(table.indexOf(ids[2_600]!)).toBe(-1);
  });
});

// Rows of distinct ids in time order, as the ledger's transfers come when no time goes back.
const orderedRowsArb = (maxLength: number): fc.Arbitrary<Row[]> =>
  fc.array(rowArb, { maxLength }).map((rows) => {
    const seen = new Set<string>();
    return rows.filter(({ id }) => !seen.has(id) && seen.add(id)).sort((x, y) => x.atMs - y.atMs);
  });

describe('TransferIdColumn.find (stop 31)', () => {
  const expectFound = (column: TransferIdColumn, rows: readonly Row[], gone: readonly Row[]): void => {
    rows.forEach(({ id, packs }, i) => {
      expect(column.finds(i)).toBe(packs);
      expect(column.find(id)).toBe(packs ? i : -1);
    });
    for (const { id } of gone) expect(column.find(id)).toBe(-1);
  };

  test.prop([orderedRowsArb(200), fc.constantFrom(1, 3, 10)], { numRuns: NUM_RUNS })('finds every packed id at its row, by its time, and no other id', (rows, bits) => {
    const column = columnOver(rows.map((row) => row.atMs), bits);
    for (const { id } of rows) column.push(id);
    // Minted ids of the rows' times that no row holds (another seq: another w1).
    const absent = rows.map(({ atMs }, i): Row => ({ id: `Transfer:${uuidAt(SEED + 1, { seq: i, atMs, index: 0 })}`, atMs, packs: false }));
    expectFound(column, rows, absent);
  });

  test.prop([orderedRowsArb(120), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.constantFrom(1, 2, 4)], { numRuns: NUM_RUNS })('finds only the ids kept by a truncation', (rows, cuts, bits) => {
    const times = rows.map((row) => row.atMs);
    const column = columnOver(times, bits);
    for (const { id } of rows) column.push(id);
    let kept = rows;
    for (const cut of cuts) {
      const length = cut % (kept.length + 1);
      column.truncate(length);
      kept = kept.slice(0, length);
      expectFound(column, kept, rows.slice(length));
    }
  });

  it('finds one of many ids of one millisecond, among other ids of it', () => {
    const atMs = T0 + 3;
    const rows: Row[] = Array.from({ length: 40 }, (_, i) => (i % 5 === 4 ? { id: `t${i}`, atMs, packs: false } : { id: `Transfer:${uuidAt(SEED, { seq: 7, atMs, index: i })}`, atMs, packs: true }));
    rows.unshift({ id: `Transfer:${uuidAt(SEED, { seq: 6, atMs: atMs - 1, index: 0 })}`, atMs: atMs - 1, packs: true });
    rows.push({ id: `Transfer:${uuidAt(SEED, { seq: 8, atMs: atMs + 1, index: 0 })}`, atMs: atMs + 1, packs: true });
    const column = columnOver(rows.map((row) => row.atMs), 3);
    for (const { id } of rows) column.push(id);
    expectFound(column, rows, [{ id: `Transfer:${uuidAt(SEED, { seq: 7, atMs, index: 40 })}`, atMs, packs: false }]);
  });

  it('does not find a packed id whose text was kept (its time then changed)', () => {
    const times = [T0];
    const id = `Transfer:${uuidAt(SEED, { seq: 1, atMs: T0, index: 0 })}`;
    const column = columnOver(times, 10);
    column.push(id);
    expect(column.find(id)).toBe(0);
    column.keepText(0);
    expect(column.finds(0)).toBe(false);
    expect(column.find(id)).toBe(-1);
  });
});

// One append to a transfer table: its id's shape (rowOf), index and uuid, how far its time steps
// from the last one's (negative: back); or a truncation to a fraction of the table.
type TableStep =
  | { readonly kind: 'append'; readonly shape: number; readonly index: number; readonly uuid: string; readonly stepMs: number }
  | { readonly kind: 'truncate'; readonly keep: number };

const appendArb = (stepMs: fc.Arbitrary<number>): fc.Arbitrary<TableStep> =>
  fc.record({ kind: fc.constant('append' as const), shape: fc.integer({ min: 0, max: 7 }), index: fc.nat(2 ** 30), uuid: fc.uuid(), stepMs });
const tableStepArb: fc.Arbitrary<TableStep> = fc.oneof(
  { weight: 12, arbitrary: appendArb(fc.integer({ min: 0, max: 3 })) },
  { weight: 1, arbitrary: appendArb(fc.integer({ min: -5, max: -1 })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), keep: fc.double({ min: 0, max: 1, noNaN: true }) }) },
);

describe('TransferTable ids found by their time, the others in the hash table (stop 31)', () => {
  test.prop([fc.array(tableStepArb, { maxLength: 300 }), fc.boolean()], { numRuns: NUM_RUNS })('finds every id at its index and no other, and hashes only the ids it cannot find by time until a time goes back', (steps, goBack) => {
    const table = new TransferTable();
    const ids: string[] = [];
    const packs: boolean[] = [];
    const gone = new Set<string>();
    let atMs = T0;
    let wentBack = false;
    for (const step of steps) {
      if (step.kind === 'truncate') {
        const keep = Math.floor(step.keep * ids.length);
        for (const id of ids.slice(keep)) gone.add(id);
        table.truncate(keep);
        ids.length = keep;
        packs.length = keep;
        atMs = keep === 0 ? atMs : table.atMsOf(keep - 1);
        continue;
      }
      if (step.stepMs < 0 && !goBack) continue;
      atMs += step.stepMs;
      wentBack ||= step.stepMs < 0 && ids.length > 0;
      // A fresh seq per append, so minted ids are new (a repeated uuid or `t<n>` is skipped).
      const row = rowOf(step.shape, ids.length + gone.size, atMs, step.index, step.uuid);
      if (ids.includes(row.id)) {
        expect(table.indexOf(row.id)).toBe(ids.indexOf(row.id));
        continue;
      }
      expect(table.indexOf(row.id)).toBe(-1);
      gone.delete(row.id);
      table.append(row.id, undefined, KIND_POSTED, 0, 1, 1n, atMs);
      ids.push(row.id);
      packs.push(row.packs);
    }
    ids.forEach((id, t) => {
      expect(table.indexOf(id)).toBe(t);
    });
    for (const id of gone) expect(table.indexOf(id)).toBe(-1);
    // A lookup no search by time answers: the hash table then holds every id added.
    expect(table.indexOf('absent')).toBe(-1);
    // It holds the ids not found by their time, every one once a time went back.
    expect(table.hashedIdCount).toBe(wentBack ? ids.length : packs.filter((p) => !p).length);
  });

  it('finds ids by time in a table of minted ids, hashing none, and every one after a time goes back', () => {
    const table = new TransferTable();
    const ids: string[] = [];
    for (let t = 0; t < 3_000; t += 1) {
      const atMs = T0 + 1_000 * Math.floor(t / 3);
      ids.push(`Transfer:${uuidAt(SEED, { seq: Math.floor(t / 3), atMs, index: t % 3 })}`);
      table.append(ids[t]!, undefined, KIND_POSTED, 0, 1, 1n, atMs);
    }
    for (let t = ids.length - 1; t >= 0; t -= 7) expect(table.indexOf(ids[t]!)).toBe(t);
    expect(table.hashedIdCount).toBe(0);
    // A transfer before the last one's time: the search by time would miss it.
    const back = `Transfer:${uuidAt(SEED, { seq: 5_000, atMs: T0 + 5, index: 0 })}`;
    table.append(back, undefined, KIND_POSTED, 0, 1, 1n, T0 + 5);
    ids.push(back);
    expect(table.hashedIdCount).toBe(ids.length);
    for (let t = ids.length - 1; t >= 0; t -= 7) expect(table.indexOf(ids[t]!)).toBe(t);
    expect(table.indexOf(back)).toBe(ids.length - 1);
    table.truncate(2_000);
    expect(table.indexOf(back)).toBe(-1);
    expect(table.indexOf(ids[1_999]!)).toBe(1_999);
    expect(table.hashedIdCount).toBe(2_000);
  });
});

describe('restored transfer ids found by their time (stop 31)', () => {
  it('hashes every restored id when the restored times go back, and finds each', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {}, bank: {}, bob: {} });
    const ids: string[] = [];
    // Two pairs of accounts' transfers, each account's in time order, the ledger's not: every 2nd goes back.
    for (let t = 0; t < 600; t += 1) {
      const atMs = T0 + 1_000 * t - (t % 2 === 1 ? 500_000 : 0);
      ids.push(`Transfer:${uuidAt(SEED, { seq: t, atMs, index: 0 })}`);
      const odd = t % 2 === 1;
      expect(ledger.createTransfers([{ id: ids[t]!, debitAccountId: odd ? 'bank' : 'world', creditAccountId: odd ? 'bob' : 'alice', amountMinor: 1n, atMs }]).ok).toBe(true);
    }
    const table = ledgerFromSnapshot(JSON.parse(JSON.stringify(ledger.toSnapshot()))).transfers;
    for (let t = ids.length - 1; t >= 0; t -= 1) expect(table.indexOf(ids[t]!)).toBe(t);
    expect(table.indexOf('absent')).toBe(-1);
    expect(table.hashedIdCount).toBe(ids.length);
  });
});
