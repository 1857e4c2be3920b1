// The server modules' import graph: which module imports which, the two-way pairs, and the largest
// strongly connected group. A module is a folder of src/server/modules/, or src/server/http, db or jobs.
// Test files are left out (tests set up data in any module's tables), and so are foreign keys: an import
// from one *.tables.ts into another, or into db/schema.ts, which gathers every table for Drizzle.
// Run: node scripts/module-graph.ts — module-graph.test.ts keeps the graph free of two-way pairs.
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_DIR = path.resolve(import.meta.dirname, '../src/server');

/** One import from a file of one module into a file of another. */
export type CrossImport = { from: string; to: string; fromFile: string; toFile: string };

export type ModuleGraph = {
  modules: string[];
  imports: CrossImport[];
  /** Distinct module → module edges, as "a → b". */
  edges: string[];
  /** Pairs of modules that import each other, as "a ↔ b" (a < b). */
  twoWayPairs: string[];
  /** The strongly connected groups of more than one module, largest first. */
  cycles: string[][];
};

const TOP_LEVEL_MODULES = ['http', 'db', 'jobs'];

/** The module a server file belongs to, or undefined when it is outside the graph (app.ts, cli/, test/…). */
export function moduleOf(file: string, serverDir = SERVER_DIR): string | undefined {
  const parts = path.relative(serverDir, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length >= 3) return parts[1];
  if (parts.length >= 2 && TOP_LEVEL_MODULES.includes(parts[0]!)) return parts[0];
  return undefined;
}

export const CLIENT_DIR = path.resolve(import.meta.dirname, '../src/client');

/** The client's parts: each folder of features/ is a module; app/, components/ and lib/ are one each. */
export function clientModuleOf(file: string, clientDir = CLIENT_DIR): string | undefined {
  const parts = path.relative(clientDir, file).split(path.sep);
  if (parts[0] === 'features' && parts.length >= 3) return `features/${parts[1]}`;
  if (parts.length >= 2 && ['app', 'components', 'lib'].includes(parts[0]!)) return parts[0];
  return undefined;
}

/** The client's graph: the same walk over src/client, with features as modules. */
export const buildClientGraph = (clientDir = CLIENT_DIR) =>
  buildModuleGraph(clientDir, clientModuleOf);

const isTables = (file: string) => file.endsWith('.tables.ts') || file.endsWith('/db/schema.ts');

/** The relative specifiers a source file imports (static, re-export, side-effect and dynamic imports). */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]!);
  return found.filter((s) => s.startsWith('.'));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [file]
      : [];
  });
}

export function buildModuleGraph(
  serverDir = SERVER_DIR,
  moduleOfFile: (file: string, dir: string) => string | undefined = moduleOf,
): ModuleGraph {
  const imports: CrossImport[] = [];
  const modules = new Set<string>();
  for (const file of sourceFiles(serverDir)) {
    const from = moduleOfFile(file, serverDir);
    if (!from) continue;
    modules.add(from);
    for (const specifier of importSpecifiers(fs.readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), specifier);
      const to = moduleOfFile(target, serverDir);
      if (!to || to === from) continue;
      if (isTables(file) && isTables(target)) continue; // a foreign key
      const rel = (f: string) => path.relative(serverDir, f).split(path.sep).join('/');
      imports.push({ from, to, fromFile: rel(file), toFile: rel(target) });
    }
  }
  const edgeSet = new Set(imports.map((i) => `${i.from} → ${i.to}`));
  const edges = [...edgeSet].sort();
  const twoWayPairs = [
    ...new Set(
      imports
        .filter((i) => edgeSet.has(`${i.to} → ${i.from}`))
        .map((i) => [i.from, i.to].sort().join(' ↔ ')),
    ),
  ].sort();
  const moduleList = [...modules].sort();
  return {
    modules: moduleList,
    imports,
    edges,
    twoWayPairs,
    cycles: stronglyConnected(moduleList, edges),
  };
}

/** Tarjan's algorithm over the module edges; only groups of two or more modules are returned. */
function stronglyConnected(modules: string[], edges: string[]): string[][] {
  const next = new Map(modules.map((m) => [m, [] as string[]]));
  for (const edge of edges) {
    const [a, b] = edge.split(' → ') as [string, string];
    next.get(a)?.push(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (m: string) => {
    index.set(m, index.size);
    low.set(m, index.get(m)!);
    stack.push(m);
    for (const n of next.get(m) ?? []) {
      if (!index.has(n)) {
        visit(n);
        low.set(m, Math.min(low.get(m)!, low.get(n)!));
      } else if (stack.includes(n)) low.set(m, Math.min(low.get(m)!, index.get(n)!));
    }
    if (low.get(m) === index.get(m)) {
      const group: string[] = [];
      let n: string;
      do {
        n = stack.pop()!;
        group.push(n);
      } while (n !== m);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const m of modules) if (!index.has(m)) visit(m);
  return groups.sort((a, b) => b.length - a.length);
}

if (import.meta.main) {
  const graph = process.argv.includes('--client') ? buildClientGraph() : buildModuleGraph();
  const verbose = process.argv.includes('--files');
  console.log(`${graph.modules.length} modules: ${graph.modules.join(', ')}`);
  console.log(`\n${graph.edges.length} cross-module edges (${graph.imports.length} imports):`);
  for (const edge of graph.edges) {
    console.log(`  ${edge}`);
    if (verbose)
      for (const i of graph.imports.filter((i) => `${i.from} → ${i.to}` === edge))
        console.log(`      ${i.fromFile} → ${i.toFile}`);
  }
  console.log(`\n${graph.twoWayPairs.length} two-way pairs:`);
  for (const pair of graph.twoWayPairs) console.log(`  ${pair}`);
  const largest = graph.cycles[0]?.length ?? 1;
  console.log(`\nLargest strongly connected group: ${largest} modules`);
  for (const group of graph.cycles) console.log(`  ${group.join(', ')}`);
}
