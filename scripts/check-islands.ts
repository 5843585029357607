// CI check of the islands folder. The client entry finds an island's code by file name
// (`import.meta.glob('./*.island.tsx')` + data-island="<Name>"), never by function name, so
// a misnamed file is an island that silently never hydrates. Rules:
//   - islands/ holds <Name>.island.tsx components and plain .ts browser helpers (client.ts,
//     api.ts, ...) that have no default export, so a helper is never mistaken for an island;
//     no folders, and no other .tsx files;
//   - <Name> is PascalCase;
//   - each island has a default export (the component).
//
//   npx tsx scripts/check-islands.ts [islandsDir]      exit code 1 and a list when broken
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ISLAND_FILE = /^(.+)\.island\.tsx$/;
const PASCAL_CASE = /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/;

export interface IslandProblem {
  file: string;
  problem: string;
}

export function checkIslands(dir: string): IslandProblem[] {
  const problems: IslandProblem[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    const rel = path.join(path.basename(dir), entry);
    if (statSync(full).isDirectory()) {
      problems.push({ file: rel, problem: 'folders are not allowed in islands/; move shared code to lib/ or views/components/' });
      continue;
    }
    if (entry.endsWith('.ts')) {
      if (hasDefaultExport(full)) {
        problems.push({ file: rel, problem: 'a browser helper module must not default-export; islands are <Name>.island.tsx' });
      }
      continue;
    }
    const name = ISLAND_FILE.exec(entry)?.[1];
    if (name === undefined) {
      problems.push({
        file: rel,
        problem: 'only <Name>.island.tsx components and .ts helper modules belong in islands/; move other code to lib/ or views/',
      });
      continue;
    }
    if (!PASCAL_CASE.test(name)) {
      problems.push({ file: rel, problem: `island name "${name}" must be PascalCase (e.g. PersonPicker.island.tsx)` });
    }
    if (!hasDefaultExport(full)) {
      problems.push({ file: rel, problem: 'an island must default-export its component' });
    }
  }
  return problems;
}

function hasDefaultExport(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  return source.statements.some((statement) => {
    if (ts.isExportAssignment(statement)) return !statement.isExportEquals;
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      return clause !== undefined && ts.isNamedExports(clause) && clause.elements.some((e) => e.name.text === 'default');
    }
    if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
      const kinds = ts.getModifiers(statement)?.map((m) => m.kind) ?? [];
      return kinds.includes(ts.SyntaxKind.ExportKeyword) && kinds.includes(ts.SyntaxKind.DefaultKeyword);
    }
    return false;
  });
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'islands'));
  const problems = checkIslands(dir);
  if (problems.length === 0) {
    console.log(`islands: ${dir} is in order`);
    return;
  }
  console.error(`islands: ${problems.length} problem(s) in ${dir}`);
  for (const p of problems) console.error(`  ${p.file}: ${p.problem}`);
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
