/**
 * The generated document marks a request body optional exactly where its schema accepts `{}`
 * (src/api/openapi.ts `bodyRequired`): the reference's optional bodies (approve, cancel, confirm,
 * execute, ...) are optional here too, and for every operation marked so, no body gets the answer
 * `{}` gets (issue 12: nothing required that the reference leaves optional).
 */
import { describe, expect, it } from 'vitest';
import { engineOpenApi } from '../../src/api/openapi.js';
import { ROUTE_SCHEMAS } from '../../src/api/openapi-schemas.js';
import { ROUTES } from '../../src/api/routes/index.js';
import { harness } from '../support/harness.js';
import { operations, REFERENCE } from './compare.js';

const engine = operations(engineOpenApi(ROUTES, ROUTE_SCHEMAS) as any);
const reference = operations(REFERENCE);
const optional = [...engine.entries()].filter(([, op]) => op.requestBody?.required === false).map(([key]) => key);

describe('optional request bodies (issue 12)', () => {
  it('every body the reference leaves optional is optional in the generated document', () => {
    const referenceOptional = [...reference.entries()].filter(([key, op]) => op.requestBody !== undefined && op.requestBody.required !== true && engine.get(key)?.requestBody !== undefined).map(([key]) => key);
    expect(referenceOptional.length).toBeGreaterThan(5);
    expect(referenceOptional.filter((key) => !optional.includes(key))).toEqual([]);
  });

  it.each(optional)('%s: no body is answered as {} is', (key) => {
    const [method, template] = key.split(' ') as [string, string];
    const path = template.replace(/\{\}/g, 'Nothing:00000000-0000-0000-0000-000000000000');
    const without = harness().call(method, path);
    const empty = harness().call(method, path, {});
    expect({ status: without.status, code: (without.body as any)?.code }).toEqual({ status: empty.status, code: (empty.body as any)?.code });
  });
});
