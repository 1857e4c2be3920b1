// Stable error codes of the API; the message a person sees travels with each error.
export const ERROR_CODES = [
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
  // Self-service account (src/shared/account.ts)
  'RESET_LINK_INVALID',
  'WRONG_PASSWORD',
  'EMAIL_TAKEN',
  'EMAIL_CHANGE_INVALID',
  'BALANCE_CHANGED',
  // after the sale (reports of bad accounts)
  'REPORT_WINDOW_CLOSED',
  'ACCOUNT_NOT_REPORTABLE',
  'REPORT_OPEN',
  'REPORT_RESOLVED',
  'NO_REPLACEMENT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export type ApiErrorBody = { error: { code: ErrorCode; message: string } };
