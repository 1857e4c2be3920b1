// Every migration of this release keeps the previous release running (drizzle/README.md): read statically against
// what the previous release has (db/releases.ts; its code read from git at its commit). And the rule refuses what
// broke the 0.1.0 upgrade (issue 49): drizzle/0030, checked as if it were new, is refused for both of its faults.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  afterFunctionChanges,
  functionDefinitions,
  functionKeys,
  migrationProblems,
} from './migration-rule.ts';
import { readFunctionFiles } from './functions.ts';
import { migrationsFolder, readMigrationJournal } from './migrate.ts';
import { PREVIOUS_RELEASE } from './releases.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const journal = readMigrationJournal();
const migration = (tag: string) =>
  fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
const baseline = journal.findIndex((m) => m.tag === PREVIOUS_RELEASE.lastMigration);

/** The tables and functions that the migrations before `end` (an index in the journal) create, plus `extraSql`'s. */
function before(end: number, extraSql: string[] = []) {
  const sqls = [...journal.slice(0, end).map((m) => migration(m.tag)), ...extraSql];
  const tables = new Set(
    sqls.flatMap((s) =>
      [...s.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?/gi)].map((m) => m[1]!),
    ),
  );
  const functions = sqls.reduce((set, s) => afterFunctionChanges(s, set), new Set<string>());
  return { tables, functions };
}

describe('the migration rule', () => {
  it(`holds for every migration after ${PREVIOUS_RELEASE.version}'s last (${PREVIOUS_RELEASE.lastMigration})`, () => {
    expect(
      baseline,
      'the previous release’s last migration is in the journal',
    ).toBeGreaterThanOrEqual(0);
    try {
      git('cat-file', '-e', `${PREVIOUS_RELEASE.commit}^{commit}`);
    } catch {
      throw new Error(
        `release ${PREVIOUS_RELEASE.version}'s commit ${PREVIOUS_RELEASE.commit} is missing: fetch the whole history (git fetch --unshallow)`,
      );
    }
    const previousFunctionFiles = git(
      'ls-tree',
      '--name-only',
      PREVIOUS_RELEASE.commit,
      'src/server/db/functions/',
    )
      .split('\n')
      .filter((f) => f.endsWith('.sql'))
      .map((f) => git('show', `${PREVIOUS_RELEASE.commit}:${f}`));
    const { tables, functions } = before(baseline + 1, previousFunctionFiles);
    const current = readFunctionFiles().map((f) => f.sql);
    const storeFunctionNames = new Set(
      [...journal.map((m) => migration(m.tag)), ...previousFunctionFiles, ...current].flatMap((s) =>
        functionDefinitions(s).defs.map((d) => d.name),
      ),
    );
    const previousUses = (name: string) => {
      try {
        git(
          'grep',
          '-q',
          '-w',
          '-i',
          '-F',
          name,
          PREVIOUS_RELEASE.commit,
          '--',
          'src/server',
          'src/shared',
          ':(exclude)*.test.ts',
        );
        return true;
      } catch {
        return false;
      }
    };
    const previousFunctions = new Set(functions);
    const context = {
      previousTables: tables,
      previousUses,
      previousFunctions,
      functions,
      storeFunctionNames,
    };
    const problems = journal
      .slice(baseline + 1)
      .flatMap((m) => migrationProblems(migration(m.tag), context).map((p) => `${m.tag}: ${p}`));
    // The function files run last, in the same transaction: a call in them needs its function somewhere by then.
    for (const sql of current)
      for (const k of functionDefinitions(sql).defs.flatMap(functionKeys)) functions.add(k);
    for (const [i, sql] of current.entries())
      problems.push(
        ...migrationProblems(sql, { ...context, functions }).map(
          (p) => `${readFunctionFiles()[i]!.file}: ${p}`,
        ),
      );
    expect(problems).toEqual([]);
  });

  it('refuses drizzle/0030 as it was: a NOT NULL column the old code does not fill, a wrapper calling a function not created yet', () => {
    const at = journal.findIndex((m) => m.tag === '0030_volume-prices-and-promo-codes');
    const { tables, functions } = before(at);
    const storeFunctionNames = new Set(['purchase_order']);
    expect(
      migrationProblems(migration(journal[at]!.tag), {
        previousTables: tables,
        previousUses: () => true,
        functions,
        storeFunctionNames,
      }),
    ).toEqual([
      "orders.list_amount_kobo: SET NOT NULL (the previous release's inserts may not fill it)",
      'purchase_order() calls purchase_order/10, which does not exist yet at this point',
    ]);
  });

  it('lets an expand migration through and refuses each way of breaking the previous release', () => {
    const context = {
      previousTables: new Set(['orders', 'users']),
      previousUses: (name: string) => ['orders', 'note', 'total_kobo', 'old_fn'].includes(name),
      functions: new Set(['old_fn/1']),
      storeFunctionNames: new Set(['old_fn', 'new_fn', 'later_fn']),
    };
    const expand = `CREATE TABLE "gifts" ("id" uuid PRIMARY KEY NOT NULL, "amount" bigint NOT NULL);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gifts_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "note" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unused_flag";--> statement-breakpoint
CREATE OR REPLACE FUNCTION new_fn(p uuid) RETURNS integer LANGUAGE plpgsql AS $$ BEGIN RETURN old_fn(p); END $$;`;
    expect(migrationProblems(expand, context)).toEqual([]);
    const contract = (sql: string) =>
      migrationProblems(sql, { ...context, functions: new Set(context.functions) });
    expect(contract('ALTER TABLE "orders" ADD COLUMN "gift_id" uuid NOT NULL;')).toHaveLength(1);
    expect(contract('ALTER TABLE "orders" ALTER COLUMN "gift_id" SET NOT NULL;')).toHaveLength(1);
    expect(contract('ALTER TABLE "orders" DROP COLUMN "note";')).toHaveLength(1);
    expect(contract('ALTER TABLE "orders" RENAME COLUMN "total_kobo" TO "sum_kobo";')).toHaveLength(
      1,
    );
    expect(
      contract('ALTER TABLE "orders" ALTER COLUMN "total_kobo" SET DATA TYPE numeric;'),
    ).toHaveLength(1);
    expect(contract('DROP TABLE "orders";')).toHaveLength(1);
    expect(contract('DROP FUNCTION old_fn(uuid);')).toHaveLength(1);
    expect(
      contract(
        'CREATE FUNCTION new_fn() RETURNS void LANGUAGE plpgsql AS $$ BEGIN PERFORM later_fn(1, 2); END $$;',
      ),
    ).toEqual(['new_fn() calls later_fn/2, which does not exist yet at this point']);
  });
});
