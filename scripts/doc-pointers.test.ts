// Every file the docs point at exists: a path in backticks in the README, docs/ and the folder READMEs names a
// file of this tree (written from the repository root, or from src/, src/server/, src/client/ or the doc's own
// folder, as the docs do). A renamed or split file leaves no stale pointer behind.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const docs = [
  'README.md',
  'drizzle/README.md',
  'src/server/db/functions/README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
];
const bases = ['', 'src', 'src/server', 'src/client', 'src/server/modules'];
// The folders .gitignore keeps out of the tree (dist/, data/, .tmp/, ...): what a build or a run writes there exists
// on one machine and not on a fresh checkout, so a pointer into one is no pointer this test can hold.
const ignoredFolders = fs
  .readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.endsWith('/'))
  .map((line) => line.replace(/^\//, ''));
const POINTER = /`([\w@.-]+(?:\/[\w@.[\]-]+)+\.(?:ts|tsx|sql|md|json|ya?ml|sh|js|conf))(?::\d+)?`/g;

/** The pointers of one doc that name no file. */
function stale(doc: string): string[] {
  const text = fs.readFileSync(path.join(root, doc), 'utf8');
  const here = path.dirname(doc);
  return (
    [...text.matchAll(POINTER)]
      .map((m) => m[1]!)
      // A placeholder (docs/decisions/NNN-name.md), what a build or a run writes, or a file outside this repository
      // (the team's shared SPEC.md beside the checkout, absent from CI's) is no pointer this test can hold.
      .filter((p) => !p.includes('NNN') && !p.startsWith('../'))
      .filter((p) => !ignoredFolders.some((folder) => p.startsWith(folder)))
      .filter((p) => ![here, ...bases].some((b) => fs.existsSync(path.join(root, b, p))))
  );
}

describe('the docs', () => {
  it.each(docs)('%s points only at files that exist', (doc) => {
    expect(stale(doc)).toEqual([]);
  });
});
