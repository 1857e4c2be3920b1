// The signed-in customer's wallet balance on /products, with a refresh button and a Top Up link.
import { RefreshCw, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../../../shared/money.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMe } from '../../../lib/use-me.ts';

export function WalletCard() {
  const { data: me, refetch, isFetching } = useMe();
  if (!me || me.isAdmin) return null;
  return (
    <section
      aria-label="Wallet"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Wallet className="h-4 w-4" aria-hidden /> Wallet Balance
        </p>
        <p className="mt-1 text-2xl font-bold" data-testid="wallet-balance">
          {formatNaira(me.walletBalanceKobo)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Refresh balance"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          <RefreshCw className={cn('h-4 w-4', isFetching && 'animate-spin')} aria-hidden />
        </Button>
        <Button asChild>
          <Link to={paths.wallet}>Top Up</Link>
        </Button>
      </div>
    </section>
  );
}
