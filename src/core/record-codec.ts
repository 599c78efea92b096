/**
 * A compact binary form of stored records (JSON-safe data: objects, arrays, strings, numbers,
 * booleans, null), for stores that keep settled records packed instead of as objects
 * (`PackedRecordMap`). A record's JSON is ~800-1,500 characters and its object graph ~600 B of
 * heap even with its strings shared; packed it is ~100-200 bytes, because most of a record is
 * text of a few kinds that a byte or a few stand for:
 *
 * - **keys**: an object's key list, in order, is a shape numbered once per codec;
 * - **ids**: `<Prefix>:<uuid>` (lowercase hex) is the prefix's number and 16 bytes, or, when the
 *   same uuid came earlier in the record (a quote's `transactionId`, a customer id in the record
 *   and in its source), the prefix's number and which of the earlier ones; an id of an owner that
 *   recurs across records (`Customer:`, `InternalAccount:`, `Card:`) enters the codec's id table
 *   at its first sight and is its number in that table after that (from snapshot `@6` on; from
 *   `@7` the table is shared by the codecs of an engine's packed stores and takes
 *   `ExternalAccount:` too: core/id-table.ts); from `@8` on, a uuid the engine minted (its bits are
 *   those its time and one 32-bit word give: core/minted-uuid.ts) written whole is its time and
 *   that word, 10 bytes (or a time difference and 4), not 16 (`mintedIds`), and from `@9` on
 *   also one minted at an index other than 0 in its call, with that index (`mintedIndexes`);
 * - **instants**: `YYYY-MM-DDTHH:MM:SS.sssZ` is its epoch ms as a varint, or as the difference
 *   from the record's time before it (an earlier instant, or a UUIDv7 id's 48-bit time) where that
 *   is shorter: a record's instants and the ids made with it lie within seconds of each other;
 * - **amounts**: a canonical decimal integer string (`"12345"`, `"-7"`, at most 15 digits) is a
 *   zigzag varint;
 * - **repeated strings** (statuses, currencies, rails, names): a string seen twice enters the
 *   codec's dictionary (bounded) and is its number after that.
 * - **what a record repeats** (from snapshot `@10` on, `repeatForms`): an id minted in the same
 *   call as an earlier uuid of the record (a transaction's funding transfers beside its id) is
 *   that uuid's number and its own index, ~4 bytes; an integer near the record's last time (an
 *   epoch-ms due time) is its zigzag difference from it; text made of an id (an ACH addenda,
 *   `TX` and the uuid's 32 uppercase hex digits) is its ASCII prefix and the uuid's number; digits
 *   with a leading zero (trace and routing numbers, not canonical integers) are their count and
 *   value, at most 15 of them. The last two only for text not in the dictionary.
 * - **the record's own id** (from snapshot `@11` on, when `encode` and `decode` are given the
 *   record's key): a store keeps a record under its id, which the record holds again (`"id":
 *   "Transaction:<uuid>"`, ~11-18 bytes written whole). The key's uuid is remembered as if it
 *   were the record's first id, and its time as the record's time, before the record is written,
 *   so the `id` field, and any other id or text of the same uuid or minted in the same call, is a
 *   reference to it (`ID_AGAIN`, ~3 bytes). A key not ending in a lowercase uuid is no context.
 * - **the commonest references in one byte** (from snapshot `@12` on, `shortTags`): every value
 *   starts with a tag byte, and the values past the tags stand for whole values: a dictionary
 *   string numbered below 128, an object of a shape below 64, an integer or a decimal text of 0 to
 *   15 (the tables number strings and shapes in the order they are first met, so a store's
 *   statuses, currencies and record kinds have low numbers); larger ones keep the tag and varint.
 *   From snapshot `@13` on (`moreShortTags`), the last free values too: an instant equal to the
 *   record's last time, the record's first uuid again with the first prefix, and an array of 0
 *   to 2 items.
 * - **digests** (only with `hexDigests`, a live store's option, never in a snapshot's bytes): 64
 *   lowercase hex digits seen for the first time are their 32 bytes.
 * - **what a record's base holds** (from snapshot `@14` on, for a store whose records are packed
 *   against a base: `RecordBaseSource`, a quote against its transaction): the record's bytes start
 *   with a varint, 0 when it takes nothing from its base, else odd: the bits above the lowest say
 *   which of the base's fields the record holds other values of. A top-level field equal to the
 *   base's (the same JSON data exactly: keys in order, `-0`, `undefined`) is then not written:
 *   the shape still names it, and a decode takes the base's value, asked of the source by the
 *   key's uuid. The base's values are written nowhere, so they neither enter the dictionary nor
 *   move the record's time or remembered ids, at encode and decode alike.
 * - **what a record's key and earlier fields predict** (from snapshot `@15` on, for a store whose
 *   records are packed with predictions: `RecordPredictions`, a transaction's `createdAt` from its
 *   id's time, its `receivedAmount` from its `sentAmount`): the record's bytes start with a varint
 *   as for a base, 0 when no field is as predicted, else odd, the bits above the lowest naming the
 *   predicted fields the record holds other values of. A top-level field equal to its prediction
 *   (the same data exactly) is not written; a decode predicts it again from the key and the fields
 *   decoded before it. Nothing is written for it, so it touches no dictionary nor remembered id,
 *   but an instant taken so moves the record's time to it, as one written would. From snapshot
 *   `@16` on, predictions may cover fields of objects inside the record too (`NestedPredictions`:
 *   an ACH rail's `addenda` in `destination.railDetails`), their bits after the record's own in
 *   the same varint; a nested prediction of `undefined` predicts nothing (the field is written).
 * - **texts ending in a number** (from snapshot `@16` on, `numberedTexts`): a text not in the
 *   dictionary made of a head and 1 to 15 final digits (`sim payout 17`) is the head's dictionary
 *   number and the digits' value, once the head has been met twice (it then enters the
 *   dictionary), behind `ZERO_PADDED` with a count of 0 or 1, which no zero-padded text has.
 *
 * Everything else is written out (one byte per UTF-16 unit for ASCII, two otherwise, so lone
 * surrogates survive). `decode(encode(v))` equals `v` exactly: the same keys in the same order,
 * the same strings, numbers (`-0` included) and `undefined` values. A codec is stateful (its
 * shapes and dictionary grow) and deterministic; bytes are only meaningful with the tables of the
 * codec that wrote them (its shapes, dictionary strings, id prefixes and id table: `tables`, and
 * `fromTables` to read them elsewhere).
 *
 * The id table holds only the owners' ids, not every id met twice: in the API workload a
 * customer's ids recur in ~17 records of each store, while the ids of payments, quotes and
 * external accounts rarely recur in another record of the same store, so a table of them would
 * cost more memory (~26 B an entry) than their references save (docs/performance.md, stop 25).
 * Shared by the stores, a table gains from an external account's ids too (they recur across
 * stores), not from a quote's or a transaction's (in 2-3 stores each, but each is an entry for
 * good, and most payments are never named again: stop 26).
 *
 * **A storage format since engine snapshot `@5`**, which saves records as these bytes beside
 * their codec's tables (core/packed-bytes.ts): the tags, varints, id, time and text forms below
 * and the tables' layout are part of that format. A change that makes different bytes for the
 * same records (or reads the same bytes differently) needs a new snapshot format, with the old
 * one still read; test/core/record-codec.test.ts pins a record's bytes so that such a change
 * cannot pass unnoticed. Inner changes that write the same bytes need nothing: a change made for
 * speed must not move one byte (a moved byte is a form taken differently), and
 * test/core/record-codec-bytes.property.test.ts compares every encode with a frozen copy of the
 * codec as it was before stop 22 (test/core/reference-record-codec.ts), with the id table off
 * (`{ idTable: false, mintedIds: false }`: the `@5` bytes); the id table's and the minted form's
 * bytes are pinned on their own.
 */

import { deepFreeze } from './freeze.js';
import { IdTable } from './id-table.js';
import { HashSet32 } from './hash-set32.js';
import { sameData } from './same-data.js';
import { hashString } from './id-hash.js';
import { MINTED_INDEX_LIMIT } from './ids.js';
import { canonicalInstantMs, isoText } from './time.js';
import { mintedIndex, mintedWord, mintedWords } from './minted-uuid.js';
import { DIGIT_AT, HEX_CODES, nibble, parseUuid, UUID_DIGITS, UUID_LENGTH, uuidText, uuidTimeMs } from './uuid-text.js';
import { unzigzag, VARINT_MAX, writeVarint, zigzag } from './varint.js';

const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const UNDEFINED = 3;
const INTEGER = 4;
const FLOAT = 5;
const DICTIONARY = 6;
const ASCII = 7;
const UTF16 = 8;
const ID = 9;
const INSTANT = 10;
const DECIMAL_INTEGER = 11;
const ARRAY = 12;
const OBJECT = 13;
const ID_AGAIN = 14;
const INSTANT_DELTA = 15;
const ID_DELTA = 16;
const ID_TABLE = 17;
// Written only by a codec with `hexDigests` (a live store's, never a snapshot's: see the option).
const HEX_DIGEST = 18;
// A minted-form uuid (core/minted-uuid.ts) as its 48-bit time and w1, whole or its time as a
// difference (snapshot `@8` on; not written with `mintedIds` false).
const ID_MINTED = 19;
const ID_MINTED_DELTA = 20;
// The same with the id's index in its call after w1, a varint, when not 0 (snapshot `@9` on; not
// written with `mintedIndexes` false).
const ID_MINTED_INDEXED = 21;
const ID_MINTED_INDEXED_DELTA = 22;
// A minted-form id's index is written when it takes at most 2 bytes: a foreign v7 id in minted
// form by chance has a random 26-bit index, for which the form would gain nothing.
const MINTED_INDEX_WRITTEN_LIMIT = 1 << 14;
// The forms of what a record repeats (snapshot `@10` on; not written with `repeatForms` false):
// a minted uuid with the time and w1 of an earlier uuid of the record, as that one's place among
// the remembered ones and its own index in its call ...
const ID_SIBLING = 23;
// ... an integer as the zigzag difference from the record's last time (epoch-ms numbers) ...
const INTEGER_DELTA = 24;
// ... an ASCII prefix and the uppercase hex digits of a remembered uuid (a reference made of an id) ...
const UUID_HEX = 25;
// ... and digits with leading zeros as their count and value.
const ZERO_PADDED = 26;
// Digits of a zero-padded string at most: its value stays below 2^53.
const ZERO_PADDED_DIGITS_MAX = 15;
// A zero-padded string's count is 2 at least, so counts 0 and 1 after the tag name the forms of a
// text ending in a number (snapshot `@16` on; not written with `numberedTexts` false): a dictionary
// string and the number's value (`NUMBERED_TEXT`), or a dictionary string, the digits' count and
// their value (`NUMBERED_TEXT_PADDED`, digits with a leading zero).
const NUMBERED_TEXT = 0;
const NUMBERED_TEXT_PADDED = 1;
// The tag byte's values past the tags are whole values (snapshot `@12` on; not written with
// `shortTags` false), the commonest references of a record in one byte, not a tag and a varint:
// in the API workload's records a transaction's ~34 dictionary strings and shapes are 99% below
// 128 and 64, and its integers and amount texts are mostly 0 or 1. From `@13` on (not written
// with `moreShortTags` false) the last five too: of a transaction's 6.6 instants written as a
// difference 2.1 equal the record's last time (`updatedAt` beside `createdAt`); of its 3.8 ids
// met again 1.85 are the record's first uuid with the first prefix (the record's own `id`, its
// key's); of its 2.35 arrays 1.75 hold 0-2 items. Its other time differences and id table
// entries are spread too widely for a byte to stand for one (docs/performance.md, stop 30).
//   0x00-0x1A: the tags above;           0x1B: an instant equal to the record's last time;
//   0x1C: `ID_AGAIN` of prefix 0 and the record's first uuid;
//   0x1D-0x1F: an array of 0-2 items, its items after it;
//   0x20-0x2F: the integer 0-15;         0x30-0x3F: the decimal text "0"-"15";
//   0x40-0x7F: an object of shape 0-63;  0x80-0xFF: dictionary string 0-127.
const INSTANT_SAME = 0x1b;
const FIRST_ID_AGAIN = 0x1c;
const SHORT_ARRAY = 0x1d;
// Items of an array in its one-byte form at most.
const SHORT_ARRAY_ITEMS_MAX = 2;
const SHORT_INTEGER = 0x20;
const SHORT_DECIMAL = 0x30;
const SHORT_OBJECT = 0x40;
const SHORT_DICTIONARY = 0x80;
// How many values each short range holds.
const SHORT_NUMBERS = SHORT_DECIMAL - SHORT_INTEGER;
const SHORT_SHAPES = SHORT_DICTIONARY - SHORT_OBJECT;
const SHORT_STRINGS = 0x100 - SHORT_DICTIONARY;
// The texts of the short decimal forms, by value.
const SHORT_DECIMAL_TEXTS: readonly string[] = Array.from({ length: SHORT_NUMBERS }, (_, value) => String(value));

