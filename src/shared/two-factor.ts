// Two-factor sign-in (TOTP, RFC 6238, and one-time recovery codes): the API's shapes and the words people see.
import { z } from 'zod';

export const RECOVERY_CODE_COUNT = 10;
/** How long a proven code lets a session do step-up actions (balance adjustment, refund, revealing credentials). */
export const STEP_UP_VALID_MS = 5 * 60_000;
/** Wrong codes counted per account: after this many in the window, every try is refused until it passes. */
export const SECOND_FACTOR_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;

export const twoFactorMessages = {
  required:
    'Admins must turn on two-factor sign-in before using the console. Set it up on your profile page.',
  stepUpRequired: 'Enter a code from your authenticator app to confirm this action.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  codeUsed: 'That code was already used. Wait for the next code in your app and enter it.',
  challengeExpired: 'Your sign-in took too long. Please enter your e-mail and password again.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notStarted: 'Start the set-up again: scan the new QR code, then enter a code.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  stepUpDone: 'Code accepted. You can go on for the next 5 minutes.',
  requiredCannotDisable: 'Admins cannot turn off two-factor sign-in.',
} as const;

/** A 6-digit code from the app, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const secondFactorCodeSchema = z
  .string({ error: 'Please enter the code' })
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, 'Enter the 6-digit code or a recovery code'),
  );

export const codeInputSchema = z.object({ code: secondFactorCodeSchema });

/** POST /api/me/two-factor/setup: the current password, so a borrowed session cannot lock the owner out. */
export const twoFactorStartSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
});

/** POST /api/me/two-factor/setup: the secret to add to an authenticator app (shown once, until confirmed). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri` as rows of dark (true) and light modules, drawn by the page as an SVG. */
  qr: z.array(z.array(z.boolean())),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/me/two-factor/enable: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
