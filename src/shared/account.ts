// Self-service account contracts shared by the forms and the API: forgot/reset password, profile, e-mail
// change, sessions, deletion; their messages (said once, here); and a readable name for a session's device.
import { z } from 'zod';
import { okMessageSchema, timestampSchema } from './answer-parts.ts';
import { authMessages, ownEmail, PASSWORD_MIN_LENGTH, passwordMismatch } from './auth.ts';

export const accountMessages = {
  forgotSent:
    'If an account exists for that e-mail, a link to reset the password is on its way. It works once, for one hour.',
  resetLinkInvalid: 'This reset link is invalid, used or expired. Please ask for a new one.',
  passwordReset: 'Your password was changed. Please sign in with your new password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Password changed. Your other devices were signed out.',
  nameRequired: 'Please enter your name',
  nameTooLong: 'Name must be at most 80 characters',
  nameSaved: 'Name saved.',
  emailSame: 'That is already your e-mail address.',
  emailTaken: 'Another account already uses that e-mail address.',
  emailChangeSent:
    'We sent a confirmation link to the new address. Your e-mail changes when you open it.',
  emailChangeInvalid:
    'This e-mail change link is invalid, used or expired. Please ask for a new one from your profile.',
  emailChanged: 'Your e-mail address was changed. Please sign in with the new address.',
  sessionNotFound: 'That session has already ended.',
  sessionEnded: 'Signed out of that device.',
  otherSessionsEnded: 'Signed out everywhere else.',
  balanceChanged:
    'Your wallet balance changed while you were deciding. Please check it and try again.',
  accountDeleted: 'Your account was deleted. We are sorry to see you go.',
  confirmDeletePassword: 'Please enter your password to delete your account',
} as const;

const password = z
  .string()
  .min(1, authMessages.registerMissingFields)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(1024);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254));
const token = z.string().min(10).max(200);

/** New password twice, SPEC.md's rules (at least 6 characters, both equal). */
const newPasswordPair = {
  newPassword: password,
  confirmPassword: z.string().min(1, authMessages.registerMissingFields).max(1024),
};
const samePasswords = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email').pipe(email),
});
/** POST /api/auth/reset-password/check: asked when the reset page opens. */
export const resetLinkCheckSchema = z.object({ token });
export const resetLinkStateSchema = z.object({ valid: z.boolean() });
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;
export const resetPasswordSchema = z
  .object({ token, ...newPasswordPair })
  .refine(samePasswords, passwordMismatch);
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
    ...newPasswordPair,
  })
  .refine(samePasswords, passwordMismatch);
export const updateNameSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, accountMessages.nameRequired)
    .max(80, accountMessages.nameTooLong)
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'Please enter a valid name'),
});
export const changeEmailSchema = z.object({
  newEmail: z.string().trim().min(1, 'Please enter the new e-mail address').pipe(ownEmail),
  currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
});
export const confirmEmailChangeSchema = z.object({ token });
export const deleteAccountSchema = z.object({
  password: z.string().min(1, accountMessages.confirmDeletePassword).max(1024),
  /** The balance the customer was shown: deletion refuses when it has changed since. */
  shownBalanceKobo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export const sessionInfoSchema = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  isCurrent: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
/** GET /api/me/sessions */
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
/** PATCH /api/me */
export const nameSavedSchema = okMessageSchema.extend({ fullName: z.string() });
/** POST /api/auth/confirm-email-change: the new address, to sign in with. */
export const emailChangedSchema = okMessageSchema.extend({ email: z.string() });

/** "Chrome on Android" from a User-Agent header; "Unknown device" when it says nothing we know. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.slice(0, 500);
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
