// The admin console's Users tab contract: search, user details, balance adjustment (SPEC.md §5, §8).
import { z } from 'zod';
import { formatNaira } from './money.ts';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import { ORDER_STATUSES } from './orders.ts';
import { PAYMENT_STATUSES } from './payments.ts';
import { walletTransactionSchema } from './wallet.ts';
import { adminUserReferralsSchema, referralFiguresSchema } from './referrals.ts';

export const USER_SEARCH_LIMIT = 50;
export const USER_LIST_LIMIT = 100;

export const adminUserMessages = {
  searchRequired: 'Search required: Please enter an email or name to search',
  searchComplete: (n: number) => `Search complete: Found ${n} user(s)`,
  fillAllFields: 'Please fill in all fields',
  reasonShownToCustomer:
    "The customer sees this reason, word for word, in their wallet's transaction history.",
  invalidAmount: 'Invalid amount: Please enter a valid amount',
  insufficient: (currentKobo: number, attemptedKobo: number) =>
    `Insufficient balance. Current: ${formatNaira(currentKobo)}, Attempted deduction: ${formatNaira(attemptedKobo)}`,
  adjusted: (balanceKobo: number) =>
    `Balance adjusted successfully! New balance: ${formatNaira(balanceKobo)}`,
  userNotFound: 'User not found',
} as const;

export const userSearchSchema = z.object({ search: z.string().trim().max(200).optional() });

/** Amount in kobo (ADR 003; the dialog takes naira as typed), at least 1 kobo; action picks the sign. */
export const balanceAdjustmentSchema = z.object({
  action: z.enum(['credit', 'debit'], { error: adminUserMessages.fillAllFields }),
  amountKobo: z
    .number({ error: adminUserMessages.invalidAmount })
    .refine(
      (k) => Number.isSafeInteger(k) && k >= 1 && k <= 100_000_000_00,
      adminUserMessages.invalidAmount,
    ),
  reason: z
    .string({ error: adminUserMessages.fillAllFields })
    .trim()
    .min(1, adminUserMessages.fillAllFields)
    .max(500),
});
export type BalanceAdjustmentInput = z.input<typeof balanceAdjustmentSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  isAdmin: z.boolean(),
  role: z.enum(['Admin', 'Customer']),
  /** Deleted by its owner: the row stays, anonymised, for the books (ADR 007); lists leave it out. */
  isDeleted: z.boolean(),
  walletBalanceKobo: koboSchema,
  createdAt: timestampSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users?search= : each user with their referral figures. */
export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema.extend({ referrals: referralFiguresSchema })),
  total: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserOrderSchema = z.object({
  id: z.string(),
  productGroupName: z.string(),
  categoryName: z.string(),
  quantity: z.number().int(),
  amountKobo: koboSchema,
  status: z.enum(ORDER_STATUSES),
  createdAt: timestampSchema,
});
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;

/** GET /api/admin/users/:id */
export const adminUserDetailsSchema = z.object({
  user: adminUserSchema,
  transactions: z.array(walletTransactionSchema),
  orders: z.array(adminUserOrderSchema),
  totals: z.object({
    transactionCount: z.number().int(),
    orderCount: z.number().int(),
    totalTopupsKobo: koboSchema,
    totalSpentKobo: koboSchema,
  }),
  referrals: adminUserReferralsSchema,
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** POST /api/admin/users/:id/adjust */
export const balanceAdjustmentResultSchema = z.object({
  message: z.string(),
  newBalanceKobo: koboSchema,
  reference: z.string(),
});
export type BalanceAdjustmentResult = z.infer<typeof balanceAdjustmentResultSchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  providerReference: z.string().nullable(),
  userEmail: z.string(),
  amountKobo: koboSchema,
  status: z.enum(PAYMENT_STATUSES),
  statusMessage: z.string().nullable(),
  /** The provider's latest answer as stored (secrets scrubbed), for a closer look. */
  lastAnswer: z
    .object({
      at: timestampSchema,
      source: z.string(),
      outcome: z.string(),
      answer: z.unknown(),
      times: z.number().int().optional(),
    })
    .nullable(),
  checkAttempts: z.number().int(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
/** GET /api/admin/payments?status=pending|failed|expired */
export const adminPaymentListSchema = z.object({ payments: z.array(adminPaymentSchema) });
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;
/** POST /api/admin/payments/:id/recheck */
export const recheckPaymentResultSchema = z.object({
  message: z.string(),
  payment: adminPaymentSchema,
});
export type RecheckPaymentResult = z.infer<typeof recheckPaymentResultSchema>;
