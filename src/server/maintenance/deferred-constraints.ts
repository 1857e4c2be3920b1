// pg_restore's order for a fast load: the tables first bare, then their keys, indexes and foreign keys built once
// over the loaded rows (one sort each) instead of row by row, and user triggers quiet while rows go in (a
// restored order is not a new order: no owner alert, no webhook event). Only the table owner's rights are needed,
// so a restore as the shop's own database user (docs/deploy.md §7) works too.
import type pg from 'pg';

type Statement = { table: string; sql: string };
export type Deferred = { restore: (run: (s: Statement[]) => Promise<void>) => Promise<void> };

/** Drops the public tables' keys, unique constraints, indexes and foreign keys and disables their user triggers;
 * `restore` builds them again in dependency order (keys, indexes, then foreign keys) and enables the triggers. */
export async function deferConstraints(client: pg.PoolClient): Promise<Deferred> {
  const { rows: constraints } = await client.query<{
    table: string;
    name: string;
    def: string;
    type: string;
  }>(
    `select conrelid::regclass::text as table, quote_ident(conname) as name, pg_get_constraintdef(oid) as def,
            contype::text as type
       from pg_constraint where connamespace = 'public'::regnamespace and contype in ('p', 'u', 'f', 'x')`,
  );
  const { rows: indexes } = await client.query<{ table: string; name: string; def: string }>(
    `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name,
            pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))`,
  );
  const { rows: tables } = await client.query<{ table: string }>(
    `select distinct tgrelid::regclass::text as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled <> 'D'`,
  );
  const foreign = constraints.filter((c) => c.type === 'f');
  const keys = constraints.filter((c) => c.type !== 'f');
  for (const c of foreign) await client.query(`alter table ${c.table} drop constraint ${c.name}`);
  for (const i of indexes) await client.query(`drop index ${i.name}`);
  for (const c of keys) await client.query(`alter table ${c.table} drop constraint ${c.name}`);
  for (const t of tables) await client.query(`alter table ${t.table} disable trigger user`);
  const add = (c: (typeof constraints)[number]) => ({
    table: c.table,
    sql: `alter table ${c.table} add constraint ${c.name} ${c.def}`,
  });
  return {
    restore: async (run) => {
      await run([...keys.map(add), ...indexes.map((i) => ({ table: i.table, sql: i.def }))]);
      await run(foreign.map(add));
      await run(
        tables.map((t) => ({ table: t.table, sql: `alter table ${t.table} enable trigger user` })),
      );
    },
  };
}
