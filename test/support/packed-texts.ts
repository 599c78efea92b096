/**
 * The record texts of engine snapshots `@3` and `@4` (core/packed-records.ts `PackedRecords`),
 * which the engine no longer writes (`@5` saves codec bytes) but still loads: tests make older
 * snapshots with these to check that they load and answer as their writer did.
 */
import { type PackedRecords, packText } from '../../src/core/packed-records.js';

/** Characters a chunk reaches before it is closed (after the record that passes this), as `@4` wrote them. */
const CHUNK_CHARS = 1 << 19;

/** The packed text of one record (JSON.stringify, then `packText`). */
export function packRecord(record: unknown): string {
  return packText(JSON.stringify(record));
}

/** The records of `order` in `byId` as `@4` saved them: their texts joined into chunks of ~512K characters. */
export function packRecords(order: readonly string[], byId: ReadonlyMap<string, object>): PackedRecords {
  const chunks: string[] = [];
  const lengths = new Array<number>(order.length);
  let parts: string[] = [];
  let chars = 0;
  for (let k = 0; k < order.length; k += 1) {
    const text = packRecord(byId.get(order[k]!));
    lengths[k] = text.length;
    parts.push(text);
    chars += text.length;
    if (chars >= CHUNK_CHARS) {
      chunks.push(parts.join(''));
      [parts, chars] = [[], 0];
    }
  }
  if (parts.length > 0) chunks.push(parts.join(''));
  return { ids: [...order], chunks, lengths };
}

/** Each record's packed text of `packed`, in order (either form: `@3`'s one text each, or chunks). */
export function packedTexts(packed: PackedRecords): string[] {
  if ('texts' in packed) return [...packed.texts];
  const texts: string[] = [];
  let chunk = 0;
  let at = 0;
  for (const length of packed.lengths) {
    if (at === packed.chunks[chunk]?.length) [chunk, at] = [chunk + 1, 0];
    texts.push((packed.chunks[chunk] ?? '').slice(at, at + length));
    at += length;
  }
  return texts;
}
