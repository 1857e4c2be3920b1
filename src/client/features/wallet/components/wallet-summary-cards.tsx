// The three numbers on top of /wallet: balance, total top-ups, total spent.
import { ArrowDownLeft, ArrowUpRight, Wallet } from 'lucide-react';
import { formatNaira } from '../../../../shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useWalletSummary } from '../../../lib/queries/use-wallet-summary.ts';

export function WalletSummaryCards() {
  const { data, isPending, isError, refetch } = useWalletSummary();
  if (isError) {
    return (
      <Card role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-destructive">Error: Failed to load wallet balance.</p>
        <Button variant="outline" size="sm" onClick={() => refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const show = (kobo: number | undefined) =>
    isPending || kobo === undefined ? '…' : formatNaira(kobo);
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      <Card className="bg-primary p-5 text-primary-foreground">
        <dt className="flex items-center gap-2 text-sm opacity-90">
          <Wallet className="h-4 w-4" aria-hidden /> Wallet Balance
        </dt>
        <dd className="mt-1 text-3xl font-bold" data-testid="wallet-balance" aria-busy={isPending}>
          {show(data?.balanceKobo)}
        </dd>
      </Card>
      <Card className="p-5">
        <dt className="flex items-center gap-2 text-sm text-muted-foreground">
          <ArrowDownLeft className="h-4 w-4 text-green-600 dark:text-green-400" aria-hidden /> Total
          Top-ups
        </dt>
        <dd className="mt-1 text-2xl font-semibold" data-testid="wallet-total-topups">
          {show(data?.totalTopupsKobo)}
        </dd>
      </Card>
      <Card className="p-5">
        <dt className="flex items-center gap-2 text-sm text-muted-foreground">
          <ArrowUpRight className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden /> Total
          Spent
        </dt>
        <dd className="mt-1 text-2xl font-semibold" data-testid="wallet-total-spent">
          {show(data?.totalSpentKobo)}
        </dd>
      </Card>
    </dl>
  );
}
