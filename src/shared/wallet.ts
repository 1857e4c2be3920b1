// The wallet's contract: top-up rules and messages (SPEC.md §5, §8, §9), ledger rows and API shapes.
import { z } from 'zod';
import { KOBO_PER_NAIRA } from './money.ts';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import { PAYMENT_STATUSES } from './payments.ts';

export const TOPUP_MIN_NAIRA = 100;
export const TOPUP_MAX_NAIRA = 1_000_000;
export const QUICK_AMOUNTS_NAIRA = [1000, 2000, 5000, 10000, 20000, 50000] as const;
/** The browser forgets a pending top-up after 30 minutes; the server keeps checking until the link expires. */
export const PENDING_TOPUP_TTL_MS = 30 * 60 * 1000;
export const PENDING_POLL_MS = 10_000;
export const FOCUS_CHECK_DELAY_MS = 1000;
export const PENDING_RECHECK_MS = 3000;
export const PENDING_TOPUP_STORAGE_KEY = 'pending_topup';
export const TRANSACTION_ADDED_EVENT = 'transaction-added';

/**
 * Per customer: checkouts started, checks with the provider, and top-ups waiting for payment at once. The checks
 * leave room for the payment page (every PENDING_RECHECK_MS), the wallet's poll and a few "Check again" clicks.
 */
export const TOPUP_LIMITS = {
  startsPerWindow: 10,
  startWindowMinutes: 10,
  checksPerMinute: 40,
  maxPending: 5,
} as const;

export const walletMessages = {
  invalidAmountTitle: 'Invalid Amount',
  invalidAmount: 'Please enter an amount of at least ₦100.',
  tooLargeTitle: 'Amount Too Large',
  tooLarge: 'Maximum top-up amount is ₦1,000,000.',
  limits: 'Minimum: ₦100, Maximum: ₦1,000,000',
  authRequired: 'Authentication Required: Please log in to top up your wallet.',
  invalidPaymentUrl: 'Invalid Payment URL',
  initFailed: 'Failed to initiate payment. Please try again.',
  providerInitFailed: 'Payment initialization failed',
  windowOpened: 'Payment Window Opened',
  redirecting: 'Redirecting to Payment',
  alreadyProcessed: 'Payment Already Processed!',
  noTransactions: 'No transactions yet',
  historyFailed: 'Error: Failed to load transaction history.',
  noReference: 'No transaction reference found. Please contact support if you made a payment.',
  verificationError:
    'Verification Error: Unable to verify payment status. Please contact support if you were charged.',
  paymentFailed: 'Payment Failed: Your payment could not be processed. Please try again.',
  /** Beside every failed or expired top-up: a late success is still credited once (ADR 008). */
  paidButFailed:
    'Paid, but it says failed? Press Check again: we ask ErcasPay once more and credit your wallet if the payment went through.',
  paymentNotFound: 'Payment not found',
  tooManyStarts: 'Too many top-ups started. Please wait a few minutes and try again.',
  tooManyPending: `You already have ${TOPUP_LIMITS.maxPending} top-ups waiting for payment. Finish one of them, or wait until it expires (90 minutes after it started), then try again.`,
  tooManyChecks: 'Too many payment checks. Please wait a minute and try again.',
} as const;

/** A top-up amount in whole naira, as typed: the same rule in the dialog and on the server. */
export const topupAmountSchema = z
  .number({ error: `${walletMessages.invalidAmountTitle}: ${walletMessages.invalidAmount}` })
  .refine(
    (n) => Number.isInteger(n) && n >= TOPUP_MIN_NAIRA,
    `${walletMessages.invalidAmountTitle}: ${walletMessages.invalidAmount}`,
  )
  .refine(
    (n) => n <= TOPUP_MAX_NAIRA,
    `${walletMessages.tooLargeTitle}: ${walletMessages.tooLarge}`,
  );

const invalidAmount = `${walletMessages.invalidAmountTitle}: ${walletMessages.invalidAmount}`;

