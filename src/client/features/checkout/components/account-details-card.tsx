// Checkout's left card: what is being bought (group, category, the one account's username or the quantity).
import { Package } from 'lucide-react';
import type { CheckoutState } from '../../../../shared/catalogue.ts';
import { hasOwnLimits, quantityRangeText } from '../../../../shared/order-quantity.ts';
import { Card } from '../../../components/ui/card.tsx';
import { VolumePrices } from '../../../components/volume-prices.tsx';

type Props = { checkout: CheckoutState; username: string | null; isLoadingAccount: boolean };

export function AccountDetailsCard({ checkout, username, isLoadingAccount }: Props) {
  const { productGroup, category, quantity, accountId } = checkout;
  const rows: [string, string][] = [
    ['Product', productGroup.name],
    ['Category', category],
    ...(accountId
      ? [
          ['Username', isLoadingAccount ? 'Loading...' : username ? `@${username}` : '—'] as [
            string,
            string,
          ],
        ]
      : []),
    ['Quantity', quantity === 1 ? '1 account' : `${quantity} accounts`],
    ...(hasOwnLimits(productGroup)
      ? [['Per order', quantityRangeText(productGroup)] as [string, string]]
      : []),
  ];
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Package className="h-5 w-5 text-primary" aria-hidden /> Account Details
      </h2>
      {productGroup.description ? (
        <p className="mt-2 text-sm text-muted-foreground">{productGroup.description}</p>
      ) : null}
      <dl className="mt-4 divide-y divide-border text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-all text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <VolumePrices volumePrices={productGroup.volumePrices} quantity={quantity} className="mt-3" />
      {productGroup.features.length > 0 ? (
        <ul aria-label="Features" className="mt-4 flex flex-wrap gap-1.5">
          {productGroup.features.map((f) => (
            <li
              key={f}
              className="rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs"
            >
              {f}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
