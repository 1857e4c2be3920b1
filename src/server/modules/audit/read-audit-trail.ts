// The Activity view: the audit log, newest first, filtered by area, action, admin and date range, a page at
// a time. Read-only: there is no route that edits or deletes a line (and the table refuses it).
import { and, count, desc, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_PAGE_SIZE,
  AUDIT_AREAS,
  type ActivityPage,
  type ActivityQuery,
  type AuditAction,
} from '../../../shared/audit.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from './audit.tables.ts';

export async function readAuditTrail(
  db: Db,
  q: ActivityQuery,
): Promise<Omit<ActivityPage, 'names'>> {
  const filters: (SQL | undefined)[] = [
    q.area
      ? or(
          ...AUDIT_AREAS[q.area].map((prefix) =>
            prefix.endsWith('.')
              ? sql`${auditLog.action} like ${`${escapeLike(prefix)}%`}`
              : sql`${auditLog.action} = ${prefix}`,
          ),
        )
      : undefined,
    q.action ? sql`${auditLog.action} = ${q.action}` : undefined,
    q.actor ? ilike(auditLog.actorEmail, `%${escapeLike(q.actor)}%`) : undefined,
    // Dates are whole days in Lagos time (UTC+1, no daylight saving): what an admin in Nigeria means by "the 3rd".
    q.from ? gte(auditLog.createdAt, new Date(`${q.from}T00:00:00+01:00`)) : undefined,
    q.to
      ? lt(auditLog.createdAt, new Date(new Date(`${q.to}T00:00:00+01:00`).getTime() + 86_400_000))
      : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset(q.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action as AuditAction,
      actorEmail: r.actorEmail,
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    offset: q.offset,
    pageSize: ACTIVITY_PAGE_SIZE,
  };
}

/** LIKE's own characters taken literally (the `_` of `product_group.` is one). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
