/**
 * Matches a method and path against the route table. Literal segments win over parameters, so
 * `/customers/agreements` is never read as `/customers/{customerId}`. An unknown path is 404
 * NOT_FOUND; a known path with another method is 405.
 */
import { type ApiError, apiError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import type { HttpMethod } from './http.js';
import type { Route } from './route.js';

/** A matched route and its path parameters. */
export type RouteMatch<S> = { readonly route: Route<S>; readonly params: Record<string, string> };

type Compiled<S> = { readonly route: Route<S>; readonly segments: readonly string[]; readonly literalCount: number };

/** A compiled route table. */
export type Router<S> = { readonly match: (method: HttpMethod, path: string) => Result<RouteMatch<S>, ApiError> };

/** Compiles a route table; most specific (most literal segments) first. */
export function createRouter<S>(routes: readonly Route<S>[]): Router<S> {
  const compiled: Compiled<S>[] = routes.map((route) => {
    const segments = pathSegments(route.path);
    return { route, segments, literalCount: segments.filter((s) => !s.startsWith('{')).length };
  });
  compiled.sort((a, b) => b.literalCount - a.literalCount);
  return {
    match(method, path) {
      const parts = pathSegments(path);
      let pathKnown = false;
      for (const candidate of compiled) {
        const params = matchSegments(candidate.segments, parts);
        if (params === undefined) continue;
        pathKnown = true;
        if (candidate.route.method === method) return ok({ route: candidate.route, params });
      }
      return err(
        pathKnown
          ? apiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`)
          : apiError('NOT_FOUND', `No operation at ${path}`),
      );
    },
  };
}

/** A path's segments as the router matches them: empty ones (a doubled or trailing `/`) dropped. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(template: readonly string[], parts: readonly string[]): Record<string, string> | undefined {
  if (template.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i += 1) {
    const t = template[i] as string;
    const p = parts[i] as string;
    if (t.startsWith('{')) {
      let value: string;
      try {
        value = decodeURIComponent(p);
      } catch {
        return undefined;
      }
      params[t.slice(1, -1)] = value;
    } else if (t !== p) return undefined;
  }
  return params;
}
