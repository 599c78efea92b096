/**
 * Plain data (the list indexes) as a JSON-safe value and back, for engine snapshot `@3`: the list
 * indexes are derived from the stores, but rebuilding them reads every listed record, which a
 * snapshot whose records stay text until read (core/packed-records.ts) must not do at load. The
 * codec knows no index: it keeps any tree of plain objects, arrays, Maps, Sets, typed arrays
 * (Uint8Array, Int32Array, Float64Array, as base64) and finite numbers, strings, booleans, null,
 * undefined and bigints, so an index added or reshaped later is carried without a change here;
 * anything else (a class instance, a function, NaN) is refused at save, naming where it is.
 */
import { InvariantError } from '../core/assert.js';
import { type Column, decodeColumn, encodeColumn } from '../core/column-codec.js';

/** An encoded value: primitives as they are, arrays item by item, anything else one tagged object. JSON-safe. */
export type EncodedData = null | boolean | number | string | readonly EncodedData[] | { readonly [tag: string]: EncodedData };

const TYPED: Readonly<Record<'$u8' | '$i32' | '$f64', { readonly make: (n: number) => Column; readonly bytes: number }>> = {
  $u8: { make: (n: number) => new Uint8Array(n), bytes: 1 },
  $i32: { make: (n: number) => new Int32Array(n), bytes: 4 },
  $f64: { make: (n: number) => new Float64Array(n), bytes: 8 },
};

/** `value` encoded (see the module's comment); throws `InvariantError` for a value the codec does not keep. Pure. */
export function encodeData(value: unknown, at = 'lists'): EncodedData {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  // A field present and undefined (an index not made yet), kept apart from an absent one.
  if (value === undefined) return { $undefined: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) throw new InvariantError(`snapshot data ${at} is ${value}, which JSON does not keep`);
    return value;
  }
  if (typeof value === 'bigint') return { $big: value.toString() };
  // Paths name containers, not positions: made once per container, not per item.
  if (Array.isArray(value)) {
    const itemAt = `${at}[]`;
    return value.map((item) => encodeData(item, itemAt));
  }
  if (value instanceof Map) {
    const [keyAt, valueAt] = [`${at} key`, `${at} value`];
    const flat: EncodedData[] = [];
    for (const [key, item] of value) flat.push(encodeData(key, keyAt), encodeData(item, valueAt));
    return { $map: flat };
  }
  if (value instanceof Set) {
    const itemAt = `${at} item`;
    return { $set: [...value].map((item) => encodeData(item, itemAt)) };
  }
  // Copied first: a typed array read through `engine.state` (a proxy) has no buffer of its own.
  if (value instanceof Uint8Array) return { $u8: encodeColumn(Uint8Array.from(value), value.length) };
  if (value instanceof Int32Array) return { $i32: encodeColumn(Int32Array.from(value), value.length) };
  if (value instanceof Float64Array) return { $f64: encodeColumn(Float64Array.from(value), value.length) };
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const fields: Record<string, EncodedData> = {};
    for (const key of Object.keys(value)) fields[key] = encodeData((value as Record<string, unknown>)[key], `${at}.${key}`);
    return { $o: fields };
  }
  throw new InvariantError(`snapshot data ${at} is ${typeof value === 'object' ? `a ${value.constructor?.name ?? 'null-prototype object'}` : typeof value}, which the codec does not keep`);
}

/** The value `encodeData` encoded (fresh objects, arrays and typed arrays); throws `InvariantError` for text it did not make. Pure. */
export function decodeData(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    const out = new Array<unknown>(data.length);
    for (let k = 0; k < data.length; k += 1) {
      const item: unknown = data[k];
      out[k] = item === null || typeof item !== 'object' ? item : decodeData(item);
    }
    return out;
  }
  const tagged = data as Record<string, unknown>;
  const [tag] = Object.keys(tagged);
  const inner = tag === undefined ? undefined : tagged[tag];
  switch (tag) {
    case '$o': {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(inner as Record<string, unknown>)) out[key] = decodeData(item);
      return out;
    }
    case '$map': {
      const flat = inner as unknown[];
      const map = new Map<unknown, unknown>();
      for (let k = 0; k + 1 < flat.length; k += 2) map.set(decodeData(flat[k]), decodeData(flat[k + 1]));
      return map;
    }
    case '$set':
      return new Set((inner as unknown[]).map(decodeData));
    case '$undefined':
      return undefined;
    case '$big':
      return BigInt(inner as string);
    case '$u8':
    case '$i32':
    case '$f64': {
      const { make, bytes } = TYPED[tag];
      const text = String(inner);
      // Base64 of n bytes has 4 * ceil(n / 3) characters, less the padding.
      const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
      const count = ((text.length / 4) * 3 - padding) / bytes;
      if (!Number.isInteger(count)) throw new InvariantError(`snapshot data ${tag} is not base64 of whole elements`);
      return decodeColumn(text, make, count, count, tag);
    }
    default:
      throw new InvariantError(`snapshot data holds an object tagged ${JSON.stringify(tag)}, which the codec did not make`);
  }
}
