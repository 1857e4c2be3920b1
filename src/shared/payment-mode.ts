// Whether the store takes real money (live) or ErcasPay test payments (test), and what admins see in test mode.
export { PAYMENT_MODES, type PaymentMode } from './payments.ts';

export const testPaymentsBanner = {
  title: 'Test payments',
  body: 'Top-ups go through ErcasPay test mode or the built-in sandbox: no real money is taken. Set ERCASPAY_MODE=live with a live key to sell for real.',
};
