// After the sale: a customer's report of a bad account and the admin's resolution (replace, refund, reject).
import { z } from 'zod';
import type { AccountStatus } from './admin-catalogue.ts';

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
export type OrderItem = {
  accountId: string;
  username: string;
  status: Extract<AccountStatus, 'sold' | 'replaced' | 'refunded'>;
  /** The end of this account's warranty window (from when it was handed over); null once it left the order. */
  reportableUntil: string | null;
  report: {
    id: string;
    status: ReportStatus;
    reason: ReportReason;
    rejectReason: string | null;
    createdAt: string;
  } | null;
};

/** POST /api/orders/:id/reports */
export type ReportProblemResult = { message: string; reportIds: string[] };

export const ADMIN_REPORT_FILTERS = ['open', 'resolved', 'all'] as const;
export type AdminReportFilter = (typeof ADMIN_REPORT_FILTERS)[number];
export const adminReportListSchema = z.object({
  status: z.enum(ADMIN_REPORT_FILTERS).default('open'),
});

export type AdminReport = {
  id: string;
  status: ReportStatus;
  reason: ReportReason;
  note: string | null;
  rejectReason: string | null;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  customer: { id: string; email: string };
  order: {
    id: string;
    productName: string;
    category: string;
    amountKobo: number;
    quantity: number;
    pricePerUnitKobo: number;
    createdAt: string;
  };
  account: {
    id: string;
    username: string;
    email: string | null;
    status: AccountStatus;
    password: string;
    emailPassword: string | null;
    twoFaCode: string | null;
  };
  replacementAccountId: string | null;
  /** Earlier reports of the same account (history). */
  history: { id: string; status: ReportStatus; reason: ReportReason; createdAt: string }[];
  /** Available accounts left in the group, for Replace. */
  availableInGroup: number;
};

/** GET /api/admin/reports?status= */
export type AdminReportList = { reports: AdminReport[]; openCount: number };
/** POST /api/admin/reports/:id/resolve */
export type ResolveReportResult = { message: string; status: ReportStatus };