/** The API takes the same amount in kobo (ADR 003): whole naira, within the same limits, the same messages. */
export const topupAmountKoboSchema = z
  .number({ error: invalidAmount })
  .refine(
    (k) => Number.isInteger(k) && k % KOBO_PER_NAIRA === 0 && k >= TOPUP_MIN_NAIRA * KOBO_PER_NAIRA,
    invalidAmount,
  )
  .refine(
    (k) => k <= TOPUP_MAX_NAIRA * KOBO_PER_NAIRA,
    `${walletMessages.tooLargeTitle}: ${walletMessages.tooLarge}`,
  );

export const startTopupSchema = z.object({ amountKobo: topupAmountKoboSchema });
export type StartTopupInput = z.infer<typeof startTopupSchema>;

/** POST /api/wallet/topups */
export const startTopupResultSchema = z.object({
  reference: z.string(),
  checkoutUrl: z.string(),
  amountKobo: koboSchema,
});
export type StartTopupResult = z.infer<typeof startTopupResultSchema>;

/** GET /api/wallet/topups/:reference: the server verified with the provider before answering. */
export const topupCheckSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amountKobo: koboSchema,
  paidAt: timestampSchema.nullable(),
  providerReference: z.string().nullable(),
  /** True when this payment had been credited before this check (SPEC: 'Payment Already Processed!'). */
  alreadyCredited: z.boolean(),
  message: z.string().nullable(),
  balanceKobo: koboSchema,
});
export type TopupCheck = z.infer<typeof topupCheckSchema>;

/** The ledger entry types (table transactions.type). Credits: topup, ADMIN_CREDIT, refund, referral_reward. */
export const TRANSACTION_TYPES = [
  'topup',
  'purchase',
  'ADMIN_CREDIT',
  'ADMIN_DEBIT',
  'refund',
  'referral_reward',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** A ledger entry's state (table transactions.status); only completed entries count in a balance. */
export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const walletTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Signed: credits positive, purchases and admin debits negative. */
  amountKobo: koboSchema,
  /** null for a top-up attempt that moved no money (pending, failed or expired). */
  balanceAfterKobo: koboSchema.nullable(),
  description: z.string(),
  reference: z.string(),
  /** A ledger row is 'completed'; a top-up attempt not (yet) credited shows its payment's state. */
  status: z.enum([...TRANSACTION_STATUSES, ...PAYMENT_STATUSES]),
  providerReference: z.string().nullable(),
  createdAt: timestampSchema,
  /** For a top-up attempt: why it failed, or ErcasPay's explanation while pending. */
  message: z.string().nullable().optional(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** GET /api/wallet */
export const walletSummarySchema = z.object({
  balanceKobo: koboSchema,
  totalTopupsKobo: koboSchema,
  totalSpentKobo: koboSchema,
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;
/** GET /api/wallet/transactions */
export const transactionListSchema = z.object({ transactions: z.array(walletTransactionSchema) });
export type TransactionList = z.infer<typeof transactionListSchema>;

/** SPEC.md §4: credits show + in green; everything else is a debit. */
export function isCredit(type: TransactionType): boolean {
  return (
    type === 'topup' || type === 'ADMIN_CREDIT' || type === 'refund' || type === 'referral_reward'
  );
}

const transactionLabels: Record<TransactionType, string> = {
  topup: 'Wallet Top-up',
  purchase: 'Purchase',
  ADMIN_CREDIT: 'Admin Credit',
  ADMIN_DEBIT: 'Admin Debit',
  refund: 'Refund',
  referral_reward: 'Referral Reward',
};

export function transactionLabel(type: TransactionType): string {
  return transactionLabels[type];
}

/** SPEC.md §5: the customer name sent to the provider keeps letters (and spaces) only. */
export function providerCustomerName(name: string): string {
  const cleaned = name
    .replace(/[^\p{L} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || 'Customer';
}
