// Checkout's right card: unit price (the volume price when one applies) × quantity, the promo code and its discount,
// ₦0 fee, total (the server's quote: the purchase's own SQL), wallet balance, the shortfall and Complete Purchase.
import { AlertTriangle, Loader2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Quote } from '../../../../shared/promotions.ts';
import { Link } from 'react-router';
import { formatNaira } from '../../../../shared/money.ts';
import {
  isQuantityAllowed,
  orderMessages,
  type OrderQuantityLimits,
} from '../../../../shared/orders.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** SPEC.md §9: the merchant bears the fee. */
const PROCESSING_FEE_KOBO = 0;

type Props = {
  /** The group's list price, and what the purchase would charge now (null until the quote arrives). */
  listPriceKobo: number;
  quote: Quote | null;
  quantity: number;
  /** The promo code field (checkout owns its state). */
  promoCode: ReactNode;
  /** The product group's quantity per order: a quantity outside it cannot be bought (the server refuses it too). */
  limits: OrderQuantityLimits;
  balanceKobo: number;
  isAdmin: boolean;
  isReady: boolean;
  isProcessing: boolean;
  onPurchase: () => void;
};

export function PaymentSummary({
  listPriceKobo,
  quote,
  quantity,
  promoCode,
  limits,
  balanceKobo,
  isAdmin,
  isReady,
  isProcessing,
  onPurchase,
}: Props) {
  const unitPriceKobo = quote?.unitPriceKobo ?? listPriceKobo;
  const discountKobo = quote?.discountKobo ?? 0;
  const totalKobo = (quote?.totalKobo ?? unitPriceKobo * quantity) + PROCESSING_FEE_KOBO;
  const shortKobo = totalKobo - balanceKobo;
  const isShort = !isAdmin && shortKobo > 0;
  const isOutsideLimits = !isQuantityAllowed(quantity, limits);
  const rows: [string, ReactNode][] = [
    [
      unitPriceKobo < listPriceKobo ? 'Unit price (volume price)' : 'Unit price',
      unitPriceKobo < listPriceKobo ? (
        <>
          <s className="mr-1.5 text-muted-foreground">{formatNaira(listPriceKobo)}</s>
          {formatNaira(unitPriceKobo)}
        </>
      ) : (
        formatNaira(unitPriceKobo)
      ),
    ],
    ['Quantity', String(quantity)],
    ...(quote?.promoCode && discountKobo > 0
      ? [[`Promo code ${quote.promoCode}`, `−${formatNaira(discountKobo)}`] as [string, string]]
      : []),
    ['Processing fee', formatNaira(PROCESSING_FEE_KOBO)],
  ];
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Payment Summary</h2>
      <dl className="mt-4 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd
              className="tabular-nums"
              data-testid={label.startsWith('Promo') ? 'checkout-discount' : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
          <dt>Total</dt>
          {/* Busy until the server's quote (the purchase's own price) has confirmed it. */}
          <dd
            className="tabular-nums"
            data-testid="checkout-total"
            aria-busy={!isAdmin && quote === null}
          >
            {formatNaira(totalKobo)}
          </dd>
        </div>
        {isAdmin ? null : (
          <div className="flex justify-between gap-4 rounded-md bg-muted px-3 py-2">
            <dt className="text-muted-foreground">Wallet balance</dt>
            <dd className="font-medium tabular-nums" data-testid="checkout-balance">
              {formatNaira(balanceKobo)}
            </dd>
          </div>
        )}
      </dl>
      {promoCode}
      {isAdmin ? (
        <p role="note" className="mt-4 rounded-md border border-border bg-muted p-3 text-sm">
          Admins cannot purchase accounts. Sign in with a customer account to buy.
        </p>
      ) : null}
      {isOutsideLimits ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-semibold text-destructive"
        >
          {orderMessages.quantityLimits(limits)}
        </p>
      ) : null}
      {isShort ? (
        <div
          role="alert"
          className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />{' '}
            {orderMessages.insufficientFunds(shortKobo)}
          </p>
          <p className="mt-1">{orderMessages.topUpFirst}</p>
          <Button asChild variant="outline" size="sm" className="mt-3">
            <Link to={paths.wallet}>Top Up Wallet</Link>
          </Button>
        </div>
      ) : null}
      <Button
        className="mt-5 w-full"
        size="lg"
        disabled={!isReady || isAdmin || isShort || isOutsideLimits || isProcessing}
        onClick={onPurchase}
      >
        {isProcessing ? (
          <>
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden /> Processing...
          </>
        ) : (
          'Complete Purchase'
        )}
      </Button>
      <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <ShieldCheck className="h-4 w-4" aria-hidden /> Paid from your wallet. Credentials appear in
        your order history at once.
      </p>
    </Card>
  );
}
