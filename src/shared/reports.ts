// After the sale: a customer's report of a bad account and the admin's resolution (replace, refund, reject).
import { z } from 'zod';
import { ACCOUNT_STATUSES } from './admin-catalogue.ts';
import { koboSchema, timestampSchema } from './answer-parts.ts';

export const REPORT_REASONS = [
  'wrong_password',
  'recovered_by_owner',
  'locked_or_suspended',
  'not_as_described',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'replaced', 'refunded', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  wrong_password: 'Wrong password',
  recovered_by_owner: 'Recovered by its old owner',
  locked_or_suspended: 'Locked or suspended',
  not_as_described: 'Not as described',
  other: 'Other',
};

export const reportStatusLabels: Record<ReportStatus, string> = {
  open: 'Under review',
  replaced: 'Replaced',
  refunded: 'Refunded',
  rejected: 'Rejected',
};

export const reportMessages = {
  reported: (n: number) =>
    `Thank you. We received your report of ${n} account${n === 1 ? '' : 's'} and will look at it shortly.`,
  windowClosed: (hours: number) =>
    `Problems can be reported within ${hours} hours of the purchase.`,
  accountNotReportable: 'This account is not part of the order, or can no longer be reported.',
  alreadyOpen: 'This account already has a report under review.',
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report was already resolved.',
  noReplacement:
    'No available account is left in this group to replace it with. Refund it, or add stock first.',
  replaced: 'Account replaced: the customer was e-mailed the new credentials.',
  refunded: (amount: string) => `Refunded ${amount} to the customer's wallet.`,
  rejected: 'Report rejected: the customer sees your reason.',
  rejectReasonRequired: 'Please give the customer a reason.',
  chooseAccount: 'Choose at least one account.',
  chooseReason: 'Choose a reason.',
} as const;

export const reportProblemSchema = z.object({
  accountIds: z
    .array(z.uuid({ error: reportMessages.accountNotReportable }), {
      error: reportMessages.chooseAccount,
    })
    .min(1, reportMessages.chooseAccount)
    .max(100),
  reason: z.enum(REPORT_REASONS, { error: reportMessages.chooseReason }),
  note: z.string().trim().max(1000).optional(),
});
export type ReportProblemInput = z.infer<typeof reportProblemSchema>;

export const resolveReportSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('replace') }),
    z.object({ action: z.literal('refund') }),
    z.object({
      action: z.literal('reject'),
      reason: z
        .string({ error: reportMessages.rejectReasonRequired })
        .trim()
        .min(1, reportMessages.rejectReasonRequired)
        .max(1000),
    }),
  ],
  { error: 'Choose replace, refund or reject.' },
);
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** The state of one account of an order, as its owner sees it. */
export const orderItemSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  status: z.enum(['sold', 'replaced', 'refunded']),
  /** The end of this account's warranty window (from when it was handed over); null once it left the order. */
  reportableUntil: timestampSchema.nullable(),
  report: z
    .object({
      id: z.string(),
      status: z.enum(REPORT_STATUSES),
      reason: z.enum(REPORT_REASONS),
      rejectReason: z.string().nullable(),
      createdAt: timestampSchema,
    })
    .nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** POST /api/orders/:id/reports */
export const reportProblemResultSchema = z.object({
  message: z.string(),
  reportIds: z.array(z.string()),
});
export type ReportProblemResult = z.infer<typeof reportProblemResultSchema>;

export const ADMIN_REPORT_FILTERS = ['open', 'resolved', 'all'] as const;
export type AdminReportFilter = (typeof ADMIN_REPORT_FILTERS)[number];
export const adminReportListSchema = z.object({
  status: z.enum(ADMIN_REPORT_FILTERS).default('open'),
});

export const adminReportSchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  resolvedBy: z.string().nullable(),
  customer: z.object({ id: z.string(), email: z.string() }),
  order: z.object({
    id: z.string(),
    productName: z.string(),
    category: z.string(),
    amountKobo: koboSchema,
    quantity: z.number().int(),
    pricePerUnitKobo: koboSchema,
    createdAt: timestampSchema,
  }),
  account: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    status: z.enum(ACCOUNT_STATUSES),
    password: z.string(),
    emailPassword: z.string().nullable(),
    twoFaCode: z.string().nullable(),
  }),
  replacementAccountId: z.string().nullable(),
  /** Earlier reports of the same account (history). */
  history: z.array(
    z.object({
      id: z.string(),
      status: z.enum(REPORT_STATUSES),
      reason: z.enum(REPORT_REASONS),
      createdAt: timestampSchema,
    }),
  ),
  /** Available accounts left in the group, for Replace. */
  availableInGroup: z.number().int(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/reports?status= */
export const adminReportListResultSchema = z.object({
  reports: z.array(adminReportSchema),
  openCount: z.number().int(),
});
export type AdminReportList = z.infer<typeof adminReportListResultSchema>;
/** POST /api/admin/reports/:id/resolve */
export const resolveReportResultSchema = z.object({
  message: z.string(),
  status: z.enum(REPORT_STATUSES),
});
export type ResolveReportResult = z.infer<typeof resolveReportResultSchema>;