/** Strings in the dictionary at most (then new ones are written out). */
const DICTIONARY_MAX = 1 << 16;
/** Longer strings never enter the dictionary. */
const DICTIONARY_LENGTH_MAX = 64;
/** Strings seen once, remembered until this many, then forgotten together. */
const CANDIDATES_MAX = 1 << 12;
/** Distinct id prefixes at most (then ids of a new prefix are written out). */
const PREFIXES_MAX = 1 << 10;
// Integers beyond this are written as floats, so that zigzag stays within safe integers.
const INTEGER_MAX = 2 ** 52;
// Slots of the prefix guesses, by the prefix's length and the id's first unit (a power of two).
const PREFIX_GUESSES = 256;
/** Uuids of one record that later ones can refer back to. */
const IDS_REMEMBERED = 16;
// Slots of the dictionary strings met last (a power of two).
const RECENT_STRINGS = 256;
// What an empty slot holds: a string longer than any in the dictionary, so no text equals it.
const NO_TEXT = ' '.repeat(DICTIONARY_LENGTH_MAX + 1);

const asciiDecoder = new TextDecoder('latin1');

// A SHA-256 digest as lowercase hex (the idempotency store's fingerprints), and its bytes.
const DIGEST_LENGTH = 64;
const DIGEST_BYTES = 32;
// The units of the digest being decoded.
const DIGEST_UNITS = new Array<number>(DIGEST_LENGTH).fill(0);

// A node of the shape trie: the shape of the keys on the path to it, and the nodes after it.
// `lastKey`/`lastNode`: the child met last, compared by identity before the map is asked:
// records of one kind walk the same path, with the same (internalized) key strings.
type ShapeNode = { index: number; readonly next: Map<string, ShapeNode>; lastKey: string | undefined; lastNode: ShapeNode | undefined };

function shapeNode(): ShapeNode {
  return { index: -1, next: new Map(), lastKey: undefined, lastNode: undefined };
}

/**
 * How a codec writes SHA-256 hex digests: as text (false), as their 32 bytes at their first sight
 * and from the dictionary once seen again (true), or always as their 32 bytes (`'unique'`).
 */
export type HexDigests = boolean | 'unique';

/**
 * A codec's tables as JSON-safe data, each in number order: its shapes (an object's keys, in
 * order), dictionary strings and id prefixes. With the bytes the codec wrote, they are what a
 * snapshot saves (`RecordCodec.tables`, `RecordCodec.fromTables`).
 */
export type CodecTables = {
  readonly shapes: readonly (readonly string[])[];
  readonly strings: readonly string[];
  readonly prefixes: readonly string[];
  /** The id table, in number order (from snapshot `@6` on; absent: empty, or, from `@7` on, the codec's table is shared and saved apart). */
  readonly ids?: readonly string[];
};

/** Fields a base may give its records at most (each is a bit of the record's first varint). */
export const BASE_FIELDS_MAX = 30;

/**
 * Where a record packed against a base finds it (`RecordCodec.encode`, `decode`): the top-level
 * fields its records may take from the base, and the base's values of them for the record whose
 * key ends in `uuid`. The values must be the same at every call for a uuid as long as the bytes
 * written against them are kept (the store that holds the bases re-encodes its dependents before a
 * base changes: `PackedRecordMap.baseOn`), and new objects each call (they become the record's).
 */
export type RecordBaseSource = {
  /** At most `BASE_FIELDS_MAX`; a field's place is its bit, so the ones that differ most often come first (the varint stays one byte while only the first six differ). */
  readonly fields: readonly string[];
  /** The base's value of each of `fields`, in their order; undefined when the record has no base. */
  valuesOf(uuid: string): readonly unknown[] | undefined;
};

/**
 * A record's key as its predictions see it (`RecordPredictions.predict`): its uuid, and that
 * uuid's time when it is a UUIDv7 (NaN otherwise). Valid only during the call it is given to.
 */
export type PredictionKey = { readonly ms: number; readonly uuid: string };

/**
 * What a store's records hold that their key or their own earlier fields predict (snapshot `@15`
 * on; see the module's comment): the top-level fields predicted, and each one's prediction. A field
 * is predicted only in a record whose keys hold each of its `inputs` before it, so that a decode
 * has them when it comes to the field. Part of the bytes' meaning: the same record and key must give
 * the same prediction at every call, for good.
 */
export type RecordPredictions = {
  /** At most `BASE_FIELDS_MAX`; a field's place is its bit, so the ones that differ most often come first (the varint is one byte while only the first six differ). */
  readonly fields: readonly string[];
  /** For each of `fields`, in their order, the fields of the record its prediction reads. */
  readonly inputs: readonly (readonly string[])[];
  /**
   * The value `fields[field]` is predicted to hold in the record whose fields before it are those of
   * `record` (read only `inputs[field]` of it), under `key`; undefined when none. A new object each
   * call (it becomes the decoded record's). Pure.
   */
  predict(field: number, record: Readonly<Record<string, unknown>>, key: PredictionKey): unknown;
  /**
   * Predictions of fields of objects inside the record (snapshot `@16` on; none: the record's own
   * fields only), their fields' bits after the record's own, in order: at most `BASE_FIELDS_MAX`
   * bits in all.
   */
  readonly nested?: readonly NestedPredictions[];
};

/**
 * What an object inside a record holds that the record's key, the object's own earlier fields and
 * the record's fields before it predict (an ACH rail's `addenda` in `destination.railDetails`, made
 * of the transaction's uuid). As `RecordPredictions`, for the object at `path`; the same record and
 * key must give the same prediction at every call, for good.
 */
export type NestedPredictions = {
  /** The keys from the record to the object (`['destination', 'railDetails']`); the first is not one of the record's predicted fields. */
  readonly path: readonly string[];
  /** The object's fields predicted. */
  readonly fields: readonly string[];
  /** For each of `fields`, the object's fields its prediction reads: it is predicted only where each comes before it in the object. */
  readonly inputs: readonly (readonly string[])[];
  /** The record's top-level fields the predictions read: they are used only in records whose keys hold each before `path[0]`. */
  readonly recordInputs: readonly string[];
  /**
   * The value `fields[field]` is predicted to hold in `object` (its fields before it), in `record`
   * (read only `recordInputs` of it), under `key`; undefined when none: the field is then written
   * as it is, its bit neither taken nor kept (a nested field never takes `undefined`). A new object
   * each call. Pure.
   */
  predict(field: number, object: Readonly<Record<string, unknown>>, key: PredictionKey, record: Readonly<Record<string, unknown>>): unknown;
};

// An object at a path of nested predictions, per codec (its caches are by the codec's shape
// numbers): the predictions of its own fields (none: an object on the way to deeper ones) and
// their first bit, the nodes below it by key, and per shape each key's field in `spec` (-1: not
// predicted there) and the node below each key.
type NestNode = {
  readonly spec: NestedPredictions | undefined;
  readonly index: number;
  readonly offset: number;
  readonly next: Map<string, NestNode>;
  readonly slots: (Int8Array | undefined)[];
  readonly below: ((NestNode | undefined)[] | undefined)[];
};

function nestNode(spec: NestedPredictions | undefined, index: number, offset: number): NestNode {
  return { spec, index, offset, next: new Map(), slots: [], below: [] };
}

// True for an object that is not an array (a JSON object).
function plainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The key of the record being encoded or decoded, for its predictions; its uuid's text made only
// when a prediction asks for it (from the codec's key words).
class RecordKey implements PredictionKey {
  ms = Number.NaN;
  #words: Int32Array | undefined;
  #text: string | undefined;

