// Stable error codes of the API, a closed list: a code not listed here is a compile error on both sides.
// The message a person sees travels with each error.
import { z } from 'zod';

export const ERROR_CODES = [
  // any route
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'CROSS_SITE_REQUEST',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
  // sign-up and sign-in
  'USER_EXISTS',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'CONFIRMATION_FAILED',
  // self-service account (src/shared/account.ts)
  'RESET_LINK_INVALID',
  'WRONG_PASSWORD',
  'EMAIL_TAKEN',
  'EMAIL_CHANGE_INVALID',
  'BALANCE_CHANGED',
  // two-factor sign-in (src/shared/two-factor.ts)
  'TWO_FACTOR_REQUIRED',
  'STEP_UP_REQUIRED',
  'SECOND_FACTOR_WRONG',
  'SECOND_FACTOR_EXPIRED',
  'TWO_FACTOR_ALREADY_ON',
  'TWO_FACTOR_NOT_STARTED',
  // purchase and orders
  'OUT_OF_STOCK',
  'QUANTITY_NOT_ALLOWED',
  'ACCOUNT_UNAVAILABLE',
  'INSUFFICIENT_BALANCE',
  'IDEMPOTENCY_MISMATCH',
  'ORDER_NOT_COMPLETED',
  'NO_EMAIL',
  // promo codes (src/shared/promotions.ts)
  'PROMO_CODE_UNKNOWN',
  'PROMO_CODE_NOT_STARTED',
  'PROMO_CODE_EXPIRED',
  'PROMO_CODE_USED_UP',
  'PROMO_CODE_CUSTOMER_LIMIT',
  'PROMO_CODE_MINIMUM_NOT_MET',
  'PROMO_CODE_NOT_APPLICABLE',
  // top-ups
  'PAYMENT_INIT_FAILED',
  'TOO_MANY_PENDING_TOPUPS',
  // stock CSV upload
  'CSV_INVALID',
  'CSV_ALL_DUPLICATES',
  // after the sale (reports of bad accounts)
  'REPORT_WINDOW_CLOSED',
  'ACCOUNT_NOT_REPORTABLE',
  'REPORT_OPEN',
  'REPORT_RESOLVED',
  'NO_REPLACEMENT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Made by the browser's API client when no server error arrived: the network failed, or the body had no code. */
export type ClientErrorCode = ErrorCode | 'NETWORK' | 'HTTP';

/** Every error answer of the API (4xx and 5xx), declared once for all routes (server/http/response-schemas.ts). */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
