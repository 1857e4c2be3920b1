import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClientGraph, buildModuleGraph } from './module-graph.ts';

describe("the server modules' import graph", () => {
  it('has no two-way pair of modules (foreign keys between *.tables.ts excepted)', () => {
    expect(buildModuleGraph().twoWayPairs).toEqual([]);
  });

  it('has no cycle: no group of modules that reach each other (ADR 019 names the directions)', () => {
    expect(buildModuleGraph().cycles).toEqual([]);
  });

  it("keeps the client's features apart: a feature imports components/, lib/ and shared/ only, never another feature or app/", () => {
    const graph = buildClientGraph();
    expect(graph.edges.filter((e) => /^features\/.* → (features\/|app$)/.test(e))).toEqual([]);
    expect(graph.cycles).toEqual([]);
  });

  it('sees a two-way pair through any file, but not through a foreign key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('modules/a/a.tables.ts', "import { b } from '../b/b.tables.ts';\n");
      write('modules/b/b.tables.ts', "import { a } from '../a/a.tables.ts';\n");
      write('modules/a/read-a.ts', "import type { B } from '../b/b.tables.ts';\n");
      write('modules/b/read-b.ts', "export { readA } from '../a/read-a.ts';\n");
      write('modules/b/read-b.test.ts', "import { c } from '../c/c.ts';\n");
      write('modules/c/c.ts', "const b = await import('../b/read-b.ts');\n");
      write('http/errors.ts', "import {\n  a,\n} from '../modules/a/read-a.ts';\n");
      const graph = buildModuleGraph(dir);
      expect(graph.edges).toEqual(['a → b', 'b → a', 'c → b', 'http → a']);
      expect(graph.twoWayPairs).toEqual(['a ↔ b']);
      expect(graph.cycles).toEqual([['a', 'b']]);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
