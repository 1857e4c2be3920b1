// The audit trail's contract: every admin action it records (a closed list), the areas the Activity view
// filters by, and what GET /api/admin/activity returns.
import { z } from 'zod';
import { timestampSchema } from './answer-parts.ts';

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
  'account.credentials_view',
  'order.export',
  'product_group.create',
  'product_group.update',
  'product_group.archive',
  'product_group.restore',
  'product_group.delete',
  'category.create',
  'category.update',
  'category.delete',
  'report.replace',
  'report.refund',
  'report.reject',
  'report.credentials_view',
  'user.promote',
  'user.two_factor_reset',
  'email.retry',
  'email.retry_all',
  'api_key.revoke',
  'referral.switch',
  'alerts.update',
  'promo_code.create',
  'promo_code.end',
  'settings.update',
  'settings.logo',
  'supplier.connect',
  'supplier.list_product',
  'supplier.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the Activity view shows for each action (the stored code stays beside it, for searching the log). */
export const auditActionLabels: Record<AuditAction, string> = {
  'wallet.credit': 'Wallet credited',
  'wallet.debit': 'Wallet debited',
  'payment.recheck': 'Payment re-checked',
  'payment.webhook_url_copied': 'Webhook URL copied',
  'account.create': 'Account added',
  'account.update': 'Account edited',
  'account.delete': 'Account deleted',
  'account.bulk_upload': 'Accounts uploaded (CSV)',
  'account.export': 'Accounts exported (CSV)',
  'account.credentials_view': 'Account credentials viewed',
  'order.export': 'Orders exported (CSV)',
  'product_group.create': 'Product template created',
  'product_group.update': 'Product template edited',
  'product_group.archive': 'Product template archived',
  'product_group.restore': 'Product template restored',
  'product_group.delete': 'Product template deleted',
  'category.create': 'Category created',
  'category.update': 'Category edited',
  'category.delete': 'Category deleted',
  'report.replace': 'Report: account replaced',
  'report.refund': 'Report: refunded',
  'report.reject': 'Report rejected',
  'report.credentials_view': 'Reported accounts viewed (credentials shown)',
  'user.promote': 'User made admin',
  'user.two_factor_reset': 'Two-factor sign-in reset',
  'email.retry': 'E-mail retried',
  'email.retry_all': 'Failed e-mails retried',
  'api_key.revoke': 'API key revoked',
  'referral.switch': 'Referral programme switched',
  'alerts.update': 'Owner alert settings changed',
  'promo_code.create': 'Promo code created',
  'promo_code.end': 'Promo code ended',
  'settings.update': 'Store settings changed',
  'settings.logo': 'Store logo changed',
  'supplier.connect': 'Supplier connected',
  'supplier.list_product': 'Supplier product put on sale',
  'supplier.update': 'Supplier settings changed',
};

/** What the Activity view filters by: the part of the shop an action changed. */
export const AUDIT_AREAS = {
  money: ['wallet.', 'payment.', 'report.refund', 'referral.'],
  stock: ['account.'],
  catalogue: ['product_group.', 'category.', 'promo_code.', 'supplier.'],
  roles: ['user.', 'api_key.'],
  reports: ['report.'],
  email: ['email.', 'alerts.'],
  orders: ['order.'],
  settings: ['settings.'],
} as const;
export type AuditArea = keyof typeof AUDIT_AREAS;
export const auditAreaLabels: Record<AuditArea, string> = {
  money: 'Money',
  stock: 'Stock',
  catalogue: 'Catalogue',
  roles: 'Roles',
  reports: 'Reports',
  email: 'E-mail',
  orders: 'Orders',
  settings: 'Settings',
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

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actorEmail: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** before / after (only what changed) and whatever else the action noted. */
  details: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/activity */
export const activityPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  offset: z.number().int(),
  pageSize: z.number().int(),
  /** What the ids on this page stand for: e-mail, @username (group), name or payment reference. */
  names: z.record(z.string(), z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
