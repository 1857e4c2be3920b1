// Auth contracts shared by the forms and the API: schemas, the signed-in user's shape, SPEC.md's messages.
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import { authMessages } from './auth-messages.ts';

export const PASSWORD_MIN_LENGTH = 6;

export { authMessages };

/** The reserved top-level domain of deleted accounts' addresses (RFC 2606: it never receives mail). */
export const RESERVED_EMAIL_TLD = '.invalid';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254));

/** An address someone takes for their own (sign-up, e-mail change): never one of the reserved domain. */
export const ownEmail = email.refine(
  (e) => !e.endsWith(RESERVED_EMAIL_TLD),
  authMessages.emailReserved,
);

export const loginSchema = z.object({
  email: z.string().trim().min(1, authMessages.loginMissingFields).pipe(email),
  password: z.string().min(1, authMessages.loginMissingFields).max(1024),
});

/** Where a confirmation that does not repeat the password is refused, and with what words. */
export const passwordMismatch = {
  message: authMessages.passwordMismatch,
  path: ['confirmPassword'],
};

export const registerSchema = z
  .object({
    email: z.string().trim().min(1, authMessages.registerMissingFields).pipe(ownEmail),
    password: z
      .string()
      .min(1, authMessages.registerMissingFields)
      .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
      .max(1024),
    confirmPassword: z.string().min(1, authMessages.registerMissingFields),
  })
  .refine((v) => v.password === v.confirmPassword, passwordMismatch);

export const resendSchema = z.object({ email });
export const confirmEmailSchema = z.object({
  token_hash: z.string().min(10).max(200),
  type: z.literal('email'),
});

/** The confirmation's answer: opened outside the registering browser, it carries a link token to choose the password. */
export const confirmEmailResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  choosePasswordToken: z.string().optional(),
});
export type ConfirmEmailResult = z.infer<typeof confirmEmailResultSchema>;

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  isAdmin: z.boolean(),
  role: z.enum(['admin', 'user']),
  /** Two-factor sign-in (TOTP) is enrolled. */
  twoFactorEnabled: z.boolean(),
  /** The store requires it of this account (admins in production) before anything else. */
  twoFactorRequired: z.boolean(),
  walletBalanceKobo: koboSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** GET /api/me */
export type Me = z.infer<typeof meSchema>;
/** POST /api/auth/login */
export const signInResultSchema = z.union([
  z.object({ user: meSchema }),
  /** The password was right; the account has two-factor sign-in: POST /api/auth/login/second-factor next. */
  z.object({ secondFactorRequired: z.literal(true) }),
]);

/** GET /api/session: who is signed in, or null for a visitor (a question every page asks, not an error). */
export const sessionSchema = z.object({ me: meSchema.nullable() });
export type SignInResult = z.infer<typeof signInResultSchema>;

/** Profile totals computed from the completed ledger rows. */
export const profileTotalsSchema = z.object({
  totalSpentKobo: koboSchema,
  totalTopupsKobo: koboSchema,
  transactionCount: z.number().int(),
  topupCount: z.number().int(),
  purchaseCount: z.number().int(),
});
export type ProfileTotals = z.infer<typeof profileTotalsSchema>;
/** GET /api/me/profile */
export const profileSchema = z.object({ me: meSchema, totals: profileTotalsSchema });
export type Profile = z.infer<typeof profileSchema>;

/** The part of an e-mail before the at-sign: the display name SPEC.md gives every account. */
export function displayNameFromEmail(address: string): string {
  return address.split('@')[0] ?? address;
}
