/**
 * The published reference (`../shared/spec/reference/openapi.yaml`, OpenAPI 3.1) loaded once, and
 * checks of the engine's answers against it: which reference operation a concrete request is
 * (method + path template, without the `/2025-10-13` prefix; the spec copy's `svc` spelling
 * mapped back to the reference's `grid`), and whether a response body conforms to the JSON Schema
 * 2020-12 that operation declares for that status. Ajv compiles each schema once.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** Where the reference lives, relative to this file. */
export const REFERENCE_PATH = fileURLToPath(new URL('../../../shared/spec/reference/openapi.yaml', import.meta.url));

type Json = any;

/** The parsed reference document. */
export const REFERENCE: Json = parse(readFileSync(REFERENCE_PATH, 'utf8'));

/** One reference operation. */
export type ReferenceOperation = {
  readonly method: string;
  readonly template: string;
  readonly operation: Json;
  readonly segments: readonly string[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the reference. */
export const REFERENCE_OPERATIONS: readonly ReferenceOperation[] = Object.entries(REFERENCE.paths as Record<string, Json>).flatMap(([template, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => ({
    method: method.toUpperCase(),
    template,
    operation: item[method],
    segments: template.split('/').filter((s) => s !== ''),
  })),
);

/** The spec copy's spelling of a path segment, in the reference's (`svc` -> `grid`). */
function referenceSpelling(segment: string): string {
  return segment.replace(/svc/g, 'grid');
}

/**
 * The reference operation a request is, or undefined. Literal segments beat `{param}` ones (so
 * `/customers/external-accounts` is not `/customers/{customerId}`).
 */
export function findOperation(method: string, path: string): ReferenceOperation | undefined {
  const segments = path.split('?')[0]!.split('/').filter((s) => s !== '').map(referenceSpelling);
  let best: ReferenceOperation | undefined;
  let bestLiterals = -1;
  for (const candidate of REFERENCE_OPERATIONS) {
    if (candidate.method !== method.toUpperCase() || candidate.segments.length !== segments.length) continue;
    let literals = 0;
    let matches = true;
    candidate.segments.forEach((segment, index) => {
      if (segment.startsWith('{')) return;
      if (segment === segments[index]) literals += 1;
      else matches = false;
    });
    if (matches && literals > bestLiterals) {
      best = candidate;
      bestLiterals = literals;
    }
  }
  return best;
}

/** The template of a route path in the reference's spelling (for route-table lookups). */
export function findOperationByTemplate(method: string, template: string): ReferenceOperation | undefined {
  const wanted = template.split('/').filter((s) => s !== '').map((s) => (s.startsWith('{') ? '{}' : referenceSpelling(s)));
  return REFERENCE_OPERATIONS.find(
    (candidate) =>
      candidate.method === method.toUpperCase() &&
      candidate.segments.length === wanted.length &&
      candidate.segments.every((segment, index) => (segment.startsWith('{') ? wanted[index] === '{}' : segment === wanted[index])),
  );
}

/** Resolves a local `$ref` (`#/components/...`) once, or returns the value itself. */
export function deref(value: Json): Json {
  let current = value;
  while (current !== null && typeof current === 'object' && typeof current.$ref === 'string') {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = pointer.reduce((node: Json, key) => node?.[key], REFERENCE);
  }
  return current;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// OpenAPI annotations that are not JSON Schema keywords.
ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs', 'x-enum-descriptions', 'x-enumDescriptions']);
ajv.addSchema({ $id: 'reference', components: discriminated(REFERENCE.components) }, 'reference');

/**
 * Ajv does not take OpenAPI's `discriminator.mapping`; a `oneOf` with one is rewritten as "the
 * property is one of the mapped values, and the value picks its schema" (if/then per value),
 * which accepts the same bodies and reports the errors of the chosen branch only.
 */
function discriminated(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(discriminated);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = discriminated(value);
  const mapping = schema.discriminator?.mapping as Record<string, string> | undefined;
  if (mapping === undefined || !Array.isArray(schema.oneOf)) return out;
  const property = schema.discriminator.propertyName as string;
  delete out.oneOf;
  delete out.discriminator;
  out.allOf = [
    ...((out.allOf as Json[] | undefined) ?? []),
    { type: 'object', required: [property], properties: { [property]: { enum: Object.keys(mapping) } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a thenable
    ...Object.entries(mapping).map(([value, ref]) => ({ if: { properties: { [property]: { const: value } }, required: [property] }, then: { $ref: ref } })),
  ];
  return out;
}

/**
 * The spec copy's spelling in the reference's: `svc`/`Svc` in keys and `SVC_` in values become
 * `grid`/`Grid`/`GRID_`, so that `svcApiMultiplier` is checked as `gridApiMultiplier`.
 */
export function inReferenceSpelling(body: Json): Json {
  if (Array.isArray(body)) return body.map(inReferenceSpelling);
  if (typeof body === 'string') return body.replace(/\bSVC_/g, 'GRID_');
  if (body === null || typeof body !== 'object') return body;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(body)) out[key.replace(/^svc/, 'grid').replace(/Svc/g, 'Grid')] = inReferenceSpelling(value);
  return out;
}

const compiled = new Map<string, ValidateFunction | null>();

/** The JSON pointer (into the reference) of the response schema for an operation and status, if any. */
function responsePointer(op: ReferenceOperation, status: number): string | undefined {
  const responses = op.operation.responses ?? {};
  const key = responses[String(status)] !== undefined ? String(status) : responses[`${String(status)[0]}XX`] !== undefined ? `${String(status)[0]}XX` : undefined;
  if (key === undefined) return undefined;
  const response = deref(responses[key]);
  if (response?.content?.['application/json']?.schema === undefined) return undefined;
  return key;
}

/** A validator for an operation's response at a status: null when the reference declares no JSON body. */
export function responseValidator(op: ReferenceOperation, status: number): ValidateFunction | null | 'undeclared' {
  const key = responsePointer(op, status);
  if (key === undefined) return op.operation.responses?.[String(status)] === undefined ? 'undeclared' : null;
  const cacheKey = `${op.method} ${op.template} ${key}`;
  if (!compiled.has(cacheKey)) {
    const schema = deref(op.operation.responses[key]).content['application/json'].schema;
    compiled.set(cacheKey, ajv.compile(rebase(discriminated(schema))));
  }
  return compiled.get(cacheKey) ?? null;
}

/** A request body schema of an operation (dereferenced once), if it declares one. */
export function requestBodySchema(op: ReferenceOperation): Json | undefined {
  return deref(deref(op.operation.requestBody)?.content?.['application/json']?.schema);
}

/** Rewrites local `$ref`s of an inline schema so that they point into the registered components. */
function rebase(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `reference${value}` : rebase(value);
  }
  return out;
}

/** One error of a body against its schema, short enough to group. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).filter((e) => e.keyword !== 'if').map((e) => `${e.instancePath || '(body)'} ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'` : ''}${e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues).slice(0, 120)}` : ''}`);
}
