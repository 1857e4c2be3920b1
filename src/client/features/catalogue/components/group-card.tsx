// A product group's card on /products and the category page: price, features, stock, quantity and Buy Now.
import { ShoppingCart } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clampQuantity, type PublicGroup } from '../../../../shared/catalogue.ts';
import { groupAnchor } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { CategoryBadge, FeatureBadges, priceText, StockBadge } from './badges.tsx';
import { hasOwnLimits, quantityRangeText } from '../../../../shared/order-quantity.ts';
import { checkoutParams } from '../../../../shared/paths.ts';
import { BuyForm } from './buy-form.tsx';
import { VolumePrices } from '../../../components/volume-prices.tsx';
import { unitPriceFor } from '../../../../shared/volume-prices.ts';
import { formatNaira } from '../../../../shared/money.ts';

export type CardLayout = 'grid' | 'list';

type Props = { group: PublicGroup; layout?: CardLayout; children?: ReactNode };

export function GroupCard({ group, layout = 'grid', children }: Props) {
  const titleId = useId();
  const quantityId = useId();
  // The text as typed; the quantity used is always clamped, and leaving the field shows what will be used.
  const [quantityText, setQuantityText] = useState(String(group.minOrderQuantity));
  const quantity = clampQuantity(quantityText, group.stockCount, group);
  const isOut = group.stockCount <= 0;
  const isList = layout === 'list';
  const unitPriceKobo = unitPriceFor(group.priceKobo, group.volumePrices, quantity);

  const checkout = {
    productGroup: group,
    category: group.categoryName,
    quantity,
    isBulkPurchase: quantity > 1,
  };

  return (
    <article
      id={groupAnchor(group.id)}
      aria-labelledby={titleId}
      className="flex h-full scroll-mt-24 flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <div
        className={cn(
          'flex flex-1 flex-col gap-4',
          isList && 'sm:flex-row sm:items-start sm:gap-6',
        )}
      >
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge name={group.categoryName} />
            <StockBadge stockCount={group.stockCount} />
          </div>
          <h3 id={titleId} className="text-lg font-semibold leading-snug">
            {group.name}
          </h3>
          {group.description ? (
            <p className="text-sm text-muted-foreground">{group.description}</p>
          ) : null}
          <FeatureBadges features={group.features} />
        </div>
        <div className={cn('mt-auto space-y-3', isList && 'sm:mt-0 sm:w-60 sm:shrink-0')}>
          <div className="flex items-baseline justify-between gap-2">
            <p className="text-2xl font-bold text-primary">{priceText(group.priceKobo)}</p>
            <p className="text-sm text-muted-foreground">{group.stockCount} available</p>
          </div>
          {unitPriceKobo !== group.priceKobo && !isOut ? (
            <p className="text-sm font-medium text-primary" data-testid="tier-price">
              {formatNaira(unitPriceKobo)} each for {quantity}
            </p>
          ) : null}
          <VolumePrices volumePrices={group.volumePrices} quantity={quantity} />
          {hasOwnLimits(group) ? (
            <p className="text-xs text-muted-foreground">Per order: {quantityRangeText(group)}</p>
          ) : null}
          <BuyForm checkout={checkout} className="flex items-end gap-2">
            {(isStarting) => (
              <>
                <div className="w-20 shrink-0">
                  <label
                    htmlFor={quantityId}
                    className="mb-1 block text-xs font-medium text-muted-foreground"
                  >
                    Quantity
                  </label>
                  <input
                    id={quantityId}
                    name={checkoutParams.quantity}
                    type="number"
                    inputMode="numeric"
                    min={group.minOrderQuantity}
                    max={Math.max(
                      Math.min(group.stockCount, group.maxOrderQuantity ?? group.stockCount),
                      group.minOrderQuantity,
                    )}
                    step={1}
                    value={isOut ? '' : quantityText}
                    disabled={isOut}
                    onChange={(e) => setQuantityText(e.target.value)}
                    onBlur={() => setQuantityText(String(quantity))}
                    className={cn(inputClass, 'px-2 disabled:opacity-50')}
                  />
                </div>
                <Button type="submit" className="flex-1" disabled={isOut || isStarting}>
                  {isOut ? (
                    'Out of Stock'
                  ) : (
                    <>
                      <ShoppingCart className="h-4 w-4" aria-hidden /> Buy Now
                    </>
                  )}
                </Button>
              </>
            )}
          </BuyForm>
        </div>
      </div>
      {children}
    </article>
  );
}