  get uuid(): string {
    if (this.#text === undefined) this.#text = uuidText(this.#words!, 0);
    return this.#text;
  }

  fromWords(words: Int32Array, ms: number): this {
    this.#words = words;
    this.#text = undefined;
    this.ms = ms;
    return this;
  }

  fromText(text: string, ms: number): this {
    this.#text = text;
    this.ms = ms;
    return this;
  }
}

/** Options of a `RecordCodec`. */
export type RecordCodecOptions = {
  /**
   * Owners' ids enter the id table and are written as its numbers (default true); false writes
   * every id whole, the bytes of snapshot `@5` (tests compare with the codec of that format).
   */
  readonly idTable?: boolean;
  /**
   * A table shared with other codecs (snapshot `@7`: one per engine state) instead of one of the
   * codec's own; ignored when `idTable` is false. `tables()` then leaves it out: it is saved once,
   * apart (`IdTable.texts`).
   */
  readonly ids?: IdTable | undefined;
  /**
   * A string of 64 lowercase hex digits (a SHA-256 digest) seen for the first time is written as
   * its 32 bytes, not 64 characters (default false; a digest seen again still enters the
   * dictionary). Only for a live store's codec: a snapshot's bytes are written without it (the
   * format's bytes do not move), and any codec reads the form. `'unique'`: every digest is its 32
   * bytes, never a dictionary entry nor a candidate for one, for records whose digests do not
   * recur across records (an agent's token hash, a device code's): as candidates they kept every
   * digest's string alive until 4,096 of them were met, ~100 B each.
   */
  readonly hexDigests?: HexDigests;
  /**
   * A uuid the engine minted (core/minted-uuid.ts: its bits are those its time and w1 give) is
   * written as its time and w1, 10 bytes (or a time difference and 4), not 16 (default true;
   * snapshot `@8` on). False writes the bytes of `@7` and before (tests compare with the codec
   * of `@5`). Any codec reads both forms.
   */
  readonly mintedIds?: boolean;
  /**
   * With `mintedIds`, a minted id whose index in its call is not 0 is in the minted form too,
   * its index after w1 (default true; snapshot `@9` on). False writes the bytes of `@8`, where
   * only ids at index 0 take the form (ids minted before stop 29 all do).
   */
  readonly mintedIndexes?: boolean;
  /**
   * The forms of what a record repeats (default true; snapshot `@10` on): a minted uuid with the
   * time and w1 of an earlier uuid of the record (ids minted in one call) as that one's number and
   * its index; an integer as its difference from the record's last time when that is a byte
   * shorter at least (epoch-ms numbers); text that is an ASCII prefix and the 32 uppercase hex
   * digits of a uuid earlier in the record as the prefix and the uuid's number; a string of 2 to
   * 15 digits with a leading zero as its count and value. False writes the bytes of `@9`. Any
   * codec reads the forms.
   */
  readonly repeatForms?: boolean;
  /**
   * The one-byte forms of the commonest references (default true; snapshot `@12` on): a
   * dictionary string numbered below 128, an object of a shape numbered below 64, an integer or a
   * decimal text of 0 to 15, each one byte of the tag byte's unused values, not a tag and a
   * varint (see `SHORT_INTEGER`). False writes the bytes of `@11`. Any codec reads the forms.
   */
  readonly shortTags?: boolean;
  /**
   * With `shortTags`, the tag byte's last values as one-byte forms too (default true; snapshot
   * `@13` on): an instant equal to the record's last time met, an id met again that is the
   * record's first uuid with the first prefix (its own id), and an array of 0 to 2 items (see
   * `INSTANT_SAME`). False writes the bytes of `@12`. Any codec reads the forms.
   */
  readonly moreShortTags?: boolean;
  /**
   * A string seen once is remembered as its 32-bit hash, not as the string (default false): a
   * live store's option, as `hexDigests`, never a snapshot's. A candidate then costs ~4-8 bytes of
   * a typed array where the string and its Set entry held ~50-90 B of heap, kept until 4,096 of
   * them (an agent's name, an IBAN, an address: docs/performance.md, stop 32). Two strings of one
   * hash read as one: the second enters the dictionary at its first sight, which any codec reads;
   * nothing else changes.
   */
  readonly hashedCandidates?: boolean;
  /**
   * A text not in the dictionary that ends in 1 to 15 digits after a non-digit (`sim payout 17`,
   * `Invoice 2024-0042`) is its head's dictionary number and the digits' value, when the head is a
   * dictionary string or is seen a second time as a head (it then enters the dictionary), as
   * `ZERO_PADDED` with count 0 or 1 (default true; snapshot `@16` on). False writes the bytes of
   * `@15`. Any codec reads the form.
   */
  readonly numberedTexts?: boolean;
};

/** Encodes records to bytes and back (see the module's comment). */
export class RecordCodec {
  readonly #shapes: (readonly string[])[] = [];
  readonly #shapeRoot: ShapeNode = shapeNode();
  readonly #strings: string[] = [];
  readonly #stringIndex = new Map<string, number>();
  #candidates = new Set<string>();
  // With `hashedCandidates`, the candidates' hashes instead, and the hash of the string looked
  // up last (`#seenOnce`).
  readonly #hashedCandidates: boolean;
  readonly #candidateHashes = new HashSet32(CANDIDATES_MAX);
  #candidateHash = 0;
  // By a slot of a string's length and end units, the dictionary string met last there and its
  // number: a record's statuses, currencies and rails are mostly the same string objects as the
  // record before's (short JSON strings and literals are internalized), which compare by
  // identity, while the map would look each one up.
  readonly #recentTexts: string[] = new Array<string>(RECENT_STRINGS).fill(NO_TEXT);
  readonly #recentIndexes = new Int32Array(RECENT_STRINGS);
  readonly #prefixes: string[] = [];
  readonly #prefixIndex = new Map<string, number>();
  // By a slot of the prefix's length and the id's first unit, the prefix met last there (-1: none).
  // A length alone mixed up the platform's prefixes (InternalAccount: and ExternalAccount:,
  // Customer: and Transfer:, Quote: and Agent: have the same length), and a record often holds both.
  readonly #prefixGuesses = new Int16Array(PREFIX_GUESSES).fill(-1);
  // By prefix number: its owner prefix number in the id table (-1: its ids do not enter it).
  readonly #tablePrefixOf: number[] = [];
  // The id table (none: `idTable` false), the codec's own or shared (`#sharedIds`).
  #ids: IdTable | undefined;
  #sharedIds: boolean;
  readonly #hexDigests: boolean;
  readonly #uniqueDigests: boolean;
  readonly #mintedIds: boolean;
  readonly #mintedIndexes: boolean;
  readonly #repeatForms: boolean;
  readonly #shortTags: boolean;
  readonly #moreShortTags: boolean;
  readonly #numberedTexts: boolean;
  #bytes = new Uint8Array(1 << 12);
  #at = 0;
  readonly #float = new Float64Array(1);
  readonly #floatBytes = new Uint8Array(this.#float.buffer);
  // Decoding: the bytes and the read position.
  #input: Uint8Array = new Uint8Array(0);
  #from = 0;
  // The uuids of the record being encoded (16 bytes each) or decoded (text), in order.
  readonly #idWords = new Int32Array(4 * (IDS_REMEMBERED + 1));
  #idCount = 0;
  // By place, each remembered uuid's w1 when in minted form, else -1 (met as a table entry: not
  // looked at), and its time (`repeatForms`: an id minted in the same call refers to it).
  readonly #idMintedWords = new Float64Array(IDS_REMEMBERED + 1);
  readonly #idTimes = new Float64Array(IDS_REMEMBERED + 1);
  readonly #idTexts: string[] = [];
  // The record's last time met (an instant, or a UUIDv7's time), in epoch ms; NaN: none yet.
  #lastMs = Number.NaN;
  // By shape number, the place in `#baseFields` of each of the shape's keys (-1: not a base's
  // field), for the base fields met last (a store's codec meets one list).
  #baseFields: readonly string[] | undefined;
  #baseSlots: (Int8Array | undefined)[] = [];
  // The same for the predictions met last, each key's place in their fields when the key's inputs
  // all come before it in the shape (-1 otherwise, or when not predicted).
  #predictions: RecordPredictions | undefined;
  #predictionSlots: (Int8Array | undefined)[] = [];
  // The paths of the predictions' nested ones as a tree (none: no nested predictions); by the
  // record's shape, the node below each key and which nested predictions its keys' order allows
  // (bit i: `nested[i]`'s record inputs all come before its path). How many bits in all.
  #nestRoot: NestNode | undefined;
  #nestHeads: ((NestNode | undefined)[] | undefined)[] = [];
  #nestAllowed: number[] = [];
  #predictionBits = 0;
  // While a record with nested predictions is encoded or decoded: the bits of the nested fields
  // taken and kept (encode), or of those met and how many were taken (decode).
  #nestTaken = 0;
  #nestKept = 0;
  // The key of the record being encoded or decoded with predictions, and the key's time.
  readonly #recordKey = new RecordKey();
  #keyMs = Number.NaN;
  // The instant taken last and its epoch ms (`#takenTime`).
  #takenText = '';
  #takenMs = -1;

  constructor(options: RecordCodecOptions = {}) {
    const tabled = options.idTable ?? true;
    this.#ids = tabled ? (options.ids ?? new IdTable()) : undefined;
    this.#sharedIds = tabled && options.ids !== undefined;
    this.#hexDigests = (options.hexDigests ?? false) !== false;
    this.#uniqueDigests = options.hexDigests === 'unique';
    this.#mintedIds = options.mintedIds ?? true;
    this.#mintedIndexes = options.mintedIndexes ?? true;
    this.#repeatForms = options.repeatForms ?? true;
    this.#shortTags = options.shortTags ?? true;
    this.#moreShortTags = this.#shortTags && (options.moreShortTags ?? true);
    this.#hashedCandidates = options.hashedCandidates ?? false;
    this.#numberedTexts = options.numberedTexts ?? true;
  }

