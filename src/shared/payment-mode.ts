// Whether the store takes real money (live) or ErcasPay test payments (test), and what admins see in test mode.
export const PAYMENT_MODES = ['live', 'test'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const testPaymentsBanner = {
  title: 'Test payments',
  body: 'Top-ups go through ErcasPay test mode or the built-in sandbox: no real money is taken. Set ERCASPAY_MODE=live with a live key to sell for real.',
};
