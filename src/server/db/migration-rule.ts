// The rule a migration follows so that the previous release keeps running on the schema it makes (drizzle/README.md,
// docs/decisions/033): read statically, without a database. migration-rule.test.ts runs it on every migration after
// the previous release's last one; the upgrade test (test/whole-app/upgrade.test.ts) proves the rule is enough.

/** What the previous release and the migrations before this one left; each field optional (stricter when absent). */
export type RuleContext = {
  /** Tables the previous release has: an unknown table counts as one of them. */
  previousTables?: Set<string>;
  /** True when the previous release's code mentions the name (a column, a table, a function). */
  previousUses?: (name: string) => boolean;
  /** The previous release's functions, `name/arguments`: it may call any of them. */
  previousFunctions?: Set<string>;
  /** Functions existing at this point, `name/arguments`; updated with the migration's own. */
  functions?: Set<string>;
  /** Every function name the store defines anywhere: a call of any other name is PostgreSQL's own. */
  storeFunctionNames?: Set<string>;
};

const name = String.raw`(?:"?public"?\.)?"?(\w+)"?`;

/** The top-level comma-separated parts of `text` (parentheses and quotes respected). */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of text) {
    if (quote) quote = ch === quote ? '' : quote;
    else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** The text inside the parenthesis opened at `open`. */
function inParens(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

export type FunctionDefinition = { name: string; min: number; max: number; body: string };

/** The functions a SQL text creates, and the text without their bodies. */
export function functionDefinitions(sql: string): { defs: FunctionDefinition[]; rest: string } {
  const defs: FunctionDefinition[] = [];
  let rest = sql;
  for (const m of sql.matchAll(
    new RegExp(String.raw`CREATE (?:OR REPLACE )?FUNCTION ${name}\s*\(`, 'gi'),
  )) {
    const params = splitTopLevel(inParens(sql, m.index + m[0].length - 1)).filter(
      (p) => !/^OUT\s/i.test(p),
    );
    const after = sql.slice(m.index);
    const quote = /AS\s+(\$\w*\$)/i.exec(after);
    const body = quote ? after.slice(quote.index + quote[0].length).split(quote[1]!)[0]! : '';
    defs.push({
      name: m[1]!.toLowerCase(),
      min: params.filter((p) => !/\bDEFAULT\b|=/i.test(p)).length,
      max: params.length,
      body,
    });
    if (body) rest = rest.replace(body, '');
  }
  return { defs, rest };
}

const functionKeysOf = (d: FunctionDefinition) =>
  [...Array(d.max - d.min + 1).keys()].map((k) => `${d.name}/${d.min + k}`);

/** The calls of store functions in a body that do not exist at this point: `name/arguments`. */
export function missingCalls(
  body: string,
  functions: Set<string>,
  storeNames: Set<string>,
): string[] {
  const missing: string[] = [];
  for (const m of body.matchAll(/\b(\w+)\s*\(/g)) {
    const called = m[1]!.toLowerCase();
    if (!storeNames.has(called)) continue;
    const args = splitTopLevel(inParens(body, m.index + m[0].length - 1)).length;
    if (!functions.has(`${called}/${args}`)) missing.push(`${called}/${args}`);
  }
  return [...new Set(missing)];
}

/** What in one migration would break the previous release still running on its schema; [] when nothing. */
export function migrationProblems(sql: string, context: RuleContext = {}): string[] {
  const problems: string[] = [];
  const text = sql.replace(/--[^\n]*/g, '');
  const { defs, rest } = functionDefinitions(text);
  const isPrevious = (t: string) => context.previousTables?.has(t) ?? true;
  const used = (n: string) => context.previousUses?.(n) ?? true;
  const created = new Set(
    [...rest.matchAll(new RegExp(String.raw`CREATE TABLE (?:IF NOT EXISTS )?${name}`, 'gi'))].map(
      (m) => m[1]!,
    ),
  );

  for (const m of rest.matchAll(
    new RegExp(String.raw`ALTER TABLE (?:ONLY )?(?:IF EXISTS )?${name}\s+([^;]*)`, 'gi'),
  )) {
    const table = m[1]!;
    if (created.has(table) || !isPrevious(table)) continue;
    for (const action of splitTopLevel(m[2]!.replace(/-->\s*statement-breakpoint[\s\S]*/, ''))) {
      const column =
        /^(?:ADD|DROP|ALTER|RENAME)\s+(?:COLUMN\s+)?(?:IF (?:NOT )?EXISTS\s+)?"?(\w+)"?/i.exec(
          action,
        )?.[1];
      if (
        /^ADD\s/i.test(action) &&
        !/^ADD\s+CONSTRAINT/i.test(action) &&
        /\bNOT NULL\b/i.test(action) &&
        !/\bDEFAULT\b/i.test(action)
      )
        problems.push(
          `${table}.${column}: a NOT NULL column without a DEFAULT (the previous release's inserts do not fill it)`,
        );
      else if (/^ALTER\s+(?:COLUMN\s+)?\S+\s+SET NOT NULL/i.test(action))
        problems.push(
          `${table}.${column}: SET NOT NULL (the previous release's inserts may not fill it)`,
        );
      else if (
        /^ALTER\s+(?:COLUMN\s+)?\S+\s+(?:SET DATA )?TYPE\b/i.test(action) &&
        column &&
        used(column)
      )
        problems.push(`${table}.${column}: a new type for a column the previous release uses`);
      else if (
        /^(?:DROP|RENAME)\s/i.test(action) &&
        !/^DROP\s+CONSTRAINT/i.test(action) &&
        column &&
        used(column)
      )
        problems.push(`${table}.${column}: dropped or renamed while the previous release uses it`);
      else if (/^RENAME\s+TO\b/i.test(action) && used(table))
        problems.push(`${table}: renamed while the previous release uses it`);
    }
  }
  for (const m of rest.matchAll(new RegExp(String.raw`DROP TABLE (?:IF EXISTS )?${name}`, 'gi')))
    if (isPrevious(m[1]!) && used(m[1]!))
      problems.push(`${m[1]}: dropped while the previous release uses it`);
  for (const m of rest.matchAll(
    new RegExp(String.raw`DROP FUNCTION (?:IF EXISTS )?${name}\s*(\()?`, 'gi'),
  )) {
    const fn = m[1]!.toLowerCase();
    const n = m[2] ? splitTopLevel(inParens(rest, m.index + m[0].length - 1)).length : undefined;
    const same = (k: string) => (n === undefined ? k.startsWith(`${fn}/`) : k === `${fn}/${n}`);
    // Dropped and created again in the same transaction, or a signature the previous release no longer has: fine.
    const recreated = defs.some((d) => functionKeysOf(d).some(same));
    const previousHas = context.previousFunctions
      ? [...context.previousFunctions].some(same)
      : true;
    if (!recreated && previousHas && used(fn))
      problems.push(`${fn}(): dropped while the previous release calls it`);
  }

  const functions = context.functions;
  const storeNames = context.storeFunctionNames;
  for (const def of defs) {
    if (functions && storeNames)
      for (const call of missingCalls(
        def.body,
        new Set([...functions, ...functionKeysOf(def)]),
        storeNames,
      ))
        problems.push(`${def.name}() calls ${call}, which does not exist yet at this point`);
    for (const k of functionKeysOf(def)) functions?.add(k);
  }
  return problems;
}

export { functionKeysOf as functionKeys };

/** `functions` after `sql` ran: its DROP FUNCTIONs removed (with an argument list: that signature), its own added. */
export function afterFunctionChanges(sql: string, functions: Set<string>): Set<string> {
  const { defs, rest } = functionDefinitions(sql.replace(/--[^\n]*/g, ''));
  for (const m of rest.matchAll(
    new RegExp(String.raw`DROP FUNCTION (?:IF EXISTS )?${name}\s*(\()?`, 'gi'),
  )) {
    const fn = m[1]!.toLowerCase();
    const n = m[2] ? splitTopLevel(inParens(rest, m.index + m[0].length - 1)).length : undefined;
    for (const k of [...functions])
      if (n === undefined ? k.startsWith(`${fn}/`) : k === `${fn}/${n}`) functions.delete(k);
  }
  for (const def of defs) for (const k of functionKeysOf(def)) functions.add(k);
  return functions;
}
