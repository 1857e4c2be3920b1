// SPEC.md's sign-in and sign-up messages, apart from the schemas (auth.ts) so that a page can show them without
// loading the validation library: the sign-in page, which a visitor's Buy Now opens, loads that only to send the form.
export const authMessages = {
  loginMissingFields: 'Please enter both email and password',
  registerMissingFields: 'Please fill in all fields',
  passwordMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidCredentials: 'Invalid email or password',
  userExists:
    'User already exists. Please check your email for the confirmation link, or we can resend it.',
  emailNotConfirmed:
    'Please confirm your email before signing in. Check your inbox for the confirmation link, or we can resend it.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  confirmFailed: 'Unable to confirm email. Please try again or contact support.',
  confirmUnexpected: 'An unexpected error occurred. Please try again or contact support.',
  emailConfirmed: 'Email confirmed! Please log in with your credentials.',
  choosePassword:
    'Your email address is confirmed. This link was opened in another browser than the one that signed up, so please choose your password now.',
  resendSent: 'If that account is waiting for confirmation, a new link is on its way.',
  emailReserved: 'This e-mail address cannot receive mail. Please enter an address you can read.',
} as const;
