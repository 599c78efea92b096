/**
 * The binary log's constants: the file's magic, the value tags and the limits that bound what a
 * reader allocates. The layout these describe is in docs/binary-log.md; encoder.ts writes it,
 * decoder.ts and hashed-text.ts read it.
 */

/**
 * The first bytes of a binary log: a byte no text log starts with (0x89, as PNG does), "LOG",
 * CR LF and ^Z (a transfer that rewrites line ends or stops at ^Z breaks the magic, not a block),
 * then the format version.
 */
export const BINARY_LOG_MAGIC: Uint8Array = Uint8Array.of(0x89, 0x4c, 0x4f, 0x47, 0x0d, 0x0a, 0x1a, 0x01);

/** Bytes of a block's length prefix (a little-endian uint32). */
export const BLOCK_LENGTH_BYTES = 4;

/** Largest block a reader accepts, in bytes: the writer closes blocks far below it. */
export const BLOCK_BYTES_MAX = 64 << 20;

/** The writer closes a block once it holds this many events... */
export const BLOCK_EVENTS = 4_096;
/** ...or this many bytes, whichever comes first. */
export const BLOCK_TARGET_BYTES = 1 << 20;

/** Deepest nesting of arrays and objects in event data that the codec writes and reads. */
export const VALUE_DEPTH_MAX = 512;

/** Bytes of a SHA-256 digest. */
export const DIGEST_BYTES = 32;

/** Latest instant the `INSTANT` form holds (9999-12-31T23:59:59.999Z): toISOString's 4-digit years. */
export const INSTANT_MS_MAX = 253_402_300_799_999;

/**
 * One byte before each value. Every string a block meets is given the block's next dictionary
 * number, whatever form it is written in, so the forms below only matter for its first time.
 */
export const Tag = {
  NULL: 0,
  FALSE: 1,
  TRUE: 2,
  /** An integer of magnitude below 2^52, zigzag varint (so the varint stays below 2^53). */
  INT: 3,
  /** Any other finite number, 8 bytes little-endian. */
  FLOAT: 4,
  /** A string met before in this block: its dictionary number as a varint. */
  STRING_REF: 5,
  /** A new string: its UTF-8 length as a varint, then the bytes. */
  STRING_UTF8: 6,
  /** A new string of decimal digits without a leading zero (an amount), as a varint. */
  STRING_DIGITS: 7,
  /** A new ULID (26 Crockford base-32 characters, as the engine mints event ids), 16 bytes. */
  STRING_ULID: 8,
  /**
   * A new `<prefix><uuid>` (lowercase 8-4-4-4-12): the prefix as a string value (never itself a
   * new STRING_UUID, so reading one cannot recurse), then 16 bytes.
   */
  STRING_UUID: 9,
  /** A new string that is not well-formed UTF-16 (a lone surrogate): its code units, 2 bytes each. */
  STRING_UTF16: 10,
  /** A new instant in toISOString's form: zigzag varint ms from the block's previous instant. */
  STRING_INSTANT: 11,
  /** An array: its length as a varint, then its values. */
  ARRAY: 12,
  /** An object of a shape met before in this block: the shape's number, then its values. */
  OBJECT_SHAPE: 13,
  /** An object of a new shape: its key count, its keys as string values, then its values. */
  OBJECT_NEW_SHAPE: 14,
  /** Tags from here up are STRING_REF in one byte: dictionary number = tag - SHORT_REF. */
  SHORT_REF: 64,
} as const;

/** Dictionary numbers that fit the one-byte STRING_REF form. */
export const SHORT_REFS = 256 - Tag.SHORT_REF;
