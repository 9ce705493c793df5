/**
 * No relays (issue #46): a module exports only what it defines, so a reader who follows an import
 * lands on the code itself, not on a facade that passes names on from elsewhere. Every source file
 * of lib/, components/ and entrypoints/ is read as a TypeScript syntax tree, and any re-export
 * fails here: `export * from`, `export { x } from` (types too), and a name imported and then
 * exported again (`import { x } …; export { x }`, `export default x`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, SOURCE_DIRS, sourceFiles } from '../support/imports';

/** The names a file binds by its imports. */
function importedNames(tree: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of tree.statements) {
    if (ts.isImportEqualsDeclaration(statement)) names.add(statement.name.text);
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.add(el.name.text);
  }
  return names;
}

/** The re-exports of `source`, as "file:line text". */
export function relaysOf(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const imported = importedNames(tree);
  const out: string[] = [];
  const report = (node: ts.Node): void => {
    const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    out.push(`${file}:${line} ${node.getText(tree).replace(/\s+/g, ' ')}`);
  };
  for (const statement of tree.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier) report(statement);
      else if (
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause) &&
        statement.exportClause.elements.some((el) => imported.has((el.propertyName ?? el.name).getText(tree)))
      )
        report(statement);
    } else if (ts.isExportAssignment(statement)) {
      if (ts.isIdentifier(statement.expression) && imported.has(statement.expression.text)) report(statement);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      report(statement);
  }
  return out;
}

describe('no relays', () => {
  it('in any source file of lib/, components/ and entrypoints/', () => {
    const files = SOURCE_DIRS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => relaysOf(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('finds every form of a re-export', () => {
    const source = [
      "import { a, type B } from './a';",
      "import c from './c';",
      "import * as d from './d';",
      "export * from './e';",
      "export * as f from './f';",
      "export { g } from './g';",
      "export type { H } from './h';",
      'export {\n  i,\n  type J,\n} from "./i";',
      'export { a };',
      'export type { B };',
      'export { d as dee };',
      'export default c;',
    ].join('\n');
    expect(relaysOf('x.ts', source).map((r) => r.split(' ')[0])).toEqual([
      'x.ts:4',
      'x.ts:5',
      'x.ts:6',
      'x.ts:7',
      'x.ts:8',
      'x.ts:12',
      'x.ts:13',
      'x.ts:14',
      'x.ts:15',
    ]);
  });

  it('leaves a module its own exports', () => {
    const source = [
      "import { a } from './a';",
      'const local = a + 1;',
      'type Own = { n: number };',
      'export const one = 1;',
      'export function two(): number { return local; }',
      'export { local, local as alias };',
      'export type { Own };',
      'export default local;',
      'export default function () {}',
    ].join('\n');
    expect(relaysOf('x.ts', source)).toEqual([]);
  });
});
