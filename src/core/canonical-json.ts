/**
 * JSON text with every object's keys sorted and `undefined` members left out, so two values that
 * differ only in key order have the same text: what idempotency compares request bodies by, and
 * what signed challenges hash their bodies and payloads over. Recursive: callers bound the depth
 * first (request bodies by `checkBodyValue`).
 *
 * @example
 * canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }] }); // '{"a":[true,{"c":"x","d":null}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
