// A Buy control as a form sent to /checkout: before the app runs it is a plain GET (the checkout's guard takes a
// visitor through sign-in and back to it), after it the app's own navigation. Either way it means the same thing.
import type { ReactNode } from 'react';
import type { CheckoutState } from '../../../../shared/catalogue.ts';
import { checkoutParams, paths } from '../../../../shared/paths.ts';
import { useStartPurchase } from './use-start-purchase.ts';

type Props = {
  checkout: CheckoutState;
  className?: string;
  /** The form's fields and its submit button; `isStarting` while who is signed in is being asked. */
  children: (isStarting: boolean) => ReactNode;
};

export function BuyForm({ checkout, className, children }: Props) {
  const { startPurchase, isStarting, showIntent } = useStartPurchase();
  const intent = () => showIntent(checkout);
  return (
    <form
      // The intent to buy, before the tap lands: the checkout's price is asked for now (signed in only).
      onPointerDown={intent}
      onPointerEnter={intent}
      onFocus={intent}
      method="get"
      action={paths.checkout}
      className={className}
      // The quantity is brought within its limits (the stock), not refused by the browser's own checks.
      noValidate
      aria-busy={isStarting}
      onSubmit={(e) => {
        e.preventDefault();
        if (!isStarting) void startPurchase(checkout);
      }}
    >
      {checkout.accountId ? (
        <input type="hidden" name={checkoutParams.account} value={checkout.accountId} />
      ) : (
        <input type="hidden" name={checkoutParams.group} value={checkout.productGroup.id} />
      )}
      {children(isStarting)}
    </form>
  );
}
