/**
 * The import graph of a source tree, read with TypeScript's own parser (no resolution, no type
 * checking): every relative `import`, `export ... from` and literal `import()` of each `.ts` file,
 * marked type-only when it is `import type` / `export type`. Type-only imports are erased from the
 * emitted JavaScript, so they never load a module; `import { type A }` without `type` on the
 * clause still loads it (verbatimModuleSyntax), so it counts as a runtime import.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import: `from` and `to` relative to the root (`domains/state.ts`), or `to` the bare specifier. */
export type ImportEdge = { readonly from: string; readonly to: string; readonly typeOnly: boolean; readonly specifier: string };

/** Every `.ts` file under `root`, relative to it, sorted. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/** The imports of every `.ts` file under `root`; relative ones resolved to the file they name. */
export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const { specifier, typeOnly } of importsOf(file, text)) {
      edges.push({ from: file, to: resolveSpecifier(root, file, specifier), typeOnly, specifier });
    }
  }
  return edges;
}

/** The module specifiers one file's text imports, with whether each is type-only. */
export function importsOf(fileName: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const out: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly === true });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument !== undefined && ts.isStringLiteralLike(argument)) out.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      // `typeof import('./x.js')` in a type position: erased like `import type`.
      out.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

// `./x.js` names `./x.ts` (or `./x/index.ts`); bare specifiers (packages, `node:`) stay as written.
function resolveSpecifier(root: string, file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = resolve(root, dirname(file), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  return relative(root, found ?? base);
}

/**
 * The strongly connected components of more than one file (or one file importing itself): each
 * is an import cycle. Files in each sorted, components sorted by their first file. Tarjan's
 * algorithm, iterative so a deep chain cannot overflow the stack.
 */
export function cycles(edges: readonly { readonly from: string; readonly to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start)!);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node)!;
      if (frame.child < targets.length) {
        const target = targets[frame.child++]!;
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target)!);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, child: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && targets.includes(frame.node);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  }
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
