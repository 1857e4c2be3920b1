// The buy area of the single-account page: sold note, sign-in prompt, admin note, or Buy Now. The server renders it
// for the user the request's session names, so the right one is in the page from the first byte.
import { LogIn, ShieldAlert, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicAccount, PublicGroup } from '../../../../shared/catalogue.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useMe } from '../../../lib/use-me.ts';
import { BuyForm } from './buy-form.tsx';
import { SIGN_IN_TO_PURCHASE } from './use-start-purchase.ts';

export function PurchaseBox({ account, group }: { account: PublicAccount; group: PublicGroup }) {
  const { data: me, isPending } = useMe();
  const checkout = {
    accountId: account.id,
    productGroup: group,
    category: group.categoryName,
    quantity: 1,
    isBulkPurchase: false,
  };

  if (!account.isAvailable) {
    return (
      <div className="space-y-3">
        <p className="font-medium">This account has been sold.</p>
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.category(group.categoryId)}>See other {group.categoryName} accounts</Link>
        </Button>
      </div>
    );
  }
  if (me?.isAdmin) {
    return (
      <p className="flex items-center gap-2 rounded-md bg-muted p-3 text-sm">
        <ShieldAlert className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden /> Admins cannot
        purchase.
      </p>
    );
  }
  // Known from the first render of a page the server rendered (it names who it rendered for); a page the app opened
  // itself may wait a moment for /api/me.
  if (isPending) return null;
  const isVisitor = !me;
  return (
    <BuyForm checkout={checkout} className="space-y-3">
      {(isStarting) => (
        <>
          {isVisitor ? (
            <p className="text-sm text-muted-foreground">{SIGN_IN_TO_PURCHASE}</p>
          ) : null}
          <Button
            type="submit"
            className="w-full"
            size={isVisitor ? 'md' : 'lg'}
            disabled={isStarting}
          >
            {isVisitor ? (
              <>
                <LogIn className="h-4 w-4" aria-hidden /> Sign In to Purchase
              </>
            ) : (
              <>
                <ShoppingCart className="h-5 w-5" aria-hidden /> Buy Now
              </>
            )}
          </Button>
        </>
      )}
    </BuyForm>
  );
}
