// One way to write a route (docs/code-map.md): a routes file parses, calls a verb file and answers. It never
// queries the database itself (no drizzle-orm, no tables) and never imports another routes file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, '../modules');
const routeFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.routes.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(modulesDir, f), 'utf8') }));
const imports = (text: string) => [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

it('finds the routes files', () => {
  expect(routeFiles.length).toBeGreaterThan(15);
});

it.each(routeFiles.map((r) => [r.file, r.text] as const))(
  '%s leaves the SQL to verb files and imports no other routes file',
  (_file, text) => {
    const offending = imports(text).filter(
      (from) =>
        from === 'drizzle-orm' || from.endsWith('.tables.ts') || from.endsWith('.routes.ts'),
    );
    expect(offending).toEqual([]);
    expect(text).not.toMatch(
      /\b(db|tx)\s*\.\s*(select|insert|update|delete|execute|transaction)\b/,
    );
  },
);
