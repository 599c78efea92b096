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
const rowArb: fc.Arbitrary<Row> = fc
  .tuple(fc.integer({ min: 0, max: 7 }), fc.nat(), fc.integer({ min: 0, max: 2 ** 20 }), fc.nat(2 ** 30), fc.uuid())
  .map(([shape, seq, dt, index, uuid]) => {
    const atMs = T0 + dt;
    const minted = (i: number, time = atMs): string => `Transfer:${uuidAt(SEED, { seq, atMs: time, index: i })}`;
    switch (shape) {
      case 0:
        return { id: minted(0), atMs, packs: true };
      case 1:
        return { id: minted(index % 300), atMs, packs: true };
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
  });

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

  test.prop([fc.array(fc.tuple(fc.array(rowArb, { maxLength: 40 }), fc.nat()), { maxLength: 8 }), fc.constantFrom(1, 2, 4)], { numRuns: NUM_RUNS })('truncates to exactly the ids kept, then takes new ones', (rounds, bits) => {
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
