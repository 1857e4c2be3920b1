// /wallet: balance and totals, then the tabs 'Top Up Wallet' (default) and 'Transaction History'; polls a pending top-up.
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { TopupOutcomeNotice } from './components/topup-outcome-notice.tsx';
import { TopupTab } from './components/topup-tab.tsx';
import { TransactionHistory } from './components/transaction-history.tsx';
import { WalletSummaryCards } from './components/wallet-summary-cards.tsx';
import { usePendingTopupPoller } from './lib/use-pending-topup-poller.ts';

const tabs = [
  { value: 'topup', label: 'Top Up Wallet' },
  { value: 'history', label: 'Transaction History' },
] as const;

export default function WalletPage() {
  useDocumentTitle('Wallet');
  const checkNow = usePendingTopupPoller();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'topup';

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">My Wallet</h1>
      <p className="mt-1 text-muted-foreground">
        Top up your balance and follow every transaction.
      </p>
      <WalletSummaryCards />
      <TopupOutcomeNotice />
      <Tabs.Root
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'topup' ? {} : { tab: next }, { replace: true })
        }
        className="mt-8"
      >
        <Tabs.List
          aria-label="Wallet sections"
          className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-grid"
        >
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-md px-2 py-2 text-sm font-medium text-muted-foreground sm:px-4 transition hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="topup" className="mt-6 focus-visible:outline-none">
          <TopupTab onCheckNow={checkNow} />
        </Tabs.Content>
        <Tabs.Content value="history" className="mt-6 focus-visible:outline-none">
          <TransactionHistory />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
