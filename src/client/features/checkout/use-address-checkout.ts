// What /checkout buys when it was reached by address (a Buy form sent before the app ran, or sign-in coming back to
// it) rather than with the app's navigation state: the group or the account named in the query, read from the API.
import { useQuery } from '@tanstack/react-query';
import { clampQuantity, type CheckoutState } from '../../../shared/catalogue.ts';
import { checkoutParams } from '../../../shared/paths.ts';
import { accountQueryKey, fetchAccount } from '../../lib/queries/use-account.ts';
import { catalogueQueryKey, fetchCatalogue } from '../../lib/queries/use-catalogue.ts';
import { readCheckoutState } from './read-checkout-state.ts';

type AddressCheckout =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; checkout: CheckoutState }
  | { status: 'gone' };

export function useAddressCheckout(search: string, hasState: boolean): AddressCheckout {
  const query = new URLSearchParams(search);
  const accountId = hasState ? null : query.get(checkoutParams.account);
  const groupId = hasState || accountId ? null : query.get(checkoutParams.group);
  const account = useQuery({
    queryKey: accountQueryKey(accountId ?? ''),
    queryFn: () => fetchAccount(accountId ?? ''),
    enabled: Boolean(accountId),
    retry: false,
  });
  const catalogue = useQuery({
    queryKey: catalogueQueryKey,
    queryFn: fetchCatalogue,
    enabled: Boolean(groupId),
  });

  if (accountId) {
    if (account.isPending) return { status: 'loading' };
    const group = account.data?.group;
    if (!account.data || !group) return { status: 'gone' };
    return found({ accountId, productGroup: group, category: group.categoryName, quantity: 1 });
  }
  if (groupId) {
    if (catalogue.isPending) return { status: 'loading' };
    const group = catalogue.data?.groups.find((g) => g.id === groupId);
    if (!group || group.stockCount <= 0) return { status: 'gone' };
    const quantity = clampQuantity(query.get(checkoutParams.quantity), group.stockCount, group);
    return found({ productGroup: group, category: group.categoryName, quantity });
  }
  return { status: 'none' };
}

function found(state: Omit<CheckoutState, 'isBulkPurchase'>): AddressCheckout {
  const checkout = readCheckoutState(state);
  return checkout ? { status: 'found', checkout } : { status: 'gone' };
}
