// /orders and /order-history: totals, search and filters, the customer's orders, and the welcome after a purchase.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { orderMessages, PURCHASE_TOAST_MS } from '../../../shared/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useOrders } from '../../lib/queries/use-orders.ts';
import { NoOrders } from './components/no-orders.tsx';
import { OrderCard } from './components/order-card.tsx';
import { OrderFiltersBar } from './components/order-filters.tsx';
import { OrderSummaryCards } from './components/order-summary-cards.tsx';
import { PurchaseBanner, type PurchaseArrival } from './components/purchase-banner.tsx';
import { filterOrders, summariseOrders, type OrderFilters } from './lib/filter-orders.ts';

/** The navigation state checkout hands over on success (SPEC.md §2 Checkout). */
function readArrival(state: unknown): PurchaseArrival | null {
  if (
    typeof state !== 'object' ||
    state === null ||
    !('purchaseSuccess' in state) ||
    state.purchaseSuccess !== true
  )
    return null;
  const s = state as Partial<PurchaseArrival>;
  return {
    isBulkPurchase: s.isBulkPurchase === true,
    accountCount: typeof s.accountCount === 'number' ? s.accountCount : 1,
    productGroupName: typeof s.productGroupName === 'string' ? s.productGroupName : '',
  };
}

export default function OrdersPage() {
  useDocumentTitle('Order History');
  const location = useLocation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch, isRefetching } = useOrders();
  const [filters, setFilters] = useState<OrderFilters>({
    search: '',
    status: 'all',
    category: 'all',
  });
  const [arrival, setArrival] = useState(() => readArrival(location.state));

  // Greet once, then drop the state so a reload does not greet again (the banner stays for this visit).
  useEffect(() => {
    const arrived = readArrival(location.state);
    if (!arrived) return;
    // One toast per purchase, at the bottom: the header's balance and account menu stay in view for its 10 s.
    toast.success(
      arrived.isBulkPurchase ? orderMessages.bulkSuccessTitle : orderMessages.successTitle,
      {
        id: 'purchase-arrived',
        duration: PURCHASE_TOAST_MS,
        position: 'bottom-right',
        description: orderMessages.successText(arrived.accountCount, arrived.productGroupName),
      },
    );
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: null },
    );
  }, [location.state, location.pathname, location.search, navigate]);

  const orders = useMemo(() => data?.orders ?? [], [data]);
  const summary = useMemo(() => summariseOrders(orders), [orders]);
  const shown = useMemo(() => filterOrders(orders, filters), [orders, filters]);

  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold">Order History</h1>
        <p className="mt-1 text-muted-foreground">Your purchases and their credentials.</p>
      </div>
      {arrival ? <PurchaseBanner arrival={arrival} onDismiss={() => setArrival(null)} /> : null}
      {isPending ? (
        <PageSpinner label="Loading orders..." />
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-border bg-card py-10 text-center">
          <p className="text-destructive">{orderMessages.loadOrdersFailed}</p>
          <Button
            className="mt-3"
            variant="outline"
            size="sm"
            disabled={isRefetching}
            onClick={() => refetch()}
          >
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <OrderSummaryCards summary={summary} />
          <OrderFiltersBar filters={filters} onChange={setFilters} />
          {shown.length === 0 ? (
            <NoOrders hasOrders={orders.length > 0} />
          ) : (
            <div className="space-y-4" aria-label="Orders" role="list">
              {shown.map((order) => (
                <div role="listitem" key={order.id}>
                  <OrderCard order={order} />
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