  /**
   * Makes the codec use `ids` as its id table from now on, shared with other codecs, when that
   * keeps its bytes meaningful: its own table is empty (no bytes name an entry of it) and the
   * codec has one (`idTable` not false). True when shared (already, or now).
   */
  shareIds(ids: IdTable): boolean {
    if (this.#ids === ids) return true;
    if (this.#ids === undefined || this.#sharedIds || this.#ids.count > 0) return false;
    this.#ids = ids;
    this.#sharedIds = true;
    // The shared table may take other prefixes than the codec's own did.
    for (let prefix = 0; prefix < this.#prefixes.length; prefix += 1) this.#tablePrefixOf[prefix] = ids.prefixNumber(this.#prefixes[prefix]!);
    return true;
  }

  /** Whether the codec remembers strings seen once as their hashes (`RecordCodecOptions.hashedCandidates`). */
  get hashesCandidates(): boolean {
    return this.#hashedCandidates;
  }

  /** Whether the codec's id table is shared (`shareIds`, `RecordCodecOptions.ids`). */
  get sharesIds(): boolean {
    return this.#sharedIds;
  }

  /**
   * The bytes of `value` (a view of the codec's scratch: copy them before the next call). `key`:
   * the record's key where it is stored (its id, snapshot `@11` on), whose uuid, when it ends in
   * one, the record's ids can refer to as to an earlier one of the record (see the module's
   * comment); the same key must be given to decode the bytes. No key: the bytes of `@10`. `key`
   * may be given as its uuid's 4 words, as for `decode`. `base`: the record is packed against the
   * base its source gives for the key's uuid (snapshot `@14` on; see the module's comment), and
   * is decoded with the same source. `predictions`: the record's fields its key and earlier fields
   * predict are left out (snapshot `@15` on; not with `base`), and it is decoded with the same.
   */
  encode(value: unknown, key?: string | Int32Array, base?: RecordBaseSource, predictions?: RecordPredictions): Uint8Array {
    this.#at = 0;
    this.#idCount = 0;
    this.#lastMs = Number.NaN;
    const keyed = key !== undefined && this.#rememberKey(key);
    if (predictions !== undefined) {
      if (base !== undefined) throw new RangeError('a record is packed against a base or with predictions, not both');
      this.#predictedValue(value, predictions, keyed);
    } else if (base === undefined) this.#value(value);
    else this.#basedValue(value, base, keyed ? base.valuesOf(uuidText(this.#idWords, 0)) : undefined);
    return this.#bytes.subarray(0, this.#at);
  }

  /**
   * The value `bytes[from..]` hold (written by this codec's `encode`, with `key` when it was given
   * one); objects and arrays are frozen when `freeze` is true. `key` may be given as its uuid's 4
   * words (big-endian, at index 0: a key column's, `IdColumn.wordsAt`), which reads as the key's
   * text would, without the text. `base`, `predictions`: what the bytes were encoded with
   * (`encode`). Throws `RangeError` on bytes no `encode` wrote, and on bytes that take values from
   * a base the source does not give.
   */
  decode(bytes: Uint8Array, from = 0, freeze = true, key?: string | Int32Array, base?: RecordBaseSource, predictions?: RecordPredictions): unknown {
    this.#input = bytes;
    this.#from = from;
    this.#idTexts.length = 0;
    this.#lastMs = Number.NaN;
    this.#keyMs = Number.NaN;
    if (typeof key === 'string') this.#rememberKeyText(key);
    else if (key !== undefined) this.#rememberKeyWords(key);
    let value: unknown;
    if (predictions !== undefined) value = this.#readPredicted(freeze, predictions);
    else value = base === undefined ? this.#read(freeze) : this.#readBased(freeze, base);
    this.#input = new Uint8Array(0);
    return value;
  }

  /**
   * As `decode`, of the one value the `length` bytes at `bytes[from..]` hold: throws `RangeError`
   * when the value ends before or after them (a packed record's bytes hold one value exactly, so
   * a record whose bytes were changed never reads on into the next one's).
   */
  decodeWhole(bytes: Uint8Array, from: number, length: number, freeze = true, key?: string | Int32Array, base?: RecordBaseSource, predictions?: RecordPredictions): unknown {
    const value = this.decode(bytes, from, freeze, key, base, predictions);
    if (this.#from !== from + length) throw new RangeError(`packed record: its value takes ${this.#from - from} of its ${length} bytes`);
    return value;
  }

  /** Copies of the codec's tables (see `CodecTables`); its bytes read with them through `fromTables`. */
  tables(): CodecTables {
    const tables = { shapes: this.#shapes.map((keys) => [...keys]), strings: [...this.#strings], prefixes: [...this.#prefixes] };
    return this.#sharedIds ? tables : { ...tables, ids: this.#ids?.texts() ?? [] };
  }

  /**
   * A codec holding `tables` (what `tables()` gave): it decodes the bytes of the codec that gave
   * them, and encodes further records as that codec would have, but for strings that codec had
   * seen once (not saved: they enter the dictionary at their second sight from now on). Throws
   * `RangeError` on tables no codec holds: not lists of strings, more entries than a codec keeps,
   * an entry twice, a key twice in a shape, a dictionary string too long, a prefix not ending in
   * `:`, an id table entry that is not an owner's id of a prefix in the tables, or entries beside
   * a shared table `ids` (`@7`: the codec's bytes name the shared table's entries). `hexDigests`:
   * as `RecordCodecOptions.hexDigests`, for the records it encodes from now on.
   */
  static fromTables(tables: CodecTables, ids?: IdTable, hexDigests: HexDigests = false, hashedCandidates = false): RecordCodec {
    const codec = new RecordCodec(ids === undefined ? { hexDigests, hashedCandidates } : { ids, hexDigests, hashedCandidates });
    const { shapes, strings, prefixes, ids: savedIds } = (tables ?? {}) as Partial<CodecTables>;
    if (!Array.isArray(shapes) || !Array.isArray(strings) || !Array.isArray(prefixes)) throw new RangeError('codec tables: shapes, strings and prefixes must be lists');
    for (let index = 0; index < shapes.length; index += 1) codec.#addShape(shapes[index], index);
    if (strings.length > DICTIONARY_MAX) throw new RangeError(`codec tables: more than ${DICTIONARY_MAX} strings`);
    for (const text of strings) {
      if (typeof text !== 'string' || text.length > DICTIONARY_LENGTH_MAX || codec.#stringIndex.has(text)) throw new RangeError(`codec tables: string ${codec.#strings.length} is not a dictionary string`);
      codec.#stringIndex.set(text, codec.#strings.length);
      codec.#strings.push(text);
    }
    if (prefixes.length > PREFIXES_MAX) throw new RangeError(`codec tables: more than ${PREFIXES_MAX} prefixes`);
    for (const prefix of prefixes) {
      const platform = typeof prefix === 'string' && (prefix.length === 0 || prefix.endsWith(':'));
      if (!platform || codec.#prefixIndex.has(prefix)) throw new RangeError(`codec tables: prefix ${codec.#prefixes.length} is not an id prefix`);
      codec.#addPrefix(prefix);
    }
    codec.#addIds(savedIds ?? []);
    return codec;
  }

  // The id table entries of saved tables, in order, each checked as one `#id` would have entered
  // (its prefix one of the tables'); none beside a shared table.
  #addIds(ids: unknown): void {
    if (this.#sharedIds && !(Array.isArray(ids) && ids.length === 0)) throw new RangeError('codec tables: ids beside a shared id table');
    const table = IdTable.fromTexts(ids);
    for (const text of table.texts()) {
      if (!this.#prefixIndex.has(text.slice(0, text.length - UUID_LENGTH))) throw new RangeError(`codec tables: id ${text} has a prefix the tables lack`);
    }
    if (!this.#sharedIds) this.#ids = table;
  }

  // Shape `index` of saved tables: its path in the trie, as `#object` would have made it.
  #addShape(keys: unknown, index: number): void {
    const valid = Array.isArray(keys) && keys.every((key) => typeof key === 'string') && new Set(keys).size === keys.length;
    if (!valid) throw new RangeError(`codec tables: shape ${index} is not a list of distinct keys`);
    let node = this.#shapeRoot;
    for (const key of keys as string[]) {
      let next = node.next.get(key);
      if (next === undefined) {
        next = shapeNode();
        node.next.set(key, next);
      }
      node = next;
    }
    if (node.index !== -1) throw new RangeError(`codec tables: shape ${index} is shape ${node.index} again`);
    node.index = index;
    this.#shapes.push([...(keys as string[])]);
  }

  #value(value: unknown): void {
    if (typeof value === 'string') this.#string(value);
    else if (typeof value === 'number') this.#number(value);
    else if (typeof value === 'boolean') this.#byte(value ? TRUE : FALSE);
    else if (value === undefined) this.#byte(UNDEFINED);
    else if (value === null) this.#byte(NULL);
    else if (Array.isArray(value)) this.#array(value);
    else if (typeof value === 'object') this.#object(value as Record<string, unknown>);
    else throw new TypeError(`a record holds JSON data, not a ${typeof value}`);
  }

  #array(array: readonly unknown[]): void {
    if (this.#moreShortTags && array.length <= SHORT_ARRAY_ITEMS_MAX) this.#byte(SHORT_ARRAY + array.length);
    else this.#tagged(ARRAY, array.length);
    for (let i = 0; i < array.length; i += 1) this.#value(array[i]);
  }

  #object(object: Record<string, unknown>): void {
    this.#shapeTag(this.#shapeOf(object));
    for (const key in object) this.#value(object[key]);
  }

  // A record packed against a base (`encode`): the varint saying what it takes from `values`
  // (none: 0, and the record as without a base), then the record without the values taken.
  #basedValue(value: unknown, base: RecordBaseSource, values: readonly unknown[] | undefined): void {
    if (values === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.#byte(0);
      this.#value(value);
      return;
    }
    const object = value as Record<string, unknown>;
    const shape = this.#shapeOf(object);
    const slots = this.#slotsOf(shape, base.fields);
    let taken = 0;
    let kept = 0;
    let k = 0;
    for (const key in object) {
      const field = slots[k++]!;
      if (field === -1) continue;
      if (sameData(object[key], values[field])) taken |= 1 << field;
      else kept |= 1 << field;
    }
    this.#takingObject(object, shape, slots, taken, kept, false);
  }

  // The rest of a based or predicted record once its fields are sorted: the varint (`kept * 2 + 1`;
  // 0 when nothing is taken), its shape, then the values not taken (a taken instant moves the
  // record's time when `takenMoveTime`, as predictions do).
  // `heads`, `allowed`: the nested predictions below each key (`#nestHeads`, `#nestAllowed`).
  #takingObject(object: Record<string, unknown>, shape: number, slots: Int8Array, taken: number, kept: number, takenMoveTime: boolean, heads?: readonly (NestNode | undefined)[], allowed = 0): void {
    this.#varint(taken === 0 ? 0 : kept * 2 + 1);
    this.#shapeTag(shape);
    let k = 0;
    for (const key in object) {
      const head = heads?.[k];
      const field = slots[k++]!;
      if (field !== -1 && (taken & (1 << field)) !== 0) {
        if (takenMoveTime) this.#takenTime(object[key]);
      } else if (head !== undefined && taken !== 0) this.#nestedValue(object[key], head, taken, allowed);
      else this.#value(object[key]);
    }
  }

  // For each key of shape `shape`, its place in `fields` (-1: none), made once per shape.
  #slotsOf(shape: number, fields: readonly string[]): Int8Array {
    if (this.#baseFields !== fields) {
      if (fields.length > BASE_FIELDS_MAX) throw new RangeError(`a base gives at most ${BASE_FIELDS_MAX} fields`);
      this.#baseFields = fields;
      this.#baseSlots = [];
    }
    let slots = this.#baseSlots[shape];
    if (slots === undefined) {
      const keys = this.#shapes[shape]!;
      slots = new Int8Array(keys.length);
      for (let k = 0; k < keys.length; k += 1) slots[k] = fields.indexOf(keys[k]!);
      this.#baseSlots[shape] = slots;
    }
    return slots;
  }

  // A record packed with predictions (`encode`): the varint saying which predicted fields it holds
  // other values of (none taken: 0, and the record as without predictions), then the record
  // without the fields taken, each taken instant moving the record's time.
  #predictedValue(value: unknown, predictions: RecordPredictions, keyed: boolean): void {
    if (!keyed || typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.#byte(0);
      this.#value(value);
      return;
    }
    const object = value as Record<string, unknown>;
    const shape = this.#shapeOf(object);
    const slots = this.#predictionSlotsOf(shape, predictions);
    const recordKey = this.#recordKey.fromWords(this.#idWords, this.#lastMs);
    let taken = 0;
    let kept = 0;
    let k = 0;
    for (const key in object) {
      const field = slots[k++]!;
      if (field === -1) continue;
      if (sameData(object[key], predictions.predict(field, object, recordKey))) taken |= 1 << field;
      else kept |= 1 << field;
    }
    if (this.#nestRoot === undefined) {
      this.#takingObject(object, shape, slots, taken, kept, true);
      return;
    }
    const heads = this.#nestHeads[shape]!;
    const allowed = this.#nestAllowed[shape]!;
    this.#nestTaken = 0;
    this.#nestKept = 0;
    k = 0;
    for (const key in object) {
      const head = heads[k++];
      if (head !== undefined) this.#nestedBits(object[key], head, allowed, object, recordKey);
    }
    this.#takingObject(object, shape, slots, taken | this.#nestTaken, kept | this.#nestKept, true, heads, allowed);
  }

  // The bits of the predicted fields `value` (at `node`'s path) holds, as taken or kept, into
  // `#nestTaken` and `#nestKept`.
  #nestedBits(value: unknown, node: NestNode, allowed: number, record: Record<string, unknown>, recordKey: RecordKey): void {
    if (!plainObject(value)) return;
    const shape = this.#shapeOf(value);
    const slots = this.#nestSlotsOf(node, shape, allowed);
    const below = node.below[shape]!;
    let k = 0;
    for (const key in value) {
      const field = slots[k]!;
      const next = below[k++];
      if (field !== -1) {
        const bit = 1 << (node.offset + field);
        const predicted = node.spec!.predict(field, value, recordKey, record);
        if (predicted === undefined) continue;
        if (sameData(value[key], predicted)) this.#nestTaken |= bit;
        else this.#nestKept |= bit;
      } else if (next !== undefined) this.#nestedBits(value[key], next, allowed, record, recordKey);
    }
  }

  // `value` at `node`'s path of a record packed with nested predictions: the fields whose bits
  // `taken` holds left out (each taken instant moving the record's time), as `#takingObject`.
  #nestedValue(value: unknown, node: NestNode, taken: number, allowed: number): void {
    if (!plainObject(value)) {
      this.#value(value);
      return;
    }
    const shape = this.#shapeOf(value);
    this.#shapeTag(shape);
    const slots = this.#nestSlotsOf(node, shape, allowed);
    const below = node.below[shape]!;
    let k = 0;
    for (const key in value) {
      const field = slots[k]!;
      const next = below[k++];
      if (field !== -1 && (taken & (1 << (node.offset + field))) !== 0) this.#takenTime(value[key]);
      else if (next !== undefined) this.#nestedValue(value[key], next, taken, allowed);
      else this.#value(value[key]);
    }
  }

