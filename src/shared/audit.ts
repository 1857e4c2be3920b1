// The audit trail's contract: every admin action it records (a closed list), the areas the Activity view
// filters by, and what GET /api/admin/activity returns.
import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'wallet.credit',
  'wallet.debit',
  'payment.recheck',
  'payment.webhook_url_copied',
  'account.create',
  'account.update',
  'account.delete',
  'account.bulk_upload',
  'account.export',
  'template.create',
  'template.update',
  'template.archive',
  'template.restore',
  'template.delete',
  'category.create',
  'category.update',
  'category.delete',
  'report.replace',
  'report.refund',
  'report.reject',
  'user.promote',
  'email.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the Activity view filters by: the part of the shop an action changed. */
export const AUDIT_AREAS = {
  money: ['wallet.', 'payment.', 'report.refund'],
  stock: ['account.'],
  catalogue: ['template.', 'category.'],
  roles: ['user.'],
  reports: ['report.'],
  email: ['email.'],
} as const;
export type AuditArea = keyof typeof AUDIT_AREAS;
export const auditAreaLabels: Record<AuditArea, string> = {
  money: 'Money',
  stock: 'Stock',
  catalogue: 'Catalogue',
  roles: 'Roles',
  reports: 'Reports',
  email: 'E-mail',
};

export const ACTIVITY_PAGE_SIZE = 50;
export const activityQuerySchema = z.object({
  area: z.enum(Object.keys(AUDIT_AREAS) as [AuditArea, ...AuditArea[]]).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export type AuditEntry = {
  id: string;
  action: AuditAction;
  actorEmail: string;
  targetType: string;
  targetId: string | null;
  /** before / after (only what changed) and whatever else the action noted. */
  details: Record<string, unknown>;
  createdAt: string;
};

/** GET /api/admin/activity */
export type ActivityPage = {
  entries: AuditEntry[];
  total: number;
  offset: number;
  pageSize: number;
};
