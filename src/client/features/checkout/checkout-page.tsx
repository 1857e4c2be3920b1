// /checkout: what is being bought, the payment summary, and the purchase (ready → processing → /orders or a toast).
import { ArrowLeft } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { preloadToasts, toast } from '../../lib/toast.ts';
import type { CheckoutState } from '../../../shared/catalogue.ts';
import { orderMessages } from '../../../shared/orders.ts';
import { checkoutParams, paths } from '../../../shared/paths.ts';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { preloadPage } from '../../lib/app-links.ts';
import { fetchOrders, ordersQueryKey } from '../../lib/queries/use-orders.ts';
import { useMe } from '../../lib/use-me.ts';
import { newIdempotencyKey, purchaseErrorText, usePurchase } from './api/purchase.ts';
import { useCheckoutAccount } from './api/use-checkout-account.ts';
import { AccountDetailsCard } from './components/account-details-card.tsx';
import { PaymentSummary } from './components/payment-summary.tsx';
import { PromoCodeField } from './components/promo-code-field.tsx';
import { useQuote } from '../../lib/queries/use-quote.ts';
import { readCheckoutState } from './read-checkout-state.ts';
import { useAddressCheckout } from './use-address-checkout.ts';

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const location = useLocation();
  const fromState = useMemo(() => readCheckoutState(location.state), [location.state]);
  const fromAddress = useAddressCheckout(location.search, fromState !== null);
  if (fromState) return <Checkout checkout={fromState} />;
  switch (fromAddress.status) {
    case 'found':
      return <Checkout checkout={fromAddress.checkout} />;
    case 'loading':
      return <PageSpinner />;
    case 'gone':
      return (
        <BackToProducts
          isError
          message={
            new URLSearchParams(location.search).has(checkoutParams.account)
              ? orderMessages.accountUnavailable
              : orderMessages.productNotFound
          }
        />
      );
    case 'none':
      return <BackToProducts message={orderMessages.checkoutStateMissing} />;
  }
}

/** Checkout cannot go on: say why and return to the catalogue. */
function BackToProducts({ message, isError = false }: { message: string; isError?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    (isError ? toast.error : toast)(message, { id: 'checkout-leave' });
    navigate(paths.products, { replace: true });
  }, [message, isError, navigate]);
  return <PageSpinner />;
}

function Checkout({ checkout }: { checkout: CheckoutState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // While the customer reads: the order page's code, its toast and the customer's orders, so that it shows the
  // purchase at once.
  useEffect(
    () =>
      whenIdle(() => {
        void preloadPage(paths.orders);
        preloadToasts();
        void queryClient
          .prefetchQuery({ queryKey: ordersQueryKey, queryFn: fetchOrders })
          .catch(() => undefined);
      }),
    [queryClient],
  );
  const { data: me } = useMe();
  const account = useCheckoutAccount(checkout.accountId);
  const purchase = usePurchase();
  // One key per checkout visit: a retry of the same purchase can never buy twice.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const { productGroup, quantity } = checkout;
  // The price from the purchase's own SQL (volume price, then the applied code): what the screen says is charged.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const canQuote = Boolean(me) && !me?.isAdmin;
  const base = useQuote({ productGroupId: productGroup.id, quantity }, canQuote);
  const withCode = useQuote(
    { productGroupId: productGroup.id, quantity, promoCode: promoCode ?? undefined },
    canQuote && promoCode !== null,
  );
  const codeError = promoCode !== null && withCode.error ? withCode.error.message : null;
  const quote = promoCode !== null && !codeError ? (withCode.data ?? null) : (base.data ?? null);
  const codeToSend = promoCode !== null && withCode.data && !codeError ? promoCode : undefined;

  if (
    account.isError ||
    (account.data && !account.data.account.isAvailable && !purchase.isSuccess)
  ) {
    const isGone =
      !account.isError || (account.error instanceof ApiError && account.error.status === 404);
    return (
      <BackToProducts
        isError
        message={isGone ? orderMessages.accountUnavailable : orderMessages.loadAccountFailed}
      />
    );
  }

  const onPurchase = () =>
    purchase.mutate(
      {
        input: {
          productGroupId: productGroup.id,
          quantity,
          accountId: checkout.accountId,
          promoCode: codeToSend,
        },
        idempotencyKey,
      },
      {
        onSuccess: ({ order }) => {
          // A product from our supplier may still be processing, or refused and refunded: order history says so
          // on the order (its notice), and no success banner greets it.
          if (order.status !== 'completed') {
            if (order.status === 'failed')
              toast.error(orderMessages.purchaseFailedTitle, { description: order.notice });
            navigate(paths.orders);
            return;
          }
          // Order history greets with the one success toast (and its banner): no second toast from here.
          const isBulkPurchase = order.quantity > 1;
          navigate(paths.orders, {
            state: {
              purchaseSuccess: true,
              isBulkPurchase,
              accountCount: order.quantity,
              productGroupName: productGroup.name,
            },
          });
        },
        onError: (err) => {
          toast.error(orderMessages.purchaseFailedTitle, { description: purchaseErrorText(err) });
          // A refused code, or a key used for another body: the next try is another request.
          if (
            err instanceof ApiError &&
            (err.code === 'IDEMPOTENCY_MISMATCH' || err.code.startsWith('PROMO_CODE_'))
          )
            setIdempotencyKey(newIdempotencyKey());
          if (err instanceof ApiError && err.code.startsWith('PROMO_CODE_'))
            void withCode.refetch();
        },
      },
    );

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <Link
        to={paths.products}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Products
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Checkout</h1>
      <p className="mt-1 text-muted-foreground">Review your order and pay from your wallet.</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2 md:items-start">
        <AccountDetailsCard
          checkout={checkout}
          username={account.data?.account.username ?? null}
          isLoadingAccount={account.isLoading}
        />
        <PaymentSummary
          listPriceKobo={productGroup.priceKobo}
          quote={quote}
          quantity={quantity}
          promoCode={
            me && !me.isAdmin ? (
              <PromoCodeField
                applied={promoCode}
                error={codeError}
                isChecking={withCode.isFetching}
                onApply={(code) => {
                  setPromoCode(code);
                  setIdempotencyKey(newIdempotencyKey());
                }}
                onRemove={() => {
                  setPromoCode(null);
                  setIdempotencyKey(newIdempotencyKey());
                }}
              />
            ) : null
          }
          limits={productGroup}
          balanceKobo={me?.walletBalanceKobo ?? 0}
          isAdmin={me?.isAdmin ?? false}
          // Not while a code is being checked: the purchase would go without it.
          isReady={
            Boolean(me) && !account.isLoading && !(promoCode !== null && withCode.isFetching)
          }
          isProcessing={purchase.isPending || purchase.isSuccess}
          onPurchase={onPurchase}
        />
      </div>
    </section>
  );
}
