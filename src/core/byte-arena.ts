/**
 * Byte strings kept in large shared buffers instead of one heap object each: a record packed by
 * `RecordCodec` is ~100-200 bytes, while a `Uint8Array` of its own costs ~100 bytes more in
 * headers and backing-store bookkeeping. Each stored string is its length (a varint) and its
 * bytes, in a chunk of `CHUNK_BYTES` (a longer one gets a chunk to itself); a handle, a plain
 * number, says where. Freed bytes are only counted: the owner compacts (`compacted`) when they
 * outweigh the live ones. An arena can also adopt strings laid out the same way elsewhere (a
 * snapshot's, `ByteArena.adopt`) without copying them.
 */

/** Bytes a chunk holds (a longer string gets a chunk of its own). */
export const CHUNK_BYTES = 1 << 16;
// A handle is chunk * HANDLE_SCALE + offset: offsets stay below CHUNK_BYTES or are 0.
const HANDLE_SCALE = 2 * CHUNK_BYTES;

/** Stored byte strings addressed by number handles. */
export class ByteArena {
  readonly #chunks: Uint8Array[] = [];
  // The chunk small strings are appended to (-1: none yet), and where its free bytes start.
  #open = -1;
  #at = 0;
  #liveBytes = 0;
  #freeBytes = 0;

  /**
   * An arena of the `count` strings that `segments` hold one after another, each laid out as
   * `store` lays it out (its length as a varint, 7 bits a byte, low first, then its bytes; none
   * empty), and their handles in order. The segments are taken as they are (each cut into views
   * of ~`CHUNK_BYTES`, the arena's chunks, so that handles stay within their range), never copied
   * nor changed; strings stored later go to chunks of their own. Throws `RangeError` when the
   * segments do not hold exactly `count` whole strings.
   */
  static adopt(segments: readonly Uint8Array[], count: number): { readonly arena: ByteArena; readonly handles: Float64Array } {
    const arena = new ByteArena();
    const handles = new Float64Array(count);
    let index = 0;
    for (const segment of segments) {
      let start = 0;
      let at = 0;
      while (at < segment.length) {
        // A chunk is closed before a string that would start past CHUNK_BYTES into it.
        if (at - start >= CHUNK_BYTES) {
          arena.#chunks.push(segment.subarray(start, at));
          start = at;
        }
        if (index === count) throw new RangeError(`byte arena: more than ${count} strings`);
        handles[index] = arena.#chunks.length * HANDLE_SCALE + (at - start);
        at = stringEnd(segment, at);
        index += 1;
      }
      if (at > start) arena.#chunks.push(segment.subarray(start, at));
      arena.#liveBytes += segment.length;
    }
    if (index !== count) throw new RangeError(`byte arena: ${index} strings, not ${count}`);
    return { arena, handles };
  }

  /** Copies `bytes` in; returns its handle. */
  store(bytes: Uint8Array): number {
    const need = bytes.length + varintLength(bytes.length);
    if (need > CHUNK_BYTES) {
      this.#chunks.push(new Uint8Array(need));
      return this.#write(this.#chunks.length - 1, 0, bytes, need);
    }
    if (this.#open === -1 || this.#at + need > CHUNK_BYTES) {
      this.#chunks.push(new Uint8Array(CHUNK_BYTES));
      this.#open = this.#chunks.length - 1;
      this.#at = 0;
    }
    const at = this.#at;
    this.#at += need;
    return this.#write(this.#open, at, bytes, need);
  }

  /** The chunk holding `handle`'s bytes, where they start in it, and how many there are. */
  locate(handle: number): { readonly chunk: Uint8Array; readonly from: number; readonly length: number } {
    const chunk = this.#chunks[Math.floor(handle / HANDLE_SCALE)];
    if (chunk === undefined) throw new RangeError(`byte arena: no chunk for handle ${handle}`);
    let from = handle % HANDLE_SCALE;
    let length = 0;
    let scale = 1;
    for (;;) {
      const byte = chunk[from++];
      if (byte === undefined) throw new RangeError(`byte arena: no string at handle ${handle}`);
      length += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 0x80;
    }
    if (from + length > chunk.length) throw new RangeError(`byte arena: string at handle ${handle} past its chunk`);
    return { chunk, from, length };
  }

  /** The bytes stored at `handle` (a view into the arena). */
  bytesOf(handle: number): Uint8Array {
    const { chunk, from, length } = this.locate(handle);
    return chunk.subarray(from, from + length);
  }

  /** Counts `handle`'s bytes as free (they stay until the owner compacts). */
  free(handle: number): void {
    const { from, length } = this.locate(handle);
    const size = length + from - (handle % HANDLE_SCALE);
    this.#liveBytes -= size;
    this.#freeBytes += size;
  }

  /** True when freed bytes outweigh live ones and are worth a copy (over one chunk). */
  get wasteful(): boolean {
    return this.#freeBytes > CHUNK_BYTES && this.#freeBytes > this.#liveBytes;
  }

  /** Bytes of the strings stored and not freed, their lengths' varints included (for figures and tests). */
  get liveBytes(): number {
    return this.#liveBytes;
  }

  /** Bytes held in chunks (for figures and tests). */
  get heldBytes(): number {
    let total = 0;
    for (const chunk of this.#chunks) total += chunk.length;
    return total;
  }

  #write(index: number, at: number, bytes: Uint8Array, need: number): number {
    putString(this.#chunks[index]!, at, bytes);
    this.#liveBytes += need;
    return index * HANDLE_SCALE + at;
  }
}

// Where the string at `segment[at]` ends (after its length and bytes); throws `RangeError` when
// it is empty or does not end within the segment.
/**
 * Writes `bytes` into `target` at `at` as an arena lays a string out (its length as a varint,
 * 7 bits a byte, low first, then the bytes); returns where it ends. `target` must have room.
 */
export function putString(target: Uint8Array, at: number, bytes: Uint8Array): number {
  let cursor = at;
  let rest = bytes.length;
  while (rest >= 0x80) {
    target[cursor++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  target[cursor++] = rest;
  target.set(bytes, cursor);
  return cursor + bytes.length;
}

function stringEnd(segment: Uint8Array, at: number): number {
  return stringSpan(segment, at)[1];
}

/**
 * Where the bytes of the string laid out at `segment[at]` (as `putString` writes it) start and
 * end; throws `RangeError` when it is empty or does not end within the segment.
 */
export function stringSpan(segment: Uint8Array, at: number): [from: number, end: number] {
  let from = at;
  let length = 0;
  let scale = 1;
  for (;;) {
    const byte = segment[from++];
    if (byte === undefined || scale > 2 ** 28) throw new RangeError(`byte arena: no string length at byte ${at}`);
    length += (byte & 0x7f) * scale;
    if (byte < 0x80) break;
    scale *= 0x80;
  }
  if (length === 0 || from + length > segment.length) throw new RangeError(`byte arena: the string at byte ${at} is empty or past its segment`);
  return [from, from + length];
}

/** The bytes `putString` takes for a string of `length` bytes, beyond them: its length's varint. */
export function varintLength(length: number): number {
  let bytes = 1;
  for (let rest = length; rest >= 0x80; rest >>>= 7) bytes += 1;
  return bytes;
}
