/**
 * An append-only list of ids with truncation, read by index, that holds most ids in 10 bytes of
 * typed arrays instead of a JS string. The engine names transfers and transactions
 * `<Prefix>:<uuid>` (`Transfer:019b901f-3cd1-7080-9b79-79aaab939d1b`): as a string on V8's heap
 * such an id takes 64-90 bytes (often a template literal's cons string, two or three objects)
 * plus the list's 8-byte pointer, traced by every major GC. Here its prefix is a 1-byte code into
 * a small dictionary, in chunks of 2^10 rows made once (one ArrayBuffer each, like the transfer
 * table's columns), and its uuid is held one of two ways:
 *
 * - short (9 bytes), a uuid the engine minted (in minted form, core/minted-uuid.ts) whose index
 *   is below FULL and whose time is an Int32 offset from its chunk's base (core/time-offsets.ts):
 *   its w1 (a Uint32), that offset (an Int32) and its index (a Uint8), rebuilt exactly with
 *   `mintedWords` (nearly every key the engine holds: 17 -> 10 bytes a row, as the ledger's
 *   transfer ids, ledger/transfer-id-column.ts);
 * - full (16 bytes: 4 Int32 words), any other uuid, its index FULL and its w1 the position of its
 *   words in its chunk's full words, made and grown only when the chunk has such a row.
 *
 * Only the exact shape packs: a prefix (any text), a colon, and a UUID in its canonical 8-4-4-4-12
 * form in lowercase hex, the form the engine makes. Uppercase hex would not round-trip (the text
 * is rebuilt in lowercase), so it stays a string, as does every other id (sequence numbers,
 * ULIDs, user text): those go to a fallback list of strings (or of codec bytes, core/encoded-texts.ts), in order. A chunk none of whose ids
 * packed has no columns at all (a ledger of `t1`, `t2`... ids costs what it did before); fallback
 * id `row` of such a chunk is fallback number `#fallbackBefore[c] + row`. In a chunk with
 * columns, a fallback id's w1 holds its position in the fallback list.
 *
 * `at` rebuilds the exact text; `equals` and `hash` read the packed bytes (a short row's words
 * rebuilt), and `hash` gives what `hashString` gives for the text, so the id index mixes packed
 * and fallback ids. No snapshot holds these bytes (snapshots save ids as text).
 *
 * A column made `timeOrdered` (a `PackedKeyMap`'s keys, stop 34) also finds its ids by their time
 * (`findParsed`), as the ledger's transfer ids are found (ledger/transfer-id-column.ts): a short
 * row whose time is not before the last such row's is timed, and the timed rows' times never
 * decrease, so a binary search over them finds the rows of an id's millisecond, and a compare of
 * w1 (then the rebuilt words) among those finds the id. Its owner needs no hash-table slot for a
 * timed row (`push` and `pushParsed` say whether the row is timed). A row of a chunk with columns
 * that is not timed (a short row whose time goes back, a full or fallback one) is marked in a
 * bitset its chunk gets at its first such row (a bit a row): a chunk without one is searched as a
 * plain sorted column. Such a column is never truncated.
 */
import { assert } from './assert.js';
import { DIGIT_AT, parseUuid, UUID_DIGITS, UUID_LENGTH, uuidDigitCode, uuidText, uuidTimeMs } from './uuid-text.js';
import { ChunkedList } from './chunked-list.js';
import type { TextList } from './encoded-texts.js';
import { FNV_OFFSET, finishHash, fnvRange, fnvStep, hashString } from './id-hash.js';
import { mintedIndex, mintedWord, mintedWords } from './minted-uuid.js';
import { TIME_ESCAPED, timeBase, timeOffset } from './time-offsets.js';

