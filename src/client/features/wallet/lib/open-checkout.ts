// Sends the customer to the provider's checkout: a popup of 800x900, or this window when popups are blocked.
import { toast } from '../../../lib/toast.ts';
import { walletMessages } from '../../../../shared/wallet.ts';

const REDIRECT_DELAY_MS = 500;

export const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);

/** Returns false (after the 'Invalid Payment URL' toast) when the URL is not http(s): never navigate to javascript: or data:. */
export function openCheckout(url: string): boolean {
  if (!isHttpUrl(url)) {
    toast.error(walletMessages.invalidPaymentUrl);
    return false;
  }
  const popup = window.open(url, 'ercaspay-checkout', 'width=800,height=900');
  if (popup) {
    toast.success(walletMessages.windowOpened, {
      description:
        'Complete your payment in the new window. Your wallet updates once the payment is confirmed.',
    });
    return true;
  }
  toast.info(walletMessages.redirecting, {
    description: 'Your browser blocked the payment window; opening it here instead.',
  });
  window.setTimeout(() => {
    window.location.href = url;
  }, REDIRECT_DELAY_MS);
  return true;
}
