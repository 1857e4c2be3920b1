// Where a Buy control leads: visitors to /login (and on to this checkout afterwards), signed-in users to /checkout.
// Who is signed in is asked first when not yet known: a tap never takes "not known yet" for "signed out".
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { preloadToasts, toast } from '../../../lib/toast.ts';
import type { CheckoutState } from '../../../../shared/catalogue.ts';
import { checkoutHref, paths } from '../../../../shared/paths.ts';
import type { Me } from '../../../../shared/auth.ts';
import { fetchMe, meQueryKey } from '../../../lib/use-me.ts';
import { preloadPage } from '../../../lib/app-links.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { prefetchQuote } from '../../../lib/queries/use-quote.ts';

export const SIGN_IN_TO_PURCHASE = 'You need to sign in to purchase this account.';

export function useStartPurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isStarting, setIsStarting] = useState(false);
  // Where a tap leads is loaded while the visitor reads (the sign-in page, or the checkout), so that it answers at once.
  useEffect(
    () =>
      whenIdle(() => {
        const me = queryClient.getQueryData<Me | null>(meQueryKey);
        void preloadPage(me ? paths.checkout : paths.login);
        // A visitor's tap says why it leads to sign-in, in a toast.
        if (!me) preloadToasts();
      }),
    [queryClient],
  );

  const startPurchase = async (checkout: CheckoutState) => {
    const href = checkoutHref(
      checkout.accountId
        ? { accountId: checkout.accountId }
        : { groupId: checkout.productGroup.id, quantity: checkout.quantity },
    );
    setIsStarting(true);
    const me = await queryClient
      .ensureQueryData({ queryKey: meQueryKey, queryFn: fetchMe })
      // Not known (the network failed): the checkout's own guard asks again, and sends a visitor to sign in.
      .catch(() => undefined);
    setIsStarting(false);
    if (me === null) {
      toast(SIGN_IN_TO_PURCHASE);
      navigate(paths.login, { state: { from: href } });
      return;
    }
    navigate(href, { state: checkout });
  };
  /** A finger on the control (or the pointer over it, the focus): a customer's checkout price is asked for now. */
  const showIntent = (checkout: CheckoutState) => {
    const me = queryClient.getQueryData<Me | null>(meQueryKey);
    if (!me || me.isAdmin) return;
    prefetchQuote(queryClient, {
      productGroupId: checkout.productGroup.id,
      quantity: checkout.accountId ? 1 : checkout.quantity,
    });
  };
  return { startPurchase, isStarting, showIntent };
}
