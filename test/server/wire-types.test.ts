/**
 * The published wire types (src/api/wire-types.ts over the generated wire-types.gen.ts):
 * type-level checks (`expectTypeOf`, checked by `npm run typecheck`) that a response narrowed by
 * status has the reference's body for a few operations, a runtime check that `handleTyped`
 * fills path templates and answers as `handle` does, and that regenerating the types from the
 * reference OpenAPI gives the committed file byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { basicAuthorization } from '../../src/api/auth.js';
import {
  fillPathTemplate, handleTyped, type OperationKey, type PathParamsOf, type RequestBodyOf, type ResponseBodyOf,
  type TypedResponseOf, type WireErrorBody, type WireSchema,
} from '../../src/api/wire-types.js';
import { createEngine } from '../../src/engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import { completeIndividual } from '../identity/support.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const headers = { authorization: basicAuthorization(SANDBOX_CREDENTIAL), 'content-type': 'application/json' };
const clock = { now: '2026-01-05T16:00:00Z' };

describe('wire types: response bodies narrowed by operation and status (type level)', () => {
  it('OperationKey lists the reference operations and nothing else', () => {
    expectTypeOf<'GET /customers/{customerId}'>().toExtend<OperationKey>();
    expectTypeOf<'POST /customers'>().toExtend<OperationKey>();
    expectTypeOf<'POST /sandbox/internal-accounts/{accountId}/fund'>().toExtend<OperationKey>();
    expectTypeOf<'PUT /customers'>().not.toExtend<OperationKey>();
    expectTypeOf<'GET /no-such-path'>().not.toExtend<OperationKey>();
  });

  it('ResponseBodyOf is the success body, RequestBodyOf and PathParamsOf the inputs', () => {
    expectTypeOf<ResponseBodyOf<'GET', '/config'>>().toEqualTypeOf<WireSchema<'PlatformConfig'>>();
    expectTypeOf<ResponseBodyOf<'GET', '/customers'>>().toEqualTypeOf<WireSchema<'CustomerListResponse'>>();
    expectTypeOf<ResponseBodyOf<'POST', '/customers'>>().toEqualTypeOf<WireSchema<'CustomerOneOf'>>();
    expectTypeOf<ResponseBodyOf<'POST', '/customers', 409>>().toEqualTypeOf<WireSchema<'Error409'>>();
    expectTypeOf<RequestBodyOf<'POST', '/customers'>>().toEqualTypeOf<WireSchema<'CustomerCreateRequestOneOf'>>();
    expectTypeOf<PathParamsOf<'GET', '/customers/{customerId}'>>().toEqualTypeOf<{ customerId: string }>();
  });

  it('a TypedResponse narrows its body by status; undeclared error statuses carry the error body', () => {
    const narrow = (response: TypedResponseOf<'POST /customers'>): void => {
      if (response.status === 201) expectTypeOf(response.body).toEqualTypeOf<WireSchema<'CustomerOneOf'>>();
      if (response.status === 409) expectTypeOf(response.body).toEqualTypeOf<WireSchema<'Error409'>>();
      if (response.status === 503) expectTypeOf(response.body).toEqualTypeOf<WireErrorBody>();
      // @ts-expect-error 299 is neither declared nor an error status of the engine
      if (response.status === 299) return;
    };
    const list = (response: TypedResponseOf<'GET /customers'>): void => {
      if (response.status === 200) expectTypeOf(response.body.data).toEqualTypeOf<WireSchema<'CustomerListResponse'>['data']>();
    };
    expect([typeof narrow, typeof list]).toEqual(['function', 'function']);
  });
});

describe('handleTyped', () => {
  it('fills the path template, calls handle once, and the narrowed body is the real answer', () => {
    const engine = createEngine();
    const created = handleTyped(engine, { operation: 'POST /customers', headers, body: completeIndividual('Typed Ada') as RequestBodyOf<'POST', '/customers'> }, clock);
    expect(created.response.status).toBe(201);
    if (created.response.status !== 201) return;
    const customerId = created.response.body.id ?? '';
    expect(customerId).toMatch(/^Customer:/);
    expect(created.events.length).toBeGreaterThan(0);
    const read = handleTyped(engine, { operation: 'GET /customers/{customerId}', pathParams: { customerId }, headers }, clock);
    expect(read.response.status).toBe(200);
    if (read.response.status === 200) expect(read.response.body.platformCustomerId).toBe('p-Typed Ada');
    const missing = handleTyped(engine, { operation: 'GET /customers/{customerId}', pathParams: { customerId: 'Customer:nope/..' }, headers }, clock);
    expect(missing.response.status).toBe(404);
    if (missing.response.status === 404) expect(missing.response.body.code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('fillPathTemplate encodes values and leaves a missing one as it is', () => {
    expect(fillPathTemplate('/customers/{customerId}/x', { customerId: 'a/b c' })).toBe('/customers/a%2Fb%20c/x');
    expect(fillPathTemplate('/customers/{customerId}', {})).toBe('/customers/{customerId}');
    expect(fillPathTemplate('/config', undefined)).toBe('/config');
  });
});

describe('npm run gen:wire-types', () => {
  it('regenerating from the reference OpenAPI gives the committed src/api/wire-types.gen.ts', () => {
    const out = mkdtempSync(join(tmpdir(), 'pe-wire-types-'));
    try {
      const file = join(out, 'wire-types.gen.ts');
      const cli = join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
      execFileSync(process.execPath, [cli, '../shared/spec/reference/openapi.yaml', '--output', file], { cwd: ROOT, stdio: 'pipe' });
      expect(readFileSync(file, 'utf8') === readFileSync(join(ROOT, 'src/api/wire-types.gen.ts'), 'utf8'), 'run npm run gen:wire-types and commit the result').toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
