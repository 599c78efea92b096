/**
 * `{{N.path.to.value}}` references in request scripts: N is the 1-based number of an earlier
 * request, the rest a path into its response (`{{1.body.id}}`, `{{2.status}}`). A string that is
 * exactly one reference takes the referenced value's type; inside longer strings it is text.
 */

const WHOLE = /^\{\{(\d+)((?:\.[A-Za-z0-9_$-]+)+)\}\}$/;
const PART = /\{\{(\d+)((?:\.[A-Za-z0-9_$-]+)+)\}\}/g;

/** A response as the script sees it. */
export type ScriptResponse = { readonly status: number; readonly body: unknown };

/** Replaces every reference in `value` (deeply); an unresolvable reference is an error string. */
export function resolveTemplates(value: unknown, responses: readonly ScriptResponse[]): { value: unknown; missing: string[] } {
  const missing: string[] = [];
  const lookup = (n: string, path: string): unknown => {
    const response = responses[Number(n) - 1];
    let current: unknown = response;
    for (const key of path.slice(1).split('.')) {
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
    }
    if (current === undefined) missing.push(`{{${n}${path}}}`);
    return current;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = WHOLE.exec(v);
      if (whole !== null) return lookup(whole[1] as string, whole[2] as string);
      return v.replace(PART, (_m, n: string, path: string) => String(lookup(n, path)));
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { value: walk(value), missing };
}
