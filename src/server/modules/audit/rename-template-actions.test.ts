// Migration 0010 renames the audit actions stored as `template.*` to `product_group.*` (docs/code-map.md, glossary), in
// spite of the log being append-only, and leaves the log append-only again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../shared/audit.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { auditLog } from './audit.tables.ts';

const migration = readFileSync(
  path.join(import.meta.dirname, '../../../../drizzle/0011_product-group-audit-actions.sql'),
  'utf8',
);
const { db } = await createTestDatabase();

it('renames every stored template.* action and nothing else; the log refuses updates again after it', async () => {
  const old = ['template.create', 'template.update', 'template.archive', 'template.restore'];
  const kept = ['category.update', 'account.update'];
  await db.insert(auditLog).values(
    [...old, 'template.delete', ...kept].map((action) => ({
      actorEmail: 'old.admin@example.com',
      action,
      targetType: action.startsWith('template.') ? 'product_group' : action.split('.')[0]!,
      details: { before: { name: 'a' }, after: { name: 'b' } },
    })),
  );
  await db.transaction(async (tx) => {
    for (const statement of migration.split('--> statement-breakpoint'))
      await tx.execute(sql.raw(statement));
  });
  const actions = (await db.select({ action: auditLog.action }).from(auditLog))
    .map((r) => r.action)
    .sort();
  expect(actions).toEqual(
    [
      'product_group.create',
      'product_group.update',
      'product_group.archive',
      'product_group.restore',
      'product_group.delete',
      ...kept,
    ].sort(),
  );
  expect(actions.every((a) => (AUDIT_ACTIONS as readonly string[]).includes(a))).toBe(true);
  await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
});