  // For each key of shape `shape` at `node`, its field in the node's predictions when allowed
  // (`allowed`) and its inputs all come before it (-1 otherwise), and the node below it; per shape
  // once, but for `allowed`, which a record's shape sets.
  #nestSlotsOf(node: NestNode, shape: number, allowed: number): Int8Array {
    let slots = node.slots[shape];
    if (slots === undefined) {
      const keys = this.#shapes[shape]!;
      const spec = node.spec;
      slots = new Int8Array(keys.length);
      const below: (NestNode | undefined)[] = [];
      for (let k = 0; k < keys.length; k += 1) {
        const field = spec === undefined ? -1 : spec.fields.indexOf(keys[k]!);
        const before = keys.slice(0, k);
        slots[k] = field !== -1 && spec!.inputs[field]!.every((input) => before.includes(input)) ? field : -1;
        below.push(field === -1 ? node.next.get(keys[k]!) : undefined);
      }
      node.slots[shape] = slots;
      node.below[shape] = below;
    }
    if (node.spec === undefined || (allowed & (1 << node.index)) !== 0) return slots;
    return NO_SLOTS[slots.length] ?? new Int8Array(slots.length).fill(-1);
  }

  // A field taken from its prediction, at encode and decode alike: when it is an instant, the
  // record's time moves to it as if it were written (the times after it are differences from it).
  #takenTime(value: unknown): void {
    if (typeof value !== 'string' || value.length !== 24) return;
    // A record's predicted times are often one string (updatedAt and authorizedAt its createdAt).
    const ms = value === this.#takenText ? this.#takenMs : canonicalInstantMs(value);
    this.#takenText = value;
    this.#takenMs = ms;
    if (ms >= 0) this.#lastMs = ms;
  }

  // For each key of shape `shape`, its place in `predictions.fields` when its inputs all come
  // before it in the shape (-1: not predicted in this shape), made once per shape.
  #predictionSlotsOf(shape: number, predictions: RecordPredictions): Int8Array {
    if (this.#predictions !== predictions) this.#usePredictions(predictions);
    let slots = this.#predictionSlots[shape];
    if (slots === undefined) {
      const keys = this.#shapes[shape]!;
      slots = new Int8Array(keys.length);
      for (let k = 0; k < keys.length; k += 1) {
        const field = predictions.fields.indexOf(keys[k]!);
        const before = keys.slice(0, k);
        slots[k] = field !== -1 && predictions.inputs[field]!.every((input) => before.includes(input)) ? field : -1;
      }
      this.#predictionSlots[shape] = slots;
      if (this.#nestRoot !== undefined) this.#nestHeadsOf(shape, keys, predictions.nested!);
    }
    return slots;
  }

  // Checks `predictions` and makes its nested ones' tree (their bits after the record's fields).
  #usePredictions(predictions: RecordPredictions): void {
    const nested = predictions.nested ?? [];
    let bits = predictions.fields.length;
    for (const spec of nested) bits += spec.fields.length;
    const sound = predictions.inputs.length === predictions.fields.length && nested.every((spec) => spec.path.length > 0 && !predictions.fields.includes(spec.path[0]!) && spec.inputs.length === spec.fields.length);
    if (bits > BASE_FIELDS_MAX || !sound) throw new RangeError(`predictions cover at most ${BASE_FIELDS_MAX} fields, each with its inputs, nested ones below fields not predicted`);
    this.#predictions = predictions;
    this.#predictionSlots = [];
    this.#predictionBits = bits;
    this.#nestHeads = [];
    this.#nestAllowed = [];
    this.#nestRoot = nested.length === 0 ? undefined : nestNode(undefined, -1, 0);
    let offset = predictions.fields.length;
    for (let index = 0; index < nested.length; index += 1) {
      const spec = nested[index]!;
      let node = this.#nestRoot!;
      for (let step = 0; step < spec.path.length; step += 1) {
        const last = step === spec.path.length - 1;
        let next = node.next.get(spec.path[step]!);
        if (next !== undefined && last && next.spec !== undefined) throw new RangeError('predictions: two nested ones at one path');
        if (next === undefined || last) {
          const made = last ? nestNode(spec, index, offset) : nestNode(undefined, -1, 0);
          if (next !== undefined) for (const [key, below] of next.next) made.next.set(key, below);
          next = made;
          node.next.set(spec.path[step]!, next);
        }
        node = next;
      }
      offset += spec.fields.length;
    }
  }

  // For the record's shape `shape` (its `keys`), the nested node below each key, and which nested
  // predictions have their record inputs before their path's first key.
  #nestHeadsOf(shape: number, keys: readonly string[], nested: readonly NestedPredictions[]): void {
    this.#nestHeads[shape] = keys.map((key) => this.#nestRoot!.next.get(key));
    let allowed = 0;
    for (let index = 0; index < nested.length; index += 1) {
      const spec = nested[index]!;
      const at = keys.indexOf(spec.path[0]!);
      if (at !== -1 && spec.recordInputs.every((input) => keys.indexOf(input) !== -1 && keys.indexOf(input) < at)) allowed |= 1 << index;
    }
    this.#nestAllowed[shape] = allowed;
  }

  #shapeTag(shape: number): void {
    if (this.#shortTags && shape < SHORT_SHAPES) this.#byte(SHORT_OBJECT + shape);
    else this.#tagged(OBJECT, shape);
  }

  // The number of `object`'s shape (its keys in order), numbered now when new.
  #shapeOf(object: Record<string, unknown>): number {
    let node = this.#shapeRoot;
    for (const key in object) {
      if (node.lastKey === key) {
        node = node.lastNode!;
        continue;
      }
      let next = node.next.get(key);
      if (next === undefined) {
        next = shapeNode();
        node.next.set(key, next);
      }
      node.lastKey = key;
      node.lastNode = next;
      node = next;
    }
    if (node.index === -1) {
      node.index = this.#shapes.length;
      this.#shapes.push(Object.keys(object));
    }
    return node.index;
  }

  #number(value: number): void {
    if (Number.isInteger(value) && Math.abs(value) <= INTEGER_MAX && !Object.is(value, -0)) {
      if (this.#shortTags && value >= 0 && value < SHORT_NUMBERS) {
        this.#byte(SHORT_INTEGER + value);
        return;
      }
      const whole = zigzag(value);
      // An epoch-ms number near the record's time (a due time): the difference, a byte shorter at least.
      if (this.#repeatForms && whole >= 0x4000) {
        const delta = zigzag(value - this.#lastMs);
        if (delta * 0x80 < whole) {
          this.#lastMs = value;
          this.#tagged(INTEGER_DELTA, delta);
          return;
        }
      }
      this.#tagged(INTEGER, whole);
      return;
    }
    this.#room(9);
    const bytes = this.#bytes;
    let at = this.#at;
    bytes[at++] = FLOAT;
    this.#float[0] = value;
    const floatBytes = this.#floatBytes;
    for (let k = 0; k < 8; k += 1) bytes[at++] = floatBytes[k]!;
    this.#at = at;
  }

  #string(text: string): void {
    // The special forms first, by their shape: most strings of a record are ids, instants and
    // amounts seen once, which a dictionary lookup would hash for nothing.
    if (this.#special(text)) return;
    // A longer string is never in the dictionary nor a candidate: no lookup.
    const length = text.length;
    if (length > DICTIONARY_LENGTH_MAX) {
      this.#literalOrForm(text);
      return;
    }
    if (this.#uniqueDigests && length === DIGEST_LENGTH && this.#digest(text)) return;
    const slot = length === 0 ? 0 : (length * 31 + text.charCodeAt(0) * 7 + text.charCodeAt(length - 1)) & (RECENT_STRINGS - 1);
    if (this.#recentTexts[slot] === text) {
      this.#dictionaryString(this.#recentIndexes[slot]!);
      return;
    }
    let known = this.#stringIndex.get(text);
    if (known === undefined) {
      if (this.#strings.length >= DICTIONARY_MAX || !this.#seenOnce(text)) {
        this.#candidate(text);
        if (!(this.#hexDigests && length === DIGEST_LENGTH && this.#digest(text))) this.#literalOrForm(text);
        return;
      }
      known = this.#strings.length;
      this.#stringIndex.set(text, known);
      this.#strings.push(text);
    }
    this.#recentTexts[slot] = text;
    this.#recentIndexes[slot] = known;
    this.#dictionaryString(known);
  }

  #dictionaryString(index: number): void {
    if (this.#shortTags && index < SHORT_STRINGS) this.#byte(SHORT_DICTIONARY + index);
    else this.#tagged(DICTIONARY, index);
  }

  // `text`, not in the dictionary, seen once more: remembered as seen once while the dictionary
  // has room (it enters it when seen again).
  #candidate(text: string): void {
    if (this.#strings.length >= DICTIONARY_MAX) return;
    if (this.#hashedCandidates) {
      // `#seenOnce(text)` came just before (the dictionary has room) and left its hash.
      this.#candidateHashes.addNew(this.#candidateHash);
      return;
    }
    if (this.#candidates.size >= CANDIDATES_MAX) this.#candidates = new Set();
    this.#candidates.add(text);
  }

  // Whether `text` (not in the dictionary) is a candidate: seen once before.
  #seenOnce(text: string): boolean {
    if (!this.#hashedCandidates) return this.#candidates.has(text);
    this.#candidateHash = hashString(text);
    return this.#candidateHashes.has(this.#candidateHash);
  }

  // An id, an instant or a decimal integer, written as such; false when `text` is none of them.
  // The three forms have disjoint lengths, so the length alone picks the one to try.
  #special(text: string): boolean {
    const length = text.length;
    if (length >= UUID_LENGTH) return text.charCodeAt(length - 28) === 45 && this.#id(text);
    if (length === 24) {
      const ms = canonicalInstantMs(text);
      if (ms < 0) return false;
      this.#time(INSTANT, INSTANT_DELTA, ms);
      return true;
    }
    if (length > 16) return false;
    const value = canonicalInteger(text);
    if (Number.isNaN(value)) return false;
    if (this.#shortTags && value >= 0 && value < SHORT_NUMBERS) this.#byte(SHORT_DECIMAL + value);
    else this.#tagged(DECIMAL_INTEGER, zigzag(value));
    return true;
  }

  // `<prefix><uuid>` as the prefix's number and the uuid's 16 bytes (or a reference to the same
  // uuid earlier in the record); false, having written nothing, when `text` is not one.
  #id(text: string): boolean {
    // The uuid's words go after those of the record's earlier ids (past the last remembered one
    // once IDS_REMEMBERED are), then are compared with them.
    const slot = this.#idCount * 4;
    if (!parseUuid(text, text.length - UUID_LENGTH, this.#idWords, slot)) return false;
    const index = this.#prefixOf(text);
    if (index === -1) return false;
    const earlier = this.#earlierId(slot);
    if (earlier !== -1) {
      if (earlier === 0 && index === 0 && this.#moreShortTags) {
        this.#byte(FIRST_ID_AGAIN);
        return true;
      }
      this.#tagged(ID_AGAIN, index);
      this.#varint(earlier);
      return true;
    }
    if (this.#idCount < IDS_REMEMBERED) this.#idCount += 1;
    const ms = uuidV7Ms(this.#idWords, slot);
    const place = slot >>> 2;
    this.#idMintedWords[place] = -1;
    // An owner's id met in an earlier record: its entry (the record's time moves to the id's, as
    // for an id written whole). Met first: it enters the table, and is written whole.
    const owner = this.#tablePrefixOf[index]!;
    const entry = owner !== -1 ? this.#ids!.entryOf(this.#idWords, slot, owner) : -1;
    if (entry !== -1) {
      if (!Number.isNaN(ms)) this.#lastMs = ms;
      this.#tagged(ID_TABLE, entry);
      return true;
    }
    const delta = ms - this.#lastMs;
    const w1 = this.#mintedIds ? mintedWord(this.#idWords, slot) : -1;
    if (w1 !== -1) {
      const mintIndex = mintedIndex(this.#idWords, slot, w1);
      if (this.#repeatForms) {
        this.#idMintedWords[place] = w1;
        this.#idTimes[place] = ms;
        if (this.#sibling(index, place, ms, w1, mintIndex)) return true;
      }
      if (mintIndex === 0 || (this.#mintedIndexes && mintIndex < MINTED_INDEX_WRITTEN_LIMIT)) {
        this.#mintedId(index, ms, delta, w1, mintIndex);
        return true;
      }
    }
    // The 6 bytes of a UUIDv7's time as a difference when that takes at most 3 bytes.
    if (Math.abs(delta) < 2 ** 20) {
      this.#tagged(ID_DELTA, index);
      this.#varint(zigzag(delta));
      this.#lastMs = ms;
      this.#wordBytes(slot, 6);
      return true;
    }
    if (!Number.isNaN(ms)) this.#lastMs = ms;
    this.#tagged(ID, index);
    this.#wordBytes(slot, 0);
    return true;
  }

  // A minted uuid of prefix `index` with the time and w1 of the record's uuid at a place before
  // `place` (minted in the same call): that place and its index; false, having written nothing,
  // when there is none.
  #sibling(index: number, place: number, ms: number, w1: number, mintIndex: number): boolean {
    const words = this.#idMintedWords;
    const times = this.#idTimes;
    for (let earlier = 0; earlier < place; earlier += 1) {
      if (words[earlier] !== w1 || times[earlier] !== ms) continue;
      this.#tagged(ID_SIBLING, index);
      this.#room(2 * VARINT_MAX);
      this.#at = writeVarint(this.#bytes, this.#at, earlier);
      this.#at = writeVarint(this.#bytes, this.#at, mintIndex);
      this.#lastMs = ms;
      return true;
    }
    return false;
  }

  // A minted-form uuid of prefix `index`: its time (as a difference `delta` from the record's last
  // time when that takes at most 3 bytes, as for `ID_DELTA`), then w1's 4 bytes, then its index in
  // its call when not 0.
  #mintedId(index: number, ms: number, delta: number, w1: number, mintIndex: number): void {
    this.#room(3 * VARINT_MAX + 6 + 4);
    if (Math.abs(delta) < 2 ** 20) {
      this.#tagged(mintIndex === 0 ? ID_MINTED_DELTA : ID_MINTED_INDEXED_DELTA, index);
      this.#varint(zigzag(delta));
    } else {
      this.#tagged(mintIndex === 0 ? ID_MINTED : ID_MINTED_INDEXED, index);
      const bytes = this.#bytes;
      const at = this.#at;
      const high = Math.floor(ms / 0x10000);
      bytes[at] = high >>> 24;
      bytes[at + 1] = high >>> 16;
      bytes[at + 2] = high >>> 8;
      bytes[at + 3] = high;
      bytes[at + 4] = ms >>> 8;
      bytes[at + 5] = ms;
      this.#at = at + 6;
    }
    this.#lastMs = ms;
    this.#at = writeWord(this.#bytes, this.#at, w1);
    if (mintIndex !== 0) this.#at = writeVarint(this.#bytes, this.#at, mintIndex);
  }

  // The bytes of the uuid whose words are at `#idWords[slot]`, from byte `from` (0, or 6 after a
  // UUIDv7's time) on, big-endian: whole words at a time, not a shift computed per byte.
  #wordBytes(slot: number, from: 0 | 6): void {
    this.#room(16 - from);
    const words = this.#idWords;
    const bytes = this.#bytes;
    let at = this.#at;
    if (from === 0) {
      at = writeWord(bytes, at, words[slot]!);
      at = writeWord(bytes, at, words[slot + 1]!);
    } else {
      const second = words[slot + 1]!;
      bytes[at] = second >>> 8;
      bytes[at + 1] = second;
      at += 2;
    }
    at = writeWord(bytes, at, words[slot + 2]!);
    this.#at = writeWord(bytes, at, words[slot + 3]!);
  }

  // An instant's epoch ms, as such (`whole`) or as the difference from the record's last time
  // (`difference`) when that is shorter.
  #time(whole: number, difference: number, ms: number): void {
    const delta = zigzag(ms - this.#lastMs);
    this.#lastMs = ms;
    if (delta === 0 && this.#moreShortTags) this.#byte(INSTANT_SAME);
    else if (delta < ms) this.#tagged(difference, delta);
    else this.#tagged(whole, ms);
  }

  // The number of the prefix before `text`'s uuid, added when new (-1: not a platform prefix, or
  // no room). The prefix met last with the same length and first unit is tried first: prefixes
  // are distinct, so the one that matches is the one any search finds.
  #prefixOf(text: string): number {
    const length = text.length - UUID_LENGTH;
    const slot = (length * 31 + text.charCodeAt(0)) & (PREFIX_GUESSES - 1);
    const guess = this.#prefixGuesses[slot]!;
    if (guess !== -1 && this.#prefixes[guess]!.length === length && startsWith(text, this.#prefixes[guess]!)) return guess;
    const index = this.#findPrefix(text, length);
    if (index !== -1) this.#prefixGuesses[slot] = index;
    return index;
  }

  // A record holds a few prefixes, so they are compared in place before any slicing.
  #findPrefix(text: string, length: number): number {
    const prefixes = this.#prefixes;
    for (let index = 0; index < prefixes.length && index < 16; index += 1) {
      const prefix = prefixes[index]!;
      if (prefix.length === length && startsWith(text, prefix)) return index;
    }
    const prefix = text.slice(0, length);
    const known = this.#prefixIndex.get(prefix);
    if (known !== undefined) return known;
    // Only an empty prefix or one ending in ':' (the platform's ids); others are written out.
    if ((length > 0 && text.charCodeAt(length - 1) !== 58) || prefixes.length >= PREFIXES_MAX) return -1;
    this.#addPrefix(prefix);
    return prefixes.length - 1;
  }

  #addPrefix(prefix: string): void {
    this.#prefixIndex.set(prefix, this.#prefixes.length);
    this.#tablePrefixOf.push(this.#ids === undefined ? -1 : this.#ids.prefixNumber(prefix));
    this.#prefixes.push(prefix);
  }

  // A record's key, before its value is encoded: its uuid (when it ends in a canonical one) is
  // remembered as the record's first, and the record's time is the uuid's (a UUIDv7's), as when
  // an id is met first in a record (`#id`); nothing is written, and a key that does not end in a
  // uuid changes nothing (false).
  #rememberKey(key: string | Int32Array): boolean {
    if (typeof key !== 'string') this.#idWords.set(key.subarray(0, 4), 0);
    else if (key.length < UUID_LENGTH || !parseUuid(key, key.length - UUID_LENGTH, this.#idWords, 0)) return false;
    this.#idCount = 1;
    const ms = uuidV7Ms(this.#idWords, 0);
    if (!Number.isNaN(ms)) this.#lastMs = ms;
    this.#idMintedWords[0] = this.#mintedIds ? mintedWord(this.#idWords, 0) : -1;
    this.#idTimes[0] = ms;
    return true;
  }

  // The same before a record is decoded: the key's uuid is the first remembered text.
  #rememberKeyText(key: string): void {
    if (key.length >= UUID_LENGTH && parseUuid(key, key.length - UUID_LENGTH, DECODED_WORDS, 0)) this.#rememberKeyWords(DECODED_WORDS, key.slice(key.length - UUID_LENGTH));
  }

  // The same from a key's uuid words (and their text, when the caller has it).
  #rememberKeyWords(words: Int32Array, text = uuidText(words, 0)): void {
    const ms = uuidV7Ms(words, 0);
    if (!Number.isNaN(ms)) this.#lastMs = ms;
    this.#keyMs = ms;
    this.#idTexts.push(text);
  }

  // Which earlier uuid of the record has the words at `slot` (-1: none).
  #earlierId(slot: number): number {
    const words = this.#idWords;
    for (let earlier = 0; earlier < this.#idCount; earlier += 1) {
      const at = earlier * 4;
      if (words[at] === words[slot] && words[at + 1] === words[slot + 1] && words[at + 2] === words[slot + 2] && words[at + 3] === words[slot + 3]) return earlier;
    }
    return -1;
  }


  // `text` (64 units) as its 32 bytes when it is lowercase hex; false, having written nothing, when not.
  #digest(text: string): boolean {
    this.#room(1 + DIGEST_BYTES);
    const bytes = this.#bytes;
    const start = this.#at;
    bytes[start] = HEX_DIGEST;
    for (let k = 0; k < DIGEST_BYTES; k += 1) {
      const high = nibble(text.charCodeAt(2 * k));
      const low = nibble(text.charCodeAt(2 * k + 1));
      if (high < 0 || low < 0) return false;
      bytes[start + 1 + k] = (high << 4) | low;
    }
    this.#at = start + 1 + DIGEST_BYTES;
    return true;
  }

  // A string written out (not a dictionary string), unless one of the repeat forms takes it.
  #literalOrForm(text: string): void {
    if (this.#repeatForms) {
      const length = text.length;
      if (length >= UUID_DIGITS && this.#idCount > 0 && this.#uuidHex(text)) return;
      if (length >= 2 && length <= ZERO_PADDED_DIGITS_MAX && text.charCodeAt(0) === 48 && this.#zeroPadded(text)) return;
    }
    if (this.#numberedTexts && this.#numberedText(text)) return;
    this.#literal(text);
  }

  // `text` as its head's dictionary number and its final digits (see `numberedTexts`); false,
  // having written nothing, when it does not end in 1 to 15 digits after a head of 1 to 64 units,
  // or the head is neither in the dictionary nor seen before as a head (it is remembered as seen).
  #numberedText(text: string): boolean {
    const length = text.length;
    let start = length;
    while (start > 0 && text.charCodeAt(start - 1) - 48 >>> 0 <= 9) start -= 1;
    const digits = length - start;
    if (digits === 0 || digits > ZERO_PADDED_DIGITS_MAX || start === 0 || start > DICTIONARY_LENGTH_MAX) return false;
    const head = text.slice(0, start);
    let known = this.#stringIndex.get(head);
    if (known === undefined) {
      if (this.#strings.length >= DICTIONARY_MAX) return false;
      if (!this.#seenOnce(head)) {
        this.#candidate(head);
        return false;
      }
      known = this.#strings.length;
      this.#stringIndex.set(head, known);
      this.#strings.push(head);
    }
    let value = 0;
    for (let i = start; i < length; i += 1) value = value * 10 + (text.charCodeAt(i) - 48);
    const padded = digits > 1 && text.charCodeAt(start) === 48;
    this.#tagged(ZERO_PADDED, padded ? NUMBERED_TEXT_PADDED : NUMBERED_TEXT);
    this.#room(3 * VARINT_MAX);
    this.#at = writeVarint(this.#bytes, this.#at, known);
    if (padded) this.#at = writeVarint(this.#bytes, this.#at, digits);
    this.#at = writeVarint(this.#bytes, this.#at, value);
    return true;
  }

  // `text` as an ASCII prefix and the place of the record's remembered uuid whose 32 hex digits,
  // uppercase, end it; false, having written nothing, when it is not that.
  #uuidHex(text: string): boolean {
    const start = text.length - UUID_DIGITS;
    const words = this.#idWords;
    // The digits' words go to the slot past the remembered ones (scratch).
    const slot = IDS_REMEMBERED * 4;
    for (let word = 0; word < 4; word += 1) {
      let value = 0;
      for (let k = 0; k < 8; k += 1) {
        const digit = upperNibble(text.charCodeAt(start + word * 8 + k));
        if (digit < 0) return false;
        value = (value << 4) | digit;
      }
      words[slot + word] = value;
    }
    for (let i = 0; i < start; i += 1) if (text.charCodeAt(i) >= 0x80) return false;
    for (let place = 0; place < this.#idCount; place += 1) {
      const from = place * 4;
      if (words[from] !== words[slot] || words[from + 1] !== words[slot + 1] || words[from + 2] !== words[slot + 2] || words[from + 3] !== words[slot + 3]) continue;
      this.#room(1 + 2 * VARINT_MAX + start);
      const bytes = this.#bytes;
      bytes[this.#at] = UUID_HEX;
      let end = writeVarint(bytes, this.#at + 1, place);
      end = writeVarint(bytes, end, start);
      for (let i = 0; i < start; i += 1) bytes[end++] = text.charCodeAt(i);
      this.#at = end;
      return true;
    }
    return false;
  }

  // `text` (2 to 15 units, the first `0`) as its digit count and value; false, having written
  // nothing, when a unit is not a digit.
  #zeroPadded(text: string): boolean {
    let value = 0;
    for (let i = 0; i < text.length; i += 1) {
      const digit = text.charCodeAt(i) - 48;
      if (digit >>> 0 > 9) return false;
      value = value * 10 + digit;
    }
    this.#tagged(ZERO_PADDED, text.length);
    this.#varint(value);
    return true;
  }

  // Room for the UTF-16 form is reserved at once, so the ASCII loop writes with no check; a unit
  // past ASCII starts the text over as UTF-16.
  #literal(text: string): void {
    const length = text.length;
    this.#room(VARINT_MAX + 1 + 2 * length);
    const bytes = this.#bytes;
    const start = this.#at;
    bytes[start] = ASCII;
    let at = writeVarint(bytes, start + 1, length);
    for (let i = 0; i < length; i += 1) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x80) {
        this.#at = utf16(bytes, start, text);
        return;
      }
      bytes[at++] = unit;
    }
    this.#at = at;
  }

  #byte(value: number): void {
    this.#room(1);
    this.#bytes[this.#at++] = value;
  }

  // A tag and a varint, with one check for room.
  #tagged(tag: number, value: number): void {
    this.#room(VARINT_MAX + 1);
    const at = this.#at;
    this.#bytes[at] = tag;
    this.#at = writeVarint(this.#bytes, at + 1, value);
  }

  #varint(value: number): void {
    this.#room(VARINT_MAX);
    this.#at = writeVarint(this.#bytes, this.#at, value);
  }

  #room(count: number): void {
    if (this.#at + count <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#at + count));
    grown.set(this.#bytes.subarray(0, this.#at));
    this.#bytes = grown;
  }

  #read(freeze: boolean): unknown {
    const tag = this.#next();
    // The short forms by range first (one compare for the commonest, a dictionary string), then
    // the tags.
    if (tag >= SHORT_OBJECT) return tag >= SHORT_DICTIONARY ? this.#entry(this.#strings, tag - SHORT_DICTIONARY) : this.#readObject(this.#entry(this.#shapes, tag - SHORT_OBJECT), freeze);
    if (tag >= SHORT_INTEGER) return tag < SHORT_DECIMAL ? tag - SHORT_INTEGER : SHORT_DECIMAL_TEXTS[tag - SHORT_DECIMAL]!;
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case UNDEFINED:
        return undefined;
      case INTEGER:
        return unzigzag(this.#readVarint());
      case FLOAT:
        return this.#readFloat();
      case DICTIONARY:
        return this.#entry(this.#strings, this.#readVarint());
      case ASCII:
        return this.#readAscii();
      case UTF16:
        return this.#readUtf16();
      case ID:
        return this.#readId();
      case ID_AGAIN:
        return this.#entry(this.#prefixes, this.#readVarint()) + this.#entry(this.#idTexts, this.#readVarint());
      case INSTANT:
        return this.#instant(this.#readVarint());
      case INSTANT_DELTA:
        return this.#instant(this.#lastTime() + unzigzag(this.#readVarint()));
      case ID_DELTA:
        return this.#readIdDelta();
      case ID_TABLE:
        return this.#readTableId(this.#readVarint());
      case ID_MINTED:
        return this.#readMintedId(false, false);
      case ID_MINTED_DELTA:
        return this.#readMintedId(true, false);
      case ID_MINTED_INDEXED:
        return this.#readMintedId(false, true);
      case ID_MINTED_INDEXED_DELTA:
        return this.#readMintedId(true, true);
      case ID_SIBLING:
        return this.#readSibling();
      case INTEGER_DELTA:
        return this.#readIntegerDelta();
      case UUID_HEX:
        return this.#readUuidHex();
      case ZERO_PADDED:
        return this.#readZeroPadded();
      case HEX_DIGEST:
        return this.#readDigest();
      case DECIMAL_INTEGER:
        return String(unzigzag(this.#readVarint()));
      case ARRAY:
        return this.#readItems(this.#readVarint(), freeze);
      case INSTANT_SAME:
        return this.#instant(this.#lastTime());
      case FIRST_ID_AGAIN:
        return this.#entry(this.#prefixes, 0) + this.#entry(this.#idTexts, 0);
      case SHORT_ARRAY:
      case SHORT_ARRAY + 1:
      case SHORT_ARRAY + 2:
        return this.#readItems(tag - SHORT_ARRAY, freeze);
      case OBJECT:
        return this.#readObject(this.#entry(this.#shapes, this.#readVarint()), freeze);
      default:
        throw new RangeError(`packed record: unknown tag ${tag}`);
    }
  }

  #readItems(length: number, freeze: boolean): readonly unknown[] {
    const array: unknown[] = [];
    for (let i = 0; i < length; i += 1) array.push(this.#read(freeze));
    return freeze ? Object.freeze(array) : array;
  }

  // A record packed against a base (`encode` with a base): its varint, then the record, each
  // field it takes from the base not in its bytes.
  #readBased(freeze: boolean, base: RecordBaseSource): unknown {
    const mark = this.#readVarint();
    if (mark === 0) return this.#read(freeze);
    const kept = (mark - 1) / 2;
    if (mark % 2 === 0 || kept >= 2 ** base.fields.length) throw new RangeError('packed record: not a base\'s fields');
    const uuid = this.#idTexts[0];
    const values = uuid === undefined ? undefined : base.valuesOf(uuid);
    if (values === undefined) throw new RangeError('packed record: its base is missing');
    const shape = this.#readShapeOfTaking('a record taking a base\'s fields');
    const keys = this.#entry(this.#shapes, shape);
    const slots = this.#slotsOf(shape, base.fields);
    const object: Record<string, unknown> = {};
    let taken = 0;
    let fields = 0;
    for (let k = 0; k < keys.length; k += 1) {
      const key = keys[k]!;
      const field = slots[k]!;
      if (field !== -1) fields |= 1 << field;
      let value: unknown;
      if (field !== -1 && (kept & (1 << field)) === 0) {
        value = freeze ? deepFreeze(values[field]) : values[field];
        taken += 1;
      } else value = this.#read(freeze);
      setOwn(object, key, value);
    }
    // What an encode never writes: nothing taken, or a field said to be kept that the shape lacks.
    if (taken === 0 || (kept & ~fields) !== 0) throw new RangeError('packed record: not what a record takes from its base');
    return freeze ? Object.freeze(object) : object;
  }

  // A record packed with predictions (`encode` with predictions): its varint, then the record, each
  // field taken from its prediction predicted again from the key and the fields before it.
  #readPredicted(freeze: boolean, predictions: RecordPredictions): unknown {
    const mark = this.#readVarint();
    if (mark === 0) return this.#read(freeze);
    const kept = (mark - 1) / 2;
    const uuid = this.#idTexts[0];
    if (uuid === undefined) throw new RangeError('packed record: predicted fields and no key');
    const recordKey = this.#recordKey.fromText(uuid, this.#keyMs);
    const shape = this.#readShapeOfTaking('a record with predicted fields');
    const keys = this.#entry(this.#shapes, shape);
    const slots = this.#predictionSlotsOf(shape, predictions);
    if (mark % 2 === 0 || kept >= 2 ** this.#predictionBits) throw new RangeError('packed record: not predicted fields');
    const heads = this.#nestRoot === undefined ? undefined : this.#nestHeads[shape]!;
    const allowed = this.#nestRoot === undefined ? 0 : this.#nestAllowed[shape]!;
    const object: Record<string, unknown> = {};
    this.#nestTaken = 0;
    this.#nestKept = 0;
    let taken = 0;
    let fields = 0;
    for (let k = 0; k < keys.length; k += 1) {
      const key = keys[k]!;
      const field = slots[k]!;
      const head = heads?.[k];
      if (field !== -1) fields |= 1 << field;
      let value: unknown;
      if (field !== -1 && (kept & (1 << field)) === 0) {
        const predicted = predictions.predict(field, object, recordKey);
        value = freeze ? deepFreeze(predicted) : predicted;
        this.#takenTime(value);
        taken += 1;
      } else if (head !== undefined) value = this.#readNested(freeze, head, kept, allowed, object, recordKey);
      else value = this.#read(freeze);
      setOwn(object, key, value);
    }
    // The nested fields met, and how many were taken.
    fields |= this.#nestKept;
    taken += this.#nestTaken;
    // What an encode never writes: nothing taken, or a field said to be kept that the shape does not predict.
    if (taken === 0 || (kept & ~fields) !== 0) throw new RangeError('packed record: not what a record takes from its predictions');
    return freeze ? Object.freeze(object) : object;
  }

  // The value at `node`'s path of a record packed with nested predictions: an object's fields not in
  // `kept` predicted again (each taken instant moving the record's time); any other value as it is.
  // Adds the bits of the predicted fields met to `#nestKept` and how many were taken to `#nestTaken`.
  #readNested(freeze: boolean, node: NestNode, kept: number, allowed: number, record: Record<string, unknown>, recordKey: RecordKey): unknown {
    const tag = this.#input[this.#from];
    let shape: number;
    if (tag !== undefined && tag >= SHORT_OBJECT && tag < SHORT_DICTIONARY) {
      this.#from += 1;
      shape = tag - SHORT_OBJECT;
    } else if (tag === OBJECT) {
      this.#from += 1;
      shape = this.#readVarint();
    } else return this.#read(freeze);
    const keys = this.#entry(this.#shapes, shape);
    const slots = this.#nestSlotsOf(node, shape, allowed);
    const below = node.below[shape]!;
    const object: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k += 1) {
      const field = slots[k]!;
      const next = below[k];
      let value: unknown;
      const predicted = field === -1 || (kept & (1 << (node.offset + field))) !== 0 ? undefined : node.spec!.predict(field, object, recordKey, record);
      if (predicted !== undefined) {
        value = freeze ? deepFreeze(predicted) : predicted;
        this.#takenTime(value);
        this.#nestTaken += 1;
      } else if (field !== -1) {
        // Kept, or no prediction: written.
        this.#nestKept |= (kept & (1 << (node.offset + field)));
        value = this.#read(freeze);
      } else if (next !== undefined) value = this.#readNested(freeze, next, kept, allowed, record, recordKey);
      else value = this.#read(freeze);
      setOwn(object, keys[k]!, value);
    }
    return freeze ? Object.freeze(object) : object;
  }

  // An object of the shape `keys`, its values next.
  #readObject(keys: readonly string[], freeze: boolean): object {
    const object: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k += 1) {
      const key = keys[k]!;
      const value = this.#read(freeze);
      setOwn(object, key, value);
    }
    return freeze ? Object.freeze(object) : object;
  }

  // The shape tag after a based or predicted record's varint: always an object's (`what` names the record in the error).
  #readShapeOfTaking(what: string): number {
    const tag = this.#next();
    if (tag >= SHORT_OBJECT && tag < SHORT_DICTIONARY) return tag - SHORT_OBJECT;
    if (tag === OBJECT) return this.#readVarint();
    throw new RangeError(`packed record: ${what} is not an object`);
  }

  #readAscii(): string {
    const length = this.#readVarint();
    const end = this.#from + length;
    if (end > this.#input.length) throw new RangeError('packed record: text past its end');
    const bytes = this.#input.subarray(this.#from, end);
    // Spread as arguments up to a bound (the stack); a long text through the decoder (ASCII is
    // the same in every single-byte table).
    const text = length <= 4_096 ? String.fromCharCode.apply(null, bytes as unknown as number[]) : asciiDecoder.decode(bytes);
    this.#from = end;
    return text;
  }

  #readUtf16(): string {
    const length = this.#readVarint();
    let text = '';
    for (let from = 0; from < length; from += 4_096) {
      const units = new Array<number>(Math.min(4_096, length - from));
      for (let i = 0; i < units.length; i += 1) units[i] = this.#next() | (this.#next() << 8);
      text += String.fromCharCode.apply(null, units);
    }
    return text;
  }

  #readDigest(): string {
    if (this.#from + DIGEST_BYTES > this.#input.length) throw new RangeError('packed record: digest past its end');
    for (let k = 0; k < DIGEST_BYTES; k += 1) {
      const byte = this.#input[this.#from++]!;
      DIGEST_UNITS[2 * k] = HEX_CODES[byte >>> 4]!;
      DIGEST_UNITS[2 * k + 1] = HEX_CODES[byte & 15]!;
    }
    return String.fromCharCode.apply(null, DIGEST_UNITS);
  }

  #instant(ms: number): string {
    this.#lastMs = ms;
    return isoText(ms);
  }

  #lastTime(): number {
    if (Number.isNaN(this.#lastMs)) throw new RangeError('packed record: a time difference with no time before it');
    return this.#lastMs;
  }

  #readId(): string {
    const prefix = this.#entry(this.#prefixes, this.#readVarint());
    this.#readWords(0);
    const ms = uuidV7Ms(DECODED_WORDS, 0);
    if (!Number.isNaN(ms)) this.#lastMs = ms;
    return prefix + this.#rememberedUuid();
  }

  #readIdDelta(): string {
    const prefix = this.#entry(this.#prefixes, this.#readVarint());
    const ms = this.#lastTime() + unzigzag(this.#readVarint());
    this.#lastMs = ms;
    // The time's 48 bits fill the first word and the top half of the second.
    DECODED_WORDS[0] = Math.floor(ms / 0x10000) | 0;
    DECODED_WORDS[1] = (ms % 0x10000) << 16;
    this.#readWords(6);
    return prefix + this.#rememberedUuid();
  }

  // A minted-form uuid: its time (a difference from the record's last time when `delta`), then w1,
  // then its index in its call when `indexed` (else 0).
  #readMintedId(delta: boolean, indexed: boolean): string {
    const prefix = this.#entry(this.#prefixes, this.#readVarint());
    const ms = delta ? this.#lastTime() + unzigzag(this.#readVarint()) : this.#readBigEndian(6);
    if (ms < 0 || ms >= 2 ** 48) throw new RangeError('packed record: an id time out of range');
    this.#lastMs = ms;
    const w1 = this.#readBigEndian(4);
    const mintIndex = indexed ? this.#readVarint() : 0;
    if (mintIndex >= MINTED_INDEX_LIMIT) throw new RangeError('packed record: a minted id index out of range');
    mintedWords(ms, w1, mintIndex, DECODED_WORDS, 0);
    return prefix + this.#rememberedUuid();
  }

  // A minted uuid with the time and w1 of the remembered uuid at a place, and an index of its own.
  #readSibling(): string {
    const prefix = this.#entry(this.#prefixes, this.#readVarint());
    const earlier = this.#entry(this.#idTexts, this.#readVarint());
    const mintIndex = this.#readVarint();
    if (mintIndex >= MINTED_INDEX_LIMIT) throw new RangeError('packed record: a minted id index out of range');
    parseUuid(earlier, 0, DECODED_WORDS, 0);
    const w1 = mintedWord(DECODED_WORDS, 0);
    if (w1 === -1) throw new RangeError('packed record: a sibling of an id not in minted form');
    const ms = uuidV7Ms(DECODED_WORDS, 0);
    this.#lastMs = ms;
    mintedWords(ms, w1, mintIndex, DECODED_WORDS, 0);
    return prefix + this.#rememberedUuid();
  }

  #readIntegerDelta(): number {
    const value = this.#lastTime() + unzigzag(this.#readVarint());
    if (Math.abs(value) > INTEGER_MAX) throw new RangeError('packed record: an integer out of range');
    this.#lastMs = value;
    return value;
  }

  // An ASCII prefix and the uppercase hex digits of the remembered uuid at a place.
  #readUuidHex(): string {
    const uuid = this.#entry(this.#idTexts, this.#readVarint());
    const prefix = this.#readAscii();
    let digits = '';
    for (let k = 0; k < UUID_DIGITS; k += 1) digits += uuid[DIGIT_AT[k]!]!;
    return prefix + digits.toUpperCase();
  }

  #readZeroPadded(): string {
    const count = this.#readVarint();
    if (count === NUMBERED_TEXT || count === NUMBERED_TEXT_PADDED) return this.#readNumberedText(count === NUMBERED_TEXT_PADDED);
    const digits = String(this.#readVarint());
    if (count > ZERO_PADDED_DIGITS_MAX || digits.length >= count) throw new RangeError('packed record: zero-padded digits out of range');
    return '0'.repeat(count - digits.length) + digits;
  }

  // A text ending in a number (`#numberedText`): its head, then its digits (their count first when `padded`).
  #readNumberedText(padded: boolean): string {
    const head = this.#entry(this.#strings, this.#readVarint());
    const count = padded ? this.#readVarint() : 0;
    const digits = String(this.#readVarint());
    const last = head.charCodeAt(head.length - 1);
    const sound = head.length > 0 && last - 48 >>> 0 > 9 && digits.length <= ZERO_PADDED_DIGITS_MAX && (padded ? count <= ZERO_PADDED_DIGITS_MAX && digits.length < count : true);
    if (!sound) throw new RangeError('packed record: a numbered text out of range');
    return padded ? head + '0'.repeat(count - digits.length) + digits : head + digits;
  }

  // The unsigned big-endian number of the next `count` (at most 6) bytes.
  #readBigEndian(count: number): number {
    if (this.#from + count > this.#input.length) throw new RangeError('packed record: id past its end');
    let value = 0;
    for (let k = 0; k < count; k += 1) value = value * 256 + this.#input[this.#from++]!;
    return value;
  }

  #readTableId(entry: number): string {
    if (this.#ids === undefined) throw new RangeError(`packed record: no entry ${entry}`);
    const prefix = this.#ids.read(entry, DECODED_WORDS);
    const ms = uuidV7Ms(DECODED_WORDS, 0);
    if (!Number.isNaN(ms)) this.#lastMs = ms;
    return prefix + this.#rememberedUuid();
  }

  // Bytes `from`..15 of a uuid from the input into DECODED_WORDS (big-endian; earlier bytes kept).
  #readWords(from: number): void {
    if (this.#from + 16 - from > this.#input.length) throw new RangeError('packed record: id past its end');
    for (let k = from; k < 16; k += 1) {
      const shift = 24 - 8 * (k & 3);
      const word = k >>> 2;
      DECODED_WORDS[word] = (DECODED_WORDS[word]! & ~(0xff << shift)) | (this.#input[this.#from++]! << shift);
    }
  }

  // The uuid in DECODED_WORDS as text, remembered for back-references.
  #rememberedUuid(): string {
    const uuid = uuidText(DECODED_WORDS, 0);
    if (this.#idTexts.length < IDS_REMEMBERED) this.#idTexts.push(uuid);
    return uuid;
  }

  #readFloat(): number {
    if (this.#from + 8 > this.#input.length) throw new RangeError('packed record: number past its end');
    this.#floatBytes.set(this.#input.subarray(this.#from, this.#from + 8));
    this.#from += 8;
    return this.#float[0]!;
  }

  #readVarint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.#next();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RangeError('packed record: varint too long');
    }
  }

  #next(): number {
    const byte = this.#input[this.#from++];
    if (byte === undefined) throw new RangeError('packed record: past its end');
    return byte;
  }

  #entry<T>(table: readonly T[], index: number): T {
    const entry = table[index];
    if (entry === undefined) throw new RangeError(`packed record: no entry ${index}`);
    return entry;
  }
}

