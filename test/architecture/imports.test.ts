/**
 * The layering of docs/architecture.md holds in the imports (issue 16): no import cycle, no
 * import against the layers, no `node:` module in the pure core. Runtime imports are judged
 * everywhere; inside src/domains `import type` counts too, since a type-only circle through
 * `DomainState` is the tangle issue 16 asked to undo (every domain depended on every other).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, importsOf, sourceFiles } from './import-graph.js';
import { ALLOWED_IMPORTS, domainFolderOf, KNOWN_DOMAIN_FOLDER_CYCLES, LAYERS, layerOf, mayImport, NODE_LAYERS } from './layers.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const graph = importGraph(SRC);
const files = new Set(sourceFiles(SRC));
const relativeEdges = graph.filter((edge) => edge.specifier.startsWith('.'));

describe('the import graph of src/', () => {
  it('resolves every relative import to a source file (so the checks below see every edge)', () => {
    expect(relativeEdges.length).toBeGreaterThan(1_000);
    expect(relativeEdges.filter((edge) => !files.has(edge.to)).map((edge) => `${edge.from} -> ${edge.specifier}`)).toEqual([]);
  });

  it('has no runtime import cycle anywhere in src/', () => {
    expect(cycles(relativeEdges.filter((edge) => !edge.typeOnly))).toEqual([]);
  });

  it('has no import cycle among src/domains files, counting import type (each domain depends on the slices it reads)', () => {
    const domains = relativeEdges.filter((edge) => edge.from.startsWith('domains/') && edge.to.startsWith('domains/'));
    expect(domains.length).toBeGreaterThan(500);
    expect(cycles(domains)).toEqual([]);
  });

  it('has no domain folders importing each other in a circle at run time beyond the known ones (a ratchet: shrink the list when you break one)', () => {
    const folderEdges = relativeEdges.flatMap((edge) => {
      if (edge.typeOnly) return [];
      const from = domainFolderOf(edge.from);
      const to = domainFolderOf(edge.to);
      return from !== undefined && to !== undefined && from !== to ? [{ from, to }] : [];
    });
    expect(cycles(folderEdges)).toEqual(KNOWN_DOMAIN_FOLDER_CYCLES);
  });

  it('keeps DomainState (domains/state.ts) above every store: it imports only store types, none of which import it back', () => {
    const fromState = relativeEdges.filter((edge) => edge.from === 'domains/state.ts');
    expect(fromState.every((edge) => edge.typeOnly)).toBe(true);
    expect(fromState.length).toBeGreaterThan(20);
  });

  it('imports only downwards: each layer imports only the layers docs/architecture.md puts below it (type imports included)', () => {
    const against = relativeEdges.flatMap((edge) => {
      const from = layerOf(edge.from);
      const to = layerOf(edge.to);
      return from !== undefined && to !== undefined && mayImport(from, to) ? [] : [`${edge.from} -> ${edge.to}`];
    });
    expect(against).toEqual([]);
  });

  it('keeps Node out of the pure core: only src/cli and src/server import node: modules', () => {
    const impure = graph.filter((edge) => edge.to.startsWith('node:') && !NODE_LAYERS.includes(layerOf(edge.from)!));
    expect(impure.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find a cycle, a self-import, and none in a chain', () => {
    const edge = (from: string, to: string) => ({ from, to });
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(cycles([edge('a', 'a')])).toEqual([['a']]);
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')])).toEqual([]);
  });

  it('tell type-only imports from runtime ones (import { type A } still loads its module)', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { type B } from './b.js';",
      "export type { C } from './c.js';",
      "export { d } from './d.js';",
      "const e = await import('./e.js');",
      "type F = typeof import('./f.js');",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { specifier: './a.js', typeOnly: true },
      { specifier: './b.js', typeOnly: false },
      { specifier: './c.js', typeOnly: true },
      { specifier: './d.js', typeOnly: false },
      { specifier: './e.js', typeOnly: false },
      { specifier: './f.js', typeOnly: true },
    ]);
  });

  it('refuse an upward import (core -> domains, domains -> api, domains -> engine, server -> cli) and allow downward ones', () => {
    expect(mayImport('core', 'domains')).toBe(false);
    expect(mayImport('domains', 'api')).toBe(false);
    expect(mayImport('domains', 'engine')).toBe(false);
    expect(mayImport('server', 'cli')).toBe(false);
    expect(mayImport('api', 'engine')).toBe(false);
    expect(mayImport('engine', 'ledger')).toBe(true);
    expect(mayImport('cli', 'server')).toBe(true);
  });

  it('place every layer below the ones that may import it (the table is a partial order)', () => {
    for (const [from, targets] of Object.entries(ALLOWED_IMPORTS)) {
      for (const to of targets) expect(LAYERS.indexOf(to), `${from} -> ${to}`).toBeGreaterThan(LAYERS.indexOf(from as (typeof LAYERS)[number]));
    }
    expect([...files].filter((file) => layerOf(file) === undefined)).toEqual([]);
  });
});
