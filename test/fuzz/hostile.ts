/**
 * Hostile values and mutations for the wire fuzzer: wrong types, int64 edges and beyond, NaN-ish
 * and odd strings, inherited and reserved key names, arrays where objects belong, and the
 * mutations that plant them anywhere inside a valid body, query or path. Every generator here is
 * a fast-check arbitrary, so a failure shrinks to a small request.
 */
import fc from 'fast-check';

/** Names every object inherits or that rebind a prototype: looked up in a plain table they hit. */
export const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'] as const;

/** Inherited names that pass the edge's reserved-key check and reach the routes' own code. */
export const INHERITED_KEYS = ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupGetter__'] as const;

/** Numbers at and beyond the edges of int32, int53 (safe integers), int64 and uint64, and floats. */
export const EDGE_NUMBERS: readonly number[] = [
  0, -0, 1, -1, 0.5, 1.5, -1.5, 1e-7, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2, Number.MIN_SAFE_INTEGER, -(2 ** 53) - 2, 2 ** 63, -(2 ** 63), 2 ** 64, 1e21, 1e308, -1e308,
  Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON,
];

/** Strings that parse as numbers in some readers and not others, int64 edges as text, and odd text. */
export const ODD_STRINGS: readonly string[] = [
  '', ' ', '0', '-0', '00', '01', '1.0', '1e2', '1e400', '-1e400', '0x10', '0b1', '0o7', ' 12', '12 ', '+5', '1_000', '١٢',
  'NaN', 'nan', 'Infinity', '-Infinity', 'null', 'undefined', 'true', '[]', '{}',
  '9007199254740991', '9007199254740993', '9223372036854775807', '9223372036854775808', '-9223372036854775808',
  '-9223372036854775809', '18446744073709551615', '18446744073709551616', '99999999999999999999999999999999999999999',
  '\u0000', '\u202e', '\uD800', '\uDFFF', '💸', 'é', 'e\u0301', '\r\n', '%', '%00', '%E0%A4%A', '../..', '/', '?', '#', '&', '=',
  '<script>', "' OR 1=1 --", '$success@sandbox.uma.example', '2026-02-30', '2026-01-05T16:00:00', '2026-01-05T25:00:00Z',
  '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', 'Customer:', 'Customer:x', ':', 'ACCOUNT', 'USD', 'usd',
  ...RESERVED_KEYS,
];

/** Well-formed ids that name nothing in the world. */
export const UNKNOWN_IDS: readonly string[] = [
  'Customer:00000000-0000-7000-8000-000000000000', 'InternalAccount:00000000-0000-7000-8000-000000000000',
  'ExternalAccount:00000000-0000-7000-8000-000000000000', 'Transaction:00000000-0000-7000-8000-000000000000',
  'Quote:00000000-0000-7000-8000-000000000000', 'Card:00000000-0000-7000-8000-000000000000', 'Agent:00000000-0000-7000-8000-000000000000',
];

/** A string of `length` copies of `unit` (a huge string is built once, not generated char by char). */
export function huge(length: number, unit = 'a'): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Sets an own enumerable key, even `__proto__` (which `obj[key] = v` would treat as the prototype). */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/**
 * A deep copy of the arrays and plain objects of a value, keeping own `__proto__` keys; anything
 * else (a Map, a function) is shared. Mutations change bodies in place, and generated constants
 * are shared between runs, so every value is copied before it is planted. Below depth 64 parts are
 * shared (no mutation reaches that deep), so a depth bomb is copied without a deep recursion.
 */
export function cloneJson(value: unknown, copies = new Map<object, unknown>(), depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 64) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    copies.set(value, out);
    for (const item of value) out.push(cloneJson(item, copies, depth + 1));
    return out;
  }
  if (![Object.prototype, null].includes(Object.getPrototypeOf(value))) return value;
  const out: Record<string, unknown> = {};
  copies.set(value, out);
  for (const [key, item] of Object.entries(value)) withOwnKey(out, key, cloneJson(item, copies, depth + 1));
  return out;
}

/** Which hostile families are drawn; a family stays off while its bug is being fixed elsewhere. */
export type HostileFamilies = {
  /** Strings of 10^4..10^6 characters in bodies, paths, queries and headers. */
  readonly hugeStrings: boolean;
  /** Bodies nested thousands deep (issue 11, reproduction 2). */
  readonly deepNesting: boolean;
  /** Values JSON cannot carry in an already parsed body: NaN, Infinity, undefined, functions, bigint. */
  readonly nonJsonBodyValues: boolean;
};