// A 32-bit word's 4 bytes, big-endian; where they end.
function writeWord(bytes: Uint8Array, at: number, word: number): number {
  bytes[at] = word >>> 24;
  bytes[at + 1] = word >>> 16;
  bytes[at + 2] = word >>> 8;
  bytes[at + 3] = word;
  return at + 4;
}

// `text` as UTF-16 units (low byte first) after its tag and length from `start` on, room for it
// reserved; where it ends.
function utf16(bytes: Uint8Array, start: number, text: string): number {
  bytes[start] = UTF16;
  let at = writeVarint(bytes, start + 1, text.length);
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    bytes[at] = unit;
    bytes[at + 1] = unit >>> 8;
    at += 2;
  }
  return at;
}

// The 48-bit time of the UUIDv7 whose words start at `words[at]`, or NaN for another version.
function uuidV7Ms(words: Int32Array, at: number): number {
  return ((words[at + 1]! >>> 12) & 0x0f) === 7 ? uuidTimeMs(words, at) : Number.NaN;
}

// The words of the uuid being decoded.
const DECODED_WORDS = new Int32Array(4);

// By length, slots with no field predicted (a nested prediction a record's shape does not allow).
const NO_SLOTS: readonly Int8Array[] = Array.from({ length: 16 }, (_, length) => new Int8Array(length).fill(-1));

