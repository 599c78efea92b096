/**
 * Holds recorded exchanges to the reference: a success body against the reference's response
 * schema for its operation and status; an error body against the spec copy's `{ code, reason,
 * details? }` (the spec copy wins over the reference's `{ status, code, message }`, see
 * ALLOWED in allow-list.ts). Exchanges of routes the reference lacks (statements, sandbox
 * helpers the spec copy adds) are counted, not checked.
 */
import { ALLOWED, STATUS_ALIASES } from './allow-list.js';
import type { Exchange } from './recorder.js';
import { ROUTES } from '../../src/api/routes/index.js';
import { describeErrors, findOperation, findOperationByTemplate, inReferenceSpelling, responseValidator } from './reference.js';

/** One body that does not conform. */
export type Violation = {
  /** `METHOD template` in the reference's spelling. */
  readonly operation: string;
  readonly status: number;
  readonly path: string;
  readonly source: string;
  readonly errors: readonly string[];
};

/** The violations among `exchanges` (after the allow-list). */
export function violationsOf(exchanges: readonly Exchange[]): Violation[] {
  const out: Violation[] = [];
  for (const exchange of exchanges) {
    // The engine's route first: a route the reference lacks (GET /customers/agreements) is not
    // checked as the reference operation its path would otherwise match (/customers/{customerId}).
    const route = routeOf(exchange.method, exchange.path);
    const op = route === undefined ? findOperation(exchange.method, exchange.path) : findOperationByTemplate(route.method, route.path);
    if (op === undefined) continue;
    const operation = `${op.method} ${op.template}`;
    let errors: string[];
    if (exchange.status >= 400) {
      errors = errorBodyProblems(exchange.body);
    } else {
      const alias = STATUS_ALIASES.find((entry) => entry.operation === operation && entry.status === exchange.status && (entry.when?.(exchange.body) ?? true));
      const validator = responseValidator(op, alias?.checkedAs ?? exchange.status);
      if (validator === 'undeclared') errors = [`status ${exchange.status} is not declared (declared: ${Object.keys(op.operation.responses ?? {}).join(', ')})`];
      else if (validator === null) errors = exchange.body === null || exchange.body === undefined || exchange.body === '' ? [] : ['a body where the reference declares none'];
      else errors = validator(inReferenceSpelling(exchange.body)) ? [] : describeErrors(validator.errors);
    }
    errors = errors.filter((error) => !ALLOWED.some((allowed) => allowed.operation.test(operation) && allowed.error.test(error)));
    if (errors.length > 0) out.push({ operation, status: exchange.status, path: exchange.path, source: exchange.source, errors });
  }
  return out;
}

/** The spec copy's error body: `{ code, reason, details? }` and nothing else. */
function errorBodyProblems(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['error body is not an object'];
  const record = body as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof record.code !== 'string') problems.push('error body without a string code');
  if (typeof record.reason !== 'string') problems.push('error body without a string reason');
  for (const key of Object.keys(record)) if (!['code', 'reason', 'details'].includes(key)) problems.push(`error body has '${key}'`);
  return problems;
}

/** A violation's errors as stable keys (`METHOD template STATUS :: error`, array indices as `*`), deduplicated and sorted. */
export function violationKeys(violations: readonly Violation[]): string[] {
  const keys = new Set<string>();
  for (const v of violations) for (const error of v.errors) keys.add(`${v.operation} ${v.status} :: ${error.replace(/\/\d+(?=\/|\s|$)/g, '/*')}`);
  return [...keys].sort();
}

/** The engine's route a concrete request reached (literal segments beat parameters), if any. */
export function routeOf(method: string, path: string): { method: string; path: string } | undefined {
  const key = `${method} ${path.split('?')[0]}`;
  if (!ROUTE_CACHE.has(key)) ROUTE_CACHE.set(key, findRoute(method, path));
  return ROUTE_CACHE.get(key);
}

const ROUTE_CACHE = new Map<string, { method: string; path: string } | undefined>();

function findRoute(method: string, path: string): { method: string; path: string } | undefined {
  const segments = path.split('?')[0]!.split('/');
  const candidates = ROUTES.filter((r) => {
    const template = r.path.split('/');
    return r.method === method && template.length === segments.length && template.every((s, i) => s.startsWith('{') || s === segments[i]);
  });
  const literals = (template: string): number => template.split('/').filter((s) => s !== '' && !s.startsWith('{')).length;
  return candidates.sort((a, b) => literals(b.path) - literals(a.path))[0];
}