/** A hostile leaf or small structure, of any type. */
export function hostileValue(families: HostileFamilies): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(null, true, false, [], {}, [[]], [{}], [null], { '': null }),
    fc.constantFrom(...EDGE_NUMBERS),
    fc.constantFrom(...ODD_STRINGS),
    fc.constantFrom(...UNKNOWN_IDS),
    fc.constantFrom(...RESERVED_KEYS).map((key) => withOwnKey({}, key, { polluted: true })),
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(fc.constantFrom<unknown>(1, 'a', null, {}), { maxLength: 4 }),
  ];
  if (families.hugeStrings) options.push(fc.constantFrom(10_000, 100_000, 1_000_000).map((n) => huge(n)));
  if (families.deepNesting) options.push(fc.constantFrom(200, 5_000, 20_000).map((depth) => nested(depth)));
  if (families.nonJsonBodyValues) {
    options.push(fc.constantFrom<unknown>(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined, 10n, () => 1, Symbol('s'), new Date(0), new Map([[1, 2]]), circular()));
  }
  return fc.oneof(...options);
}

/** An object that contains itself (a server adapter's bug; JSON cannot carry it). */
export function circular(): unknown {
  const value: Record<string, unknown> = { a: 1 };
  value.self = value;
  return value;
}

/** An array nested `depth` deep, built without recursion. */
export function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A path into a JSON value: keys and indices, chosen from what is there. */
type Place = readonly (string | number)[];

function placesOf(value: unknown, prefix: Place = [], out: Place[] = []): Place[] {
  out.push(prefix);
  if (prefix.length > 6) return out;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      placesOf(item, [...prefix, i], out);
    });
  }
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) placesOf(item, [...prefix, key], out);
  return out;
}

function getAt(value: unknown, place: Place): unknown {
  let at = value;
  for (const step of place) at = (at as Record<string | number, unknown>)[step];
  return at;
}

/** Replaces the value at `place` (the root when empty); `undefined` deletes the key. */
function setAt(root: unknown, place: Place, next: unknown, remove = false): unknown {
  if (place.length === 0) return next;
  const parent = getAt(root, place.slice(0, -1));
  const last = place[place.length - 1] as string | number;
  if (Array.isArray(parent)) {
    if (remove) parent.splice(last as number, 1);
    else parent[last as number] = next;
  } else if (typeof parent === 'object' && parent !== null) {
    if (remove) delete (parent as Record<string, unknown>)[last as string];
    else withOwnKey(parent as Record<string, unknown>, String(last), next);
  }
  return root;
}

/** One change to a JSON body, described for the counterexample and applied to a copy. */
export type BodyMutation = { readonly label: string; readonly apply: (body: unknown) => unknown };

/** A described change that fast-check prints by its label in a counterexample. */
export function described<T extends { readonly label: string }>(change: T): T {
  return { ...change, [fc.toStringMethod]: () => change.label };
}

/** A mutation at a place chosen by `pick` (an index into the body's places, taken modulo). */
export function bodyMutation(families: HostileFamilies): fc.Arbitrary<BodyMutation> {
  const at = (pick: number, body: unknown): Place => {
    const places = placesOf(body);
    return places[pick % places.length] ?? [];
  };
  return fc.oneof(
    fc.tuple(fc.nat(), hostileValue(families)).map(([pick, value]): BodyMutation => described({
      label: `replace at #${pick} with ${preview(value)}`,
      apply: (body) => setAt(body, at(pick, body), cloneJson(value)),
    })),
    fc.nat().map((pick): BodyMutation => described({
      label: `delete at #${pick}`,
      apply: (body) => {
        const place = at(pick, body);
        return place.length === 0 ? undefined : setAt(body, place, undefined, true);
      },
    })),
    fc.tuple(fc.nat(), fc.oneof(fc.constantFrom<string>(...INHERITED_KEYS), fc.constantFrom<string>(...RESERVED_KEYS), fc.string({ maxLength: 8 })), hostileValue(families)).map(([pick, key, value]): BodyMutation => described({
      label: `add key ${JSON.stringify(key)} = ${preview(value)} at object #${pick}`,
      apply: (body) => {
        const objects = placesOf(body).filter((place) => isObject(getAt(body, place)));
        const place = objects[pick % Math.max(objects.length, 1)];
        if (place !== undefined) withOwnKey(getAt(body, place) as Record<string, unknown>, key, cloneJson(value));
        return body;
      },
    })),
    fc.nat().map((pick): BodyMutation => described({
      label: `wrap in an array at #${pick}`,
      apply: (body) => {
        const place = at(pick, body);
        return setAt(body, place, [getAt(body, place)]);
      },
    })),
    fc.nat().map((pick): BodyMutation => described({
      label: `object to its entries at #${pick}`,
      apply: (body) => {
        const place = at(pick, body);
        const value = getAt(body, place);
        return isObject(value) ? setAt(body, place, Object.entries(value)) : body;
      },
    })),
    fc.tuple(fc.nat(), fc.constantFrom(...ODD_STRINGS)).map(([pick, text]): BodyMutation => described({
      label: `stringify or append ${JSON.stringify(text)} at #${pick}`,
      apply: (body) => {
        const place = at(pick, body);
        const value = getAt(body, place);
        return setAt(body, place, typeof value === 'string' ? value + text : `${preview(value)}${text}`);
      },
    })),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short, printable picture of a value for counterexample labels. */
export function preview(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `<string of ${value.length}>` : JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) return String(value);
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return '<unprintable>';
  }
}