// The value of an uppercase hex digit's code unit, -1 for any other.
function upperNibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  return code >= 65 && code <= 70 ? code - 55 : -1;
}

// True when `text` starts with `prefix` (no longer than it): the prefixes are short and an id is
// often a concatenation, which `String.prototype.startsWith` is slower on than a loop.
function startsWith(text: string, prefix: string): boolean {
  for (let i = prefix.length - 1; i >= 0; i -= 1) if (text.charCodeAt(i) !== prefix.charCodeAt(i)) return false;
  return true;
}

/**
 * The value of a canonical decimal integer of at most 15 digits (`0`, `12345`, `-7`: no sign but
 * `-`, no leading zero, not `-0`), or NaN when `text` is not one. Read here rather than by
 * `Number`, which would read the digits a second time.
 */
export function canonicalInteger(text: string): number {
  const negative = text.charCodeAt(0) === 45;
  const first = negative ? 1 : 0;
  const digits = text.length - first;
  if (digits < 1 || digits > 15 || (text.charCodeAt(first) === 48 && (digits > 1 || negative))) return Number.NaN;
  let value = 0;
  for (let i = first; i < text.length; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit >>> 0 > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

/** Sets `object[key]` as an own property: a key named __proto__ (JSON.parse makes it an own property) must stay one. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
