/**
 * The layering of docs/architecture.md as data: the top folder of `src/` a file is in (its layer),
 * and which layers each may import. Lower layers never import higher ones; a layer may skip the
 * ones between (the engine imports the ledger directly). `index` is `src/index.ts`, the package's
 * entry; `testing` is the `payments-engine/testing` subpath, a client of the engine like the CLI.
 */

/** The layers, top first. */
export const LAYERS = ['cli', 'server', 'testing', 'index', 'engine', 'api', 'domains', 'sandbox', 'ledger', 'log', 'core'] as const;

/** One of `LAYERS`. */
export type Layer = (typeof LAYERS)[number];

const BELOW_DOMAINS = ['sandbox', 'ledger', 'log', 'core'] as const;
const LIBRARY = ['engine', 'api', 'domains', ...BELOW_DOMAINS] as const;

/** The layers each layer may import (besides itself). Everything else is against the layering. */
export const ALLOWED_IMPORTS: Readonly<Record<Layer, readonly Layer[]>> = {
  cli: ['server', ...LIBRARY],
  server: LIBRARY,
  testing: LIBRARY,
  index: LIBRARY,
  engine: ['api', 'domains', ...BELOW_DOMAINS],
  api: ['domains', ...BELOW_DOMAINS],
  domains: BELOW_DOMAINS,
  sandbox: ['core'],
  ledger: ['core'],
  log: ['core'],
  core: [],
};

/** Layers whose files may import `node:` modules (the Node edges); the rest is pure. */
export const NODE_LAYERS: readonly Layer[] = ['cli', 'server'];

/** The layer of a path relative to `src/` (`domains/quotes/create.ts` -> `domains`). */
export function layerOf(path: string): Layer | undefined {
  const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path.replace(/\.ts$/, '');
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : undefined;
}

/** Whether a file in layer `from` may import one in layer `to`. */
export function mayImport(from: Layer, to: Layer): boolean {
  return from === to || ALLOWED_IMPORTS[from].includes(to);
}

/**
 * Domain folders that still import each other in a circle at run time (file by file the graph is
 * acyclic: quotes/create.ts imports flows/execute.ts, which imports quotes/events.ts). A
 * ratchet: a new folder cycle fails test/architecture, and so does one broken without shrinking
 * this list. A top-level file of src/domains (state.ts, timers.ts, ...) is a folder of its own.
 * Type imports are left out here: every folder's store is in `DomainState` and most folders'
 * deciders read it, so by type every folder reaches every other through state.ts by design.
 */
export const KNOWN_DOMAIN_FOLDER_CYCLES: readonly (readonly string[])[] = [
  // Quotes decide an execution through flows/execute.ts; the flows' legs and timers write quote
  // events, and real-time funding completes a quote's execution (flows/realtime-funding.ts).
  ['flows', 'quotes'],
];

/** The unit of `domains/<folder>/...` or `domains/<file>.ts` for the folder-level graph. */
export function domainFolderOf(path: string): string | undefined {
  if (!path.startsWith('domains/')) return undefined;
  const rest = path.slice('domains/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
}
