// The buy area of the single-account page: sold note, sign-in prompt, admin note, or Buy Now.
import { LogIn, ShieldAlert, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicAccount, PublicGroup } from '../../../../shared/catalogue.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useMe } from '../../auth/api/use-me.ts';
import { SIGN_IN_TO_PURCHASE, useStartPurchase } from './use-start-purchase.ts';

export function PurchaseBox({ account, group }: { account: PublicAccount; group: PublicGroup }) {
  const { data: me, isPending } = useMe();
  const startPurchase = useStartPurchase();
  // Signed out, this asks to sign in first and comes back to the purchase.
  const buyThisAccount = () =>
    startPurchase({
      accountId: account.id,
      productGroup: group,
      category: group.categoryName,
      quantity: 1,
      isBulkPurchase: false,
    });

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
  if (isPending) return null;
  if (!me) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">{SIGN_IN_TO_PURCHASE}</p>
        <Button className="w-full" onClick={buyThisAccount}>
          <LogIn className="h-4 w-4" aria-hidden /> Sign In to Purchase
        </Button>
      </div>
    );
  }
  if (me.isAdmin) {
    return (
      <p className="flex items-center gap-2 rounded-md bg-muted p-3 text-sm">
        <ShieldAlert className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden /> Admins cannot
        purchase.
      </p>
    );
  }
  return (
    <Button className="w-full" size="lg" onClick={buyThisAccount}>
      <ShoppingCart className="h-5 w-5" aria-hidden /> Buy Now
    </Button>
  );
}
