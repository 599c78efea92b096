/**
 * Compares the engine's generated OpenAPI document with the reference (`../shared/spec/reference/
 * openapi.yaml`): which operations (method + path, parameter names ignored) each has, and for
 * operations both have, the request's top-level body fields and query parameters.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { OpenApiDocument } from '../../src/api/openapi.js';

/** The reference document, parsed once. */
export const REFERENCE = parse(readFileSync(new URL('../../../shared/spec/reference/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path/{}` for an operation (parameter names ignored). */
export function opKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

/** Every operation of a document by key. */
export function operations(doc: { paths: Record<string, Record<string, any>> }): Map<string, any> {
  const out = new Map<string, any>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) if (item[method] !== undefined) out.set(opKey(method, path), { ...item[method], parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])] });
  }
  return out;
}

function resolve(schema: any): any {
  let s = schema;
  for (let i = 0; i < 20 && s?.$ref !== undefined; i += 1) s = REFERENCE.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
}

/** Top-level property names a body schema allows (through $ref, allOf, oneOf, anyOf). */
export function fieldsOf(schema: any, depth = 0): Set<string> {
  const out = new Set<string>();
  const s = resolve(schema);
  if (s === undefined || s === null || depth > 8) return out;
  for (const name of Object.keys(s.properties ?? {})) out.add(name);
  for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) for (const name of fieldsOf(part, depth + 1)) out.add(name);
  return out;
}

/** Body fields and query parameters of an operation. */
export function requestShape(op: any): { body: Set<string>; query: Set<string> } {
  const body = fieldsOf(op.requestBody?.content?.['application/json']?.schema);
  const query = new Set<string>((op.parameters ?? []).map((p: any) => resolveParameter(p)).filter((p: any) => p?.in === 'query').map((p: any) => p.name as string));
  return { body, query };
}

function resolveParameter(p: any): any {
  if (p?.$ref === undefined) return p;
  const name = String(p.$ref).split('/').pop()!;
  return (REFERENCE as any).components.parameters?.[name];
}

/**
 * Differences of one operation's request: `-x` the reference has and the engine lacks, `+x` the
 * reverse, `~body` / `~query` when the engine's document does not describe that part yet.
 */
export function requestDifferences(engineOp: any, referenceOp: any): string[] {
  const engine = requestShape(engineOp);
  const reference = requestShape(referenceOp);
  const described = { body: engineOp.requestBody !== undefined, query: engine.query.size > 0 };
  const out: string[] = [];
  for (const [kind, mine, theirs] of [['body', engine.body, reference.body], ['query', engine.query, reference.query]] as const) {
    if (!described[kind]) {
      if (theirs.size > 0) out.push(`~${kind}`);
      continue;
    }
    for (const name of theirs) if (!mine.has(name)) out.push(`-${kind}.${name}`);
    for (const name of mine) if (!theirs.has(name)) out.push(`+${kind}.${name}`);
  }
  return out.sort();
}

/** Every difference between the engine's document and the reference. */
export function differences(engine: OpenApiDocument): { unrouted: string[]; extra: string[]; fields: Record<string, string[]> } {
  const mine = operations(engine as any);
  const theirs = operations(REFERENCE);
  const unrouted = [...theirs.keys()].filter((k) => !mine.has(k)).sort();
  const extra = [...mine.keys()].filter((k) => !theirs.has(k)).sort();
  const fields: Record<string, string[]> = {};
  for (const [key, op] of mine) {
    const reference = theirs.get(key);
    if (reference === undefined) continue;
    const diff = requestDifferences(op, reference);
    if (diff.length > 0) fields[key] = diff;
  }
  return { unrouted, extra, fields };
}
