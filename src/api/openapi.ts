/**
 * The engine's own OpenAPI 3.1 document, generated from the route table: one operation per
 * route, path parameters from its `{param}` segments, query parameters and the request body from
 * its zod schemas (zod 4's `z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 uses), the
 * credentials it needs, and the error body every operation may answer. Response bodies are not
 * described by schemas here (the reference's are the contract; see docs/openapi.md). Pure.
 */
import { z } from 'zod';
import type { Route } from './route.js';

/** The API version the engine speaks: the last segment of the base address. */
export const API_VERSION = '2025-10-13';

/** Request schemas of routes whose modules do not carry them, by `METHOD path`. */
export type SchemaTable = Readonly<
  Record<string, { readonly body?: z.ZodType; readonly query?: z.ZodType; /** The route refuses a missing body though its schema accepts `{}`. */ readonly bodyRequired?: true }>
>;

/** A JSON Schema object as emitted. */
type JsonSchema = Record<string, unknown>;

/** The generated document (OpenAPI 3.1). */
export type OpenApiDocument = {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: Record<string, unknown>;
};

/** JSON Schema of a zod schema as a client sends it (input side); an unrepresentable part becomes `{}`. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
    const { $schema: _drop, ...rest } = out;
    return rest;
  } catch {
    // A schema zod cannot describe (a cycle it refuses): say nothing rather than something wrong.
    return {};
  }
}

function operationId<S>(route: Route<S>): string {
  const words = `${route.method.toLowerCase()} ${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, ' ')}`.trim().split(/\s+/);
  return words.map((w, i) => (i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`)).join('');
}

function queryParameters(schema: z.ZodType | undefined): unknown[] {
  if (schema === undefined) return [];
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

/**
 * Whether a client must send a body: the routes read a missing body as `{}` (`request.body ?? {}`),
 * so one is optional where the schema accepts `{}` (approve, cancel, execute, ...), unless the
 * schema table says the route refuses it (test/openapi/optional-bodies.test.ts checks both).
 */
function bodyRequired(schema: z.ZodType): boolean {
  return !schema.safeParse({}).success;
}

const ERROR_RESPONSE = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/**
 * The document for `routes`: `schemas` supplies request schemas for routes without their own
 * (`route.schema` / `route.querySchema` win). Operations are ordered by path, then method.
 */
export function engineOpenApi<S>(routes: readonly Route<S>[], schemas: SchemaTable = {}): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) => (a.path === b.path ? (a.method < b.method ? -1 : 1) : a.path < b.path ? -1 : 1));
  for (const route of sorted) {
    const table = schemas[`${route.method} ${route.path}`];
    const body = route.schema ?? table?.body;
    const query = route.querySchema ?? table?.query;
    const pathParameters = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const parameters = [...pathParameters, ...queryParameters(query)];
    const operation: Record<string, unknown> = {
      operationId: operationId(route),
      ...(route.auth === 'none' ? { security: [] } : { security: [route.auth === 'agent' ? { AgentAuth: [] } : { BasicAuth: [] }] }),
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(body === undefined || route.method === 'GET' || route.method === 'DELETE'
        ? {}
        : { requestBody: { required: table?.bodyRequired === true || bodyRequired(body), content: { 'application/json': { schema: jsonSchemaOf(body) } } } }),
      responses: { default: ERROR_RESPONSE, '2XX': { description: 'Success' } },
    };
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'payments-engine',
      version: API_VERSION,
      description: 'Operations served by the payments engine, generated from its route table and request schemas.',
    },
    servers: [{ url: `/${API_VERSION}` }],
    paths,
    components: {
      securitySchemes: {
        BasicAuth: { type: 'http', scheme: 'basic', description: 'API token client id and client secret' },
        AgentAuth: { type: 'http', scheme: 'bearer', description: 'An agent access token from POST /agents/device-codes/{code}/redeem' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'reason'],
          properties: { code: { type: 'string' }, reason: { type: 'string' }, details: { type: 'object', additionalProperties: true } },
        },
      },
    },
  };
}
