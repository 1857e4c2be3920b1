// Small labels on catalogue cards: category, stock state (SPEC.md §9 low stock) and feature badges.
import { FALLBACK_PRICE_TEXT, FEATURE_BADGES, stockLabel } from '../../../../shared/catalogue.ts';
import { formatNaira } from '../../../../shared/money.ts';
import { cn } from '../../../lib/cn.ts';

const pill =
  'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium';

export function CategoryBadge({ name }: { name: string }) {
  return <span className={cn(pill, 'bg-primary/10 text-primary')}>{name}</span>;
}

export function StockBadge({ stockCount }: { stockCount: number }) {
  const label = stockLabel(stockCount);
  if (!label) return null;
  const tone =
    label === 'Out of Stock'
      ? 'bg-destructive/10 text-destructive'
      : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
  return <span className={cn(pill, tone)}>{label}</span>;
}

/** The first FEATURE_BADGES features as badges, then '+N more'. */
export function FeatureBadges({ features }: { features: string[] }) {
  if (features.length === 0) return null;
  const shown = features.slice(0, FEATURE_BADGES);
  const more = features.length - shown.length;
  return (
    <ul aria-label="Features" className="flex flex-wrap gap-1.5">
      {shown.map((f) => (
        <li key={f} className={cn(pill, 'border border-border bg-muted font-normal')}>
          {f}
        </li>
      ))}
      {more > 0 ? (
        <li className={cn(pill, 'font-normal text-muted-foreground')}>+{more} more</li>
      ) : null}
    </ul>
  );
}

/** A group's price; a group without a price (0) shows the same fallback text as an unpriced category. */
export function priceText(priceKobo: number): string {
  return priceKobo > 0 ? formatNaira(priceKobo) : FALLBACK_PRICE_TEXT;
}
