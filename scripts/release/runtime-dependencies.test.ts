// The production artifact is installed with `npm ci --omit=dev`: every package the server or a CLI imports at run
// time must be a dependency. This walks the import graph from every entry point, following relative imports.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const entryPoints = [
  path.join(root, 'src/server/main.ts'),
  ...fs.readdirSync(path.join(root, 'src/server/cli')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => path.join(root, 'src/server/cli', f)),
];

// Value imports only: `import type` and `export type` vanish when Node strips the types.
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function walkImports(entries: string[]): { files: Set<string>; packages: Map<string, string> } {
  const seen = new Set<string>();
  const packages = new Map<string, string>(); // package → first file importing it
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of [...source.matchAll(IMPORT), ...source.matchAll(DYNAMIC)]) {
      const spec = match[1]!;
      // Relative TypeScript is followed; a built file (say, a server bundle under dist/) is the build's concern.
      if (spec.startsWith('.')) {
        if (/\.tsx?$/.test(spec)) queue.push(path.resolve(path.dirname(file), spec));
      } else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, path.relative(root, file));
      }
    }
  }
  return { files: seen, packages };
}

describe('the production install', () => {
  it('needs no devDependency at run time: every package the server and its commands import is a dependency', () => {
    const imported = walkImports(entryPoints).packages;
    expect(imported.size).toBeGreaterThan(5); // the walk found the graph (fastify, pg, drizzle-orm, zod, pino…)
    const missing = [...imported].filter(([name]) => !(name in pkg.dependencies)).map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('imports no test file or test helper at run time (pack-release.ts leaves them out of the artifact)', () => {
    const files = [...walkImports(entryPoints).files].map((f) => path.relative(root, f));
    expect(files.filter((f) => f.endsWith('.test.ts') || f.startsWith('src/server/test/'))).toEqual([]);
    expect(files.filter((f) => !f.startsWith('src/server/') && !f.startsWith('src/shared/'))).toEqual([]);
  });
});
