// Where a Buy button leads: visitors to /login (and back here afterwards), signed-in users to /checkout.
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { CheckoutState } from '../../../../shared/catalogue.ts';
import { paths } from '../../../../shared/paths.ts';
import { useMe } from '../../auth/api/use-me.ts';

export const SIGN_IN_TO_PURCHASE = 'You need to sign in to purchase this account.';

export function useStartPurchase() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  return (checkout: CheckoutState) => {
    if (!me) {
      toast(SIGN_IN_TO_PURCHASE);
      navigate(paths.login, { state: { from: location.pathname + location.search } });
      return;
    }
    navigate(paths.checkout, { state: checkout });
  };
}