const CHUNK_BITS = 10;
// Int32 words of a packed UUID (16 bytes).
const WORDS = 4;
// The index of a row whose uuid is held in full: minted indexes below it are held short.
const FULL = 0xff;
// Rows of a chunk's full words when its first full-form row comes; doubled when they fill.
const FULL_ROWS_FIRST = 4;
// Timed rows of one millisecond at most (`timeOrdered`): the rows past them are filed by their
// owner, so a lookup compares at most this many rows of its millisecond, however many ids a clock
// that stands still (a fixed `now`, a coarse timer) mints at one time.
const TIMED_PER_MS = 32;
// A chunk's base's high word before its first short row (times are not negative).
const NO_BASE = -1;
// Code of a fallback id; codes 1..PREFIXES_MAX name a prefix (a Uint8 column).
const FALLBACK = 0;
const PREFIXES_MAX = 255;
const COLON = 58;
const DASH = 45;
// FNV-1a's multiplier (id-hash.ts `fnvStep`).
const FNV_PRIME = 0x01000193;

const NO_INTS = new Int32Array(0);
const NO_BYTES = new Uint8Array(0);
// The words of a short row rebuilt (`at`, `equals`, `hash`, `keyHash`), one row at a time for
// every column: not a column's #parsed, which a lookup keeps between `parse` and `pushParsed`.
const REBUILT = new Int32Array(WORDS);
/** What `parse` gives for a UUID-shaped id whose prefix no id pushed had. */
export const UNKNOWN_PREFIX = -1;

/** Ids in insertion order; UUID-shaped ones packed (see the module comment). */
export class IdColumn {
  readonly #bits: number;
  readonly #rows: number;
  #length = 0;
  // Per chunk, one buffer, or NO_INTS and NO_BYTES while every id of the chunk is a fallback one:
  // Int32s, row `row`'s w1 (or its full words' or fallback position) at `row`, its time offset
  // at `rows + row`, and the chunk's base time at `2 * rows` (high word, NO_BASE until its first
  // short row) and `2 * rows + 1` (low); bytes, row `row`'s prefix code at `row` and its minted
  // index (FULL for a uuid held in full) at `rows + row`.
  readonly #ints: Int32Array[] = [];
  readonly #bytes: Uint8Array[] = [];
  // Per chunk, from the first full-form row on: how many rows of full words are in use, then
  // their words in row order (NO_INTS while the chunk has none).
  #full: Int32Array[] | undefined;
  // Per chunk: the fallback ids before its first row.
  readonly #fallbackBefore: number[] = [];
  readonly #fallback: TextList;
  // Prefix `code` with its colon, and FNV-1a's state after them (id-hash.ts). Code 0 is unused.
  // A prefix stays when the ids that brought it are truncated: at most PREFIXES_MAX of them.
  readonly #heads: string[] = [''];
  readonly #headStates: number[] = [0];
  // The code of the last prefix found: ids of one kind come in runs.
  #lastCode = FALLBACK;
  // The words of the id parsed last (`parse`, `push`): one id at a time, no allocation per id.
  readonly #parsed = new Int32Array(WORDS);
  // Whether short rows are timed (`timeOrdered`), the last timed row's time (-1: none yet), per
  // chunk the last timed time up to its end (never decreasing: a chunk without timed rows repeats
  // the one before), and per chunk the bits of its short rows that are not timed (NO_BYTES: none).
  readonly #timeOrdered: boolean;
  #timedMaxMs = -1;
  // Timed rows of #timedMaxMs's millisecond so far (at most TIMED_PER_MS).
  #timedAtMaxMs = 0;
  readonly #chunkMaxMs: number[] = [];
  readonly #untimed: Uint8Array[] = [];

  /**
   * `chunkBits`: log2 of the rows of a chunk; tests pass a small one to cross chunks.
   * `fallback`: where the ids that do not pack go, empty (default: strings, a `ChunkedList`;
   * core/encoded-texts.ts holds long ones as bytes). `timeOrdered`: ids are also found by their
   * time (`findParsed`; see the module comment), and the column is never truncated.
   */
  constructor(chunkBits: number = CHUNK_BITS, fallback: TextList = new ChunkedList<string>(), timeOrdered = false) {
    assert(Number.isInteger(chunkBits) && chunkBits >= 1 && chunkBits <= 16, 'chunkBits out of range');
    assert(fallback.length === 0, 'an IdColumn starts with an empty fallback list');
    this.#bits = chunkBits;
    this.#rows = 1 << chunkBits;
    this.#fallback = fallback;
    this.#timeOrdered = timeOrdered;
  }

