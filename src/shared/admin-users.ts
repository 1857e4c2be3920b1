// The admin console's Users tab contract: search, user details, balance adjustment (SPEC.md §5, §8).
import type { PaymentStatus } from './payments.ts';
import { z } from 'zod';
import { formatNaira } from './money.ts';
import type { OrderStatus } from './orders.ts';
import type { WalletTransaction } from './wallet.ts';

export const USER_SEARCH_LIMIT = 50;
export const USER_LIST_LIMIT = 100;

export const adminUserMessages = {
  searchRequired: 'Search required: Please enter an email or name to search',
  searchComplete: (n: number) => `Search complete: Found ${n} user(s)`,
  fillAllFields: 'Please fill in all fields',
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

export type AdminUser = {
  id: string;
  email: string;
  fullName: string;
  isAdmin: boolean;
  role: 'Admin' | 'Customer';
  walletBalanceKobo: number;
  createdAt: string;
};

/** GET /api/admin/users?search= */
export type AdminUserList = { users: AdminUser[]; total: number };

export type AdminUserOrder = {
  id: string;
  productGroupName: string;
  categoryName: string;
  quantity: number;
  amountKobo: number;
  status: OrderStatus;
  createdAt: string;
};

/** GET /api/admin/users/:id */
export type AdminUserDetails = {
  user: AdminUser;
  transactions: WalletTransaction[];
  orders: AdminUserOrder[];
  totals: {
    transactionCount: number;
    orderCount: number;
    totalTopupsKobo: number;
    totalSpentKobo: number;
  };
};

/** POST /api/admin/users/:id/adjust */
export type BalanceAdjustmentResult = {
  message: string;
  newBalanceKobo: number;
  reference: string;
};

export type AdminPayment = {
  id: string;
  reference: string;
  providerReference: string | null;
  userEmail: string;
  amountKobo: number;
  status: PaymentStatus;
  statusMessage: string | null;
  /** The provider's latest answer as stored (secrets scrubbed), for a closer look. */
  lastAnswer: {
    at: string;
    source: string;
    outcome: string;
    answer: unknown;
    times?: number;
  } | null;
  checkAttempts: number;
  createdAt: string;
  expiresAt: string;
};
/** GET /api/admin/payments?status=pending|failed|expired */
export type AdminPaymentList = { payments: AdminPayment[] };
