// What order history shows when there is nothing to list: no orders at all, or none matching the filters.
import { PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { orderMessages } from '../../../../shared/orders.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';

export function NoOrders({ hasOrders }: { hasOrders: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-4 py-14 text-center">
      <PackageSearch className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{orderMessages.noOrdersTitle}</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">
        {hasOrders ? orderMessages.noMatches : orderMessages.noOrders}
      </p>
      <Button asChild className="mt-5">
        <Link to={paths.products}>Browse Products</Link>
      </Button>
    </div>
  );
}