  /** Number of ids. */
  get length(): number {
    return this.#length;
  }

  /** Number of ids held as strings (not packed): for tests and measurements. */
  get fallbackLength(): number {
    return this.#fallback.length;
  }

  /** Number of packed ids whose uuid is held in full (16 bytes), not short: for tests and measurements. */
  get fullLength(): number {
    let count = 0;
    for (let index = 0; index < this.#length; index += 1) {
      const c = index >>> this.#bits;
      const row = index & (this.#rows - 1);
      if (this.#codeOf(c, row) !== FALLBACK && this.#bytes[c]![this.#rows + row] === FULL) count += 1;
    }
    return count;
  }

  /** Appends `id` at index `length`; true when its row is timed (`findParsed` finds it). */
  push(id: string): boolean {
    const index = this.#length;
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    if (row === 0) this.#enterChunk(c);
    const code = this.#packedCode(id);
    let timed = false;
    if (code === FALLBACK) this.#pushFallback(c, row, id);
    else timed = this.#pushPacked(c, row, code);
    this.#length = index + 1;
    return timed;
  }

  /** The id at `index` (below `length`), its exact text. */
  at(index: number): string {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    const code = this.#codeOf(c, row);
    if (code === FALLBACK) return this.#fallback.at(this.#fallbackPosition(c, row));
    const words = this.#wordsOf(c, row);
    return this.#heads[code]! + uuidText(words, this.#wordsAt(words, c, row));
  }

  /**
   * The uuid words of the id at `index` into `out[0..3]` (big-endian, as `parseUuid` reads them);
   * false, writing nothing, for an id held as a string (not packed).
   */
  wordsAt(index: number, out: Int32Array): boolean {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    if (this.#codeOf(c, row) === FALLBACK) return false;
    const words = this.#wordsOf(c, row);
    const at = this.#wordsAt(words, c, row);
    out[0] = words[at]!;
    out[1] = words[at + 1]!;
    out[2] = words[at + 2]!;
    out[3] = words[at + 3]!;
    return true;
  }

  /** True when the id at `index` is `id`, without rebuilding its text. */
  equals(index: number, id: string): boolean {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    const code = this.#codeOf(c, row);
    if (code === FALLBACK) return this.#fallback.at(this.#fallbackPosition(c, row)) === id;
    const head = this.#heads[code]!;
    if (id.length !== head.length + UUID_LENGTH || !id.startsWith(head)) return false;
    const words = this.#wordsOf(c, row);
    return uuidEquals(words, this.#wordsAt(words, c, row), id, head.length);
  }

  /** `hashString` of the id at `index`, without rebuilding it. */
  hash(index: number): number {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    const code = this.#codeOf(c, row);
    if (code === FALLBACK) return hashString(this.#fallback.at(this.#fallbackPosition(c, row)));
    const words = this.#wordsOf(c, row);
    return finishHash(uuidState(this.#headStates[code]!, words, this.#wordsAt(words, c, row)));
  }

  /**
   * Reads `id` for a lookup by words (`hashParsed`, `equalsParsed`) instead of by text: the code
   * of its prefix with its uuid's words kept in this column's scratch until the next `parse` or
   * `push`; FALLBACK (0) when it is not UUID-shaped; UNKNOWN_PREFIX when it is but no id pushed
   * has its prefix (no packed row can be it: a fallback row still can, once 255 prefixes are known).
   */
  parse(id: string): number {
    const colon = id.length - UUID_LENGTH - 1;
    if (colon < 0 || id.charCodeAt(colon) !== COLON || !parseUuid(id, colon + 1, this.#parsed)) return FALLBACK;
    const code = this.#knownCode(id, colon);
    return code === FALLBACK ? UNKNOWN_PREFIX : code;
  }

  /** `wordsHash` of the id `parse` read last, whose prefix code it gave (`code` >= 1). */
  hashParsed(code: number): number {
    const parsed = this.#parsed;
    return wordsHash(code, parsed[0]!, parsed[1]!, parsed[2]!, parsed[3]!);
  }

  /** True when the id at `index` is the one `parse` read last and gave `code` (>= 1) for. */
  equalsParsed(index: number, code: number): boolean {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    const bytes = this.#bytes[c]!;
    if (bytes.length === 0 || bytes[row] !== code) return false;
    const rows = this.#rows;
    const minted = bytes[rows + row]!;
    const ints = this.#ints[c]!;
    const parsed = this.#parsed;
    if (minted === FULL) {
      const words = this.#full![c]!;
      const at = 1 + WORDS * ints[row]!;
      return words[at] === parsed[0] && words[at + 1] === parsed[1] && words[at + 2] === parsed[2] && words[at + 3] === parsed[3];
    }
    // A short row's w1 is its uuid's bits 64-95: most rows that are not the parsed id differ
    // there, and are told apart without rebuilding their words.
    if (ints[row] !== ((parsed[2]! << 16) | (parsed[3]! >>> 16))) return false;
    mintedWords(baseOf(ints, rows) + ints[rows + row]!, ints[row]! >>> 0, minted, REBUILT, 0);
    return REBUILT[0] === parsed[0] && REBUILT[1] === parsed[1] && REBUILT[2] === parsed[2] && REBUILT[3] === parsed[3];
  }

  /**
   * The hash a map of these ids keys the id at `index` by: `wordsHash` of a packed one (no text
   * hashed: its words are the uuid's random digits already), `hashString` of a fallback one.
   */
  keyHash(index: number): number {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    const code = this.#codeOf(c, row);
    if (code === FALLBACK) return hashString(this.#fallback.at(this.#fallbackPosition(c, row)));
    const words = this.#wordsOf(c, row);
    const at = this.#wordsAt(words, c, row);
    return wordsHash(code, words[at]!, words[at + 1]!, words[at + 2]!, words[at + 3]!);
  }

  /**
   * Appends the id `parse` read last, which gave `code` (>= 1): it is not parsed again. True when
   * its row is timed (`findParsed` finds it).
   */
  pushParsed(code: number): boolean {
    assert(code >= 1 && code < this.#heads.length, 'pushParsed takes a known prefix code');
    const index = this.#length;
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    if (row === 0) this.#enterChunk(c);
    const timed = this.#pushPacked(c, row, code);
    this.#length = index + 1;
    return timed;
  }

  /** True when the id at `index` is timed: `findParsed` finds it (a `timeOrdered` column's short row whose time did not go back). */
  isTimed(index: number): boolean {
    if (!this.#timeOrdered) return false;
    const c = index >>> this.#bits;
    return this.#bytes[c]!.length !== 0 && timedAt(this.#untimed[c]!, index & (this.#rows - 1));
  }

  // Marks `row` of chunk `c` (with columns) as not timed, in a time-ordered column.
  #markUntimed(c: number, row: number): void {
    if (!this.#timeOrdered) return;
    if (this.#untimed[c]!.length === 0) this.#untimed[c] = new Uint8Array(this.#rows >>> 3 || 1);
    this.#untimed[c]![row >>> 3]! |= 1 << (row & 7);
  }

  /**
   * The first timed row after `after` (-1: from the start) that holds the id `parse` read last and
   * gave `code` (>= 1) for, or -1 when there is none: a binary search over the timed rows' times
   * for the first of the id's millisecond, then a compare along the rows of that millisecond (its
   * owner passes the row it found to look further, past a row it holds as deleted). Always -1 for
   * a column not `timeOrdered`.
   */
  findParsed(code: number, after: number): number {
    const parsed = this.#parsed;
    const timeMs = uuidTimeMs(parsed, 0);
    if (timeMs > this.#timedMaxMs) return -1;
    const w1 = (parsed[2]! << 16) | (parsed[3]! >>> 16);
    const rows = this.#rows;
    const length = this.#length;
    let index = after < 0 ? this.#firstTimedAtLeast(timeMs) : after + 1;
    // Timed rows of the millisecond met: past TIMED_PER_MS there are none (see #time).
    let met = 0;
    while (index < length) {
      const c = index >>> this.#bits;
      const next = Math.min(length, (c + 1) << this.#bits);
      const bytes = this.#bytes[c]!;
      const ints = this.#ints[c]!;
      // A chunk without columns or without short rows has no timed row.
      if (bytes.length === 0 || ints[2 * rows] === NO_BASE) {
        index = next;
        continue;
      }
      const untimed = this.#untimed[c]!;
      const baseMs = baseOf(ints, rows);
      const offset = timeMs - baseMs;
      for (let row = index & (rows - 1); index < next; row += 1, index += 1) {
        if (untimed.length !== 0 && (untimed[row >>> 3]! & (1 << (row & 7))) !== 0) continue;
        // Rows from the first of the millisecond on: the first of a later one ends the search.
        if (ints[rows + row] !== offset) return -1;
        if (bytes[row] === code && ints[row] === w1) {
          mintedWords(timeMs, w1 >>> 0, bytes[rows + row]!, REBUILT, 0);
          if (REBUILT[0] === parsed[0] && REBUILT[1] === parsed[1] && REBUILT[2] === parsed[2] && REBUILT[3] === parsed[3]) return index;
        }
        met += 1;
        if (met === TIMED_PER_MS) return -1;
      }
    }
    return -1;
  }

  // The first row at or after which every timed row's time is `timeMs` or later, and before which
  // every one is earlier; `timeMs` is at most #timedMaxMs. The chunks' last times first (the first
  // chunk reaching `timeMs` holds the first timed row of that time), then that chunk's rows, an
  // untimed row read as the next timed one.
  #firstTimedAtLeast(timeMs: number): number {
    const maxMs = this.#chunkMaxMs;
    let lo = 0;
    let hi = maxMs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (maxMs[mid]! < timeMs) lo = mid + 1;
      else hi = mid;
    }
    const c = lo;
    const rows = this.#rows;
    const ints = this.#ints[c]!;
    const untimed = this.#untimed[c]!;
    const offset = timeMs - baseOf(ints, rows);
    let low = 0;
    let high = Math.min(rows, this.#length - (c << this.#bits));
    if (untimed.length === 0) return (c << this.#bits) + sortedLowerBound(ints, rows, high, offset);
    while (low < high) {
      const mid = (low + high) >>> 1;
      let timed = mid;
      while (timed < high && !timedAt(untimed, timed)) timed += 1;
      if (timed === high) high = mid;
      else if (ints[rows + timed]! < offset) low = timed + 1;
      else high = mid;
    }
    return (c << this.#bits) + low;
  }

  /**
   * Drops the string of the id at `index` if it is a fallback one (a `PackedKeyMap`'s deleted
   * key, never read again): the row stays, and `at`, `equals` and `hash` no longer answer for it.
   */
  forget(index: number): void {
    const c = index >>> this.#bits;
    const row = index & (this.#rows - 1);
    if (this.#codeOf(c, row) === FALLBACK) this.#fallback.set(this.#fallbackPosition(c, row), '');
  }

  /** Forgets the ids from `length` on. Chunks stay: later pushes reuse them. */
  truncate(length: number): void {
    assert(length >= 0 && length <= this.#length, 'truncate beyond the end');
    assert(!this.#timeOrdered || length === this.#length, 'a time-ordered IdColumn is never truncated');
    // Fallback ids are in index order: the first one removed is where the fallback list ends.
    for (let i = length; i < this.#length; i += 1) {
      const c = i >>> this.#bits;
      const row = i & (this.#rows - 1);
      if (this.#codeOf(c, row) !== FALLBACK) continue;
      this.#fallback.truncate(this.#fallbackPosition(c, row));
      break;
    }
    this.#truncateFull(length);
    this.#length = length;
  }

  // The full words in use of the chunk of index `length` end where its first full row from
  // `length` on was (full rows are in row order); later chunks are entered again at row 0.
  #truncateFull(length: number): void {
    const c = length >>> this.#bits;
    const full = this.#full?.[c];
    if ((length & (this.#rows - 1)) === 0 || full === undefined || full.length === 0) return;
    const end = Math.min(this.#length, (c + 1) << this.#bits);
    const bytes = this.#bytes[c]!;
    for (let i = length; i < end; i += 1) {
      const row = i & (this.#rows - 1);
      if (bytes[row] === FALLBACK || bytes[this.#rows + row] !== FULL) continue;
      full[0] = this.#ints[c]![row]!;
      return;
    }
  }

  // The words of packed row `row` of chunk `c`: its chunk's full words when it is held in full,
  // else rebuilt in REBUILT (`#wordsAt` says where they start).
  #wordsOf(c: number, row: number): Int32Array {
    const rows = this.#rows;
    const index = this.#bytes[c]![rows + row]!;
    if (index === FULL) return this.#full![c]!;
    const ints = this.#ints[c]!;
    mintedWords(baseOf(ints, rows) + ints[rows + row]!, ints[row]! >>> 0, index, REBUILT, 0);
    return REBUILT;
  }

  // Where the words `#wordsOf` gave for row `row` of chunk `c` start.
  #wordsAt(words: Int32Array, c: number, row: number): number {
    return words === REBUILT ? 0 : 1 + WORDS * this.#ints[c]![row]!;
  }

  #codeOf(c: number, row: number): number {
    const bytes = this.#bytes[c]!;
    return bytes.length === 0 ? FALLBACK : bytes[row]!;
  }

  // The position in the fallback list of fallback id `row` of chunk `c`.
  #fallbackPosition(c: number, row: number): number {
    return this.#bytes[c]!.length === 0 ? this.#fallbackBefore[c]! + row : this.#ints[c]![row]!;
  }

  // Row 0 of chunk `c` is next (a new chunk, or one entered again after a truncation).
  #enterChunk(c: number): void {
    if (c === this.#bytes.length) {
      this.#ints.push(NO_INTS);
      this.#bytes.push(NO_BYTES);
      this.#full?.push(NO_INTS);
      this.#fallbackBefore.push(0);
    }
    this.#fallbackBefore[c] = this.#fallback.length;
    if (this.#timeOrdered) {
      this.#chunkMaxMs.push(this.#timedMaxMs);
      this.#untimed.push(NO_BYTES);
    }
    const ints = this.#ints[c]!;
    if (ints.length !== 0) ints[2 * this.#rows] = NO_BASE;
    const full = this.#full?.[c];
    if (full !== undefined && full.length !== 0) full[0] = 0;
  }

  #pushFallback(c: number, row: number, id: string): void {
    const bytes = this.#bytes[c]!;
    if (bytes.length !== 0) {
      bytes[row] = FALLBACK;
      this.#ints[c]![row] = this.#fallback.length;
      this.#markUntimed(c, row);
    }
    this.#fallback.push(id);
  }

  // Writes the id in #parsed with `code` at `row` of chunk `c`: short when it is in minted form,
  // its index below FULL and its time an offset from the chunk's base. True when it is timed.
  #pushPacked(c: number, row: number, code: number): boolean {
    if (this.#bytes[c]!.length === 0) this.#addColumns(c, row);
    const bytes = this.#bytes[c]!;
    bytes[row] = code;
    if (!this.#pushShort(c, row)) {
      this.#pushFull(c, row);
      return false;
    }
    return this.#timeOrdered && this.#time(c, row);
  }

  // Short row `row` of chunk `c` (a time-ordered column's) is timed when its time does not go back
  // and its millisecond has fewer than TIMED_PER_MS timed rows; else its untimed bit is set. True
  // when timed.
  #time(c: number, row: number): boolean {
    const timeMs = uuidTimeMs(this.#parsed, 0);
    if (timeMs > this.#timedMaxMs || (timeMs === this.#timedMaxMs && this.#timedAtMaxMs < TIMED_PER_MS)) {
      this.#timedAtMaxMs = timeMs === this.#timedMaxMs ? this.#timedAtMaxMs + 1 : 1;
      this.#timedMaxMs = timeMs;
      this.#chunkMaxMs[c] = timeMs;
      return true;
    }
    this.#markUntimed(c, row);
    return false;
  }

  // Writes the id in #parsed short at `row` of chunk `c` when it can be; false when it cannot.
  #pushShort(c: number, row: number): boolean {
    const parsed = this.#parsed;
    const w1 = mintedWord(parsed, 0);
    if (w1 === -1) return false;
    const index = mintedIndex(parsed, 0, w1);
    if (index >= FULL) return false;
    const rows = this.#rows;
    const ints = this.#ints[c]!;
    const timeMs = uuidTimeMs(parsed, 0);
    if (ints[2 * rows] === NO_BASE) setBase(ints, rows, timeBase(timeMs));
    const offset = timeOffset(timeMs, baseOf(ints, rows));
    if (offset === TIME_ESCAPED) return false;
    ints[row] = w1;
    ints[rows + row] = offset;
    this.#bytes[c]![rows + row] = index;
    return true;
  }

  // Writes the words in #parsed at `row` of chunk `c` in full.
  #pushFull(c: number, row: number): void {
    this.#full ??= this.#ints.map(() => NO_INTS);
    const full = this.#full;
    let words = full[c]!;
    const position = words.length === 0 ? 0 : words[0]!;
    if (1 + WORDS * position >= words.length) {
      const grown = new Int32Array(1 + WORDS * Math.max(FULL_ROWS_FIRST, (2 * (words.length - 1)) / WORDS));
      grown.set(words);
      full[c] = words = grown;
    }
    const parsed = this.#parsed;
    const at = 1 + WORDS * position;
    words[at] = parsed[0]!;
    words[at + 1] = parsed[1]!;
    words[at + 2] = parsed[2]!;
    words[at + 3] = parsed[3]!;
    words[0] = position + 1;
    this.#ints[c]![row] = position;
    this.#bytes[c]![this.#rows + row] = FULL;
    this.#markUntimed(c, row);
  }

  // Gives chunk `c` its columns when its first packed id comes at `rows`: the rows before it
  // are fallback ids (code 0), whose positions the columns now hold.
  #addColumns(c: number, rows: number): void {
    const buffer = new ArrayBuffer(4 * (2 * this.#rows + 2) + 2 * this.#rows);
    const ints = new Int32Array(buffer, 0, 2 * this.#rows + 2);
    for (let row = 0; row < rows; row += 1) ints[row] = this.#fallbackBefore[c]! + row;
    ints[2 * this.#rows] = NO_BASE;
    this.#ints[c] = ints;
    this.#bytes[c] = new Uint8Array(buffer, 4 * (2 * this.#rows + 2), 2 * this.#rows);
    for (let row = 0; row < rows; row += 1) this.#markUntimed(c, row);
  }

  // The code of the known prefix `id[0, colon)` (its colon is at `colon`), or FALLBACK.
  #knownCode(id: string, colon: number): number {
    const heads = this.#heads;
    const last = this.#lastCode;
    // The head's length is the prefix's plus the colon, which `id` has at `colon`.
    if (last !== FALLBACK && heads[last]!.length === colon + 1 && id.startsWith(heads[last]!)) return last;
    for (let code = 1; code < heads.length; code += 1) {
      if (heads[code]!.length !== colon + 1 || !id.startsWith(heads[code]!)) continue;
      this.#lastCode = code;
      return code;
    }
    return FALLBACK;
  }

  // The prefix code of `id` with its UUID parsed into #parsed, or FALLBACK
  // when `id` is not `<prefix>:<lowercase canonical UUID>` or the prefix dictionary is full.
  #packedCode(id: string): number {
    const colon = id.length - UUID_LENGTH - 1;
    if (colon < 0 || id.charCodeAt(colon) !== COLON || !parseUuid(id, colon + 1, this.#parsed)) return FALLBACK;
    const known = this.#knownCode(id, colon);
    if (known !== FALLBACK) return known;
    const heads = this.#heads;
    if (heads.length > PREFIXES_MAX) return FALLBACK;
    const head = id.slice(0, colon + 1);
    heads.push(head);
    this.#headStates.push(fnvRange(FNV_OFFSET, head, 0, head.length));
    this.#lastCode = heads.length - 1;
    return this.#lastCode;
  }
}

// The first of the `count` ascending offsets at `ints[rows..]` that is `offset` or more, the chunk
// reaching it (its last offset is at least `offset`). A chunk's rows come at a fairly even pace, so
// the row its offsets' span puts `offset` at is a guess a step or two off: from it, steps doubling
// until they pass `offset`, then a binary search between, where a binary search of the whole chunk
// took 8 steps, each a branch the CPU mispredicts half the time.
function sortedLowerBound(ints: Int32Array, rows: number, count: number, offset: number): number {
  const first = ints[rows]!;
  if (offset <= first) return 0;
  const last = ints[rows + count - 1]!;
  let low = 0;
  let high = count;
  const guess = Math.min(count - 1, Math.floor(((offset - first) / (last - first + 1)) * count));
  let step = 1;
  if (ints[rows + guess]! < offset) {
    low = guess + 1;
    for (let at = low; at < high && ints[rows + at]! < offset; at = low + step - 1) {
      low = at + 1;
      step *= 2;
    }
    high = Math.min(high, low + step);
  } else {
    high = guess;
    for (let at = high - 1; at >= low && ints[rows + at]! >= offset; at = high - step) {
      high = at;
      step *= 2;
    }
    low = Math.max(low, high - step);
  }
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ints[rows + mid]! < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

// Whether `row` of a time-ordered column's chunk with columns, whose untimed bits are `untimed`, is timed.
function timedAt(untimed: Uint8Array, row: number): boolean {
  return untimed.length === 0 || (untimed[row >>> 3]! & (1 << (row & 7))) === 0;
}

// The base time of a chunk whose Int32s are `ints` (it has a short row).
function baseOf(ints: Int32Array, rows: number): number {
  return ints[2 * rows]! * 0x100000000 + (ints[2 * rows + 1]! >>> 0);
}

function setBase(ints: Int32Array, rows: number, baseMs: number): void {
  ints[2 * rows] = Math.floor(baseMs / 0x100000000);
  ints[2 * rows + 1] = baseMs % 0x100000000;
}

/**
 * The hash a `PackedKeyMap` files a packed id under: its prefix code and its uuid's 4 words mixed
 * (FNV-1a's steps a word at a time, then MurmurHash3's finalizer), 5 steps where the id's text
 * takes 48. A fallback id is filed under `hashString` of its text; the two may collide, and the
 * map tells them apart by code.
 */
export function wordsHash(code: number, w0: number, w1: number, w2: number, w3: number): number {
  // Written out, no call per step: a lookup pays for every call until it is optimized again.
  let h = Math.imul(FNV_OFFSET ^ code, FNV_PRIME);
  h = Math.imul(h ^ w0, FNV_PRIME);
  h = Math.imul(h ^ w1, FNV_PRIME);
  h = Math.imul(h ^ w2, FNV_PRIME);
  h = Math.imul(h ^ w3, FNV_PRIME);
  return finishHash(h);
}

/** True when `id[from, from + 36)` is the UUID text of the words at `words[at]`. */
export function uuidEquals(words: Int32Array, at: number, id: string, from: number): boolean {
  if (id.charCodeAt(from + 8) !== DASH || id.charCodeAt(from + 13) !== DASH || id.charCodeAt(from + 18) !== DASH || id.charCodeAt(from + 23) !== DASH) return false;
  for (let k = 0; k < UUID_DIGITS; k += 1) if (id.charCodeAt(from + DIGIT_AT[k]!) !== uuidDigitCode(words, at, k)) return false;
  return true;
}

/** FNV-1a's state after the UUID text of the words at `words[at]` follows `state` (id-hash.ts). */
export function uuidState(state: number, words: Int32Array, at: number): number {
  let h = state;
  for (let k = 0; k < UUID_DIGITS; k += 1) {
    if (k === 8 || k === 12 || k === 16 || k === 20) h = fnvStep(h, DASH);
    h = fnvStep(h, uuidDigitCode(words, at, k));
  }
  return h;
}
