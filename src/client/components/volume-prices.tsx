// A product group's volume prices (from N accounts, ₦X each) as a short list, the one reached at the chosen quantity
// marked. The price itself is the server's (06-unit-price.sql); tierFor() is the screens' copy, held to it by a test.
import { formatNaira } from '../../shared/money.ts';
import { tierFor, type VolumePrice } from '../../shared/volume-prices.ts';
import { cn } from '../lib/cn.ts';

export function VolumePrices({
  volumePrices,
  quantity,
  className,
}: {
  volumePrices: readonly VolumePrice[];
  quantity: number;
  className?: string;
}) {
  if (volumePrices.length === 0) return null;
  const reached = tierFor(volumePrices, quantity);
  return (
    <div className={cn('text-xs', className)}>
      <p className="font-medium text-muted-foreground">Volume prices</p>
      <ul aria-label="Volume prices" className="mt-1 flex flex-wrap gap-1.5">
        {volumePrices.map((t) => {
          const isReached = t === reached;
          return (
            <li
              key={t.minQuantity}
              className={cn(
                'rounded-full border px-2 py-0.5 tabular-nums',
                isReached
                  ? 'border-primary bg-primary/10 font-semibold text-primary'
                  : 'border-border text-muted-foreground',
              )}
              aria-current={isReached ? 'true' : undefined}
            >
              {t.minQuantity}+ at {formatNaira(t.priceKobo)} each
            </li>
          );
        })}
      </ul>
    </div>
  );
}
