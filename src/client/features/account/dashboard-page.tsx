// /dashboard: wallet balance with Top Up, the three tiles, the referral link (customers), recent activity.
import { Package, ScrollText, Settings, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useMe } from '../../lib/use-me.ts';
import { ReferralCard } from './referrals/referral-card.tsx';
import { RecentActivity } from './recent-activity.tsx';

const tiles = [
  {
    to: paths.products,
    icon: Package,
    title: 'Browse Products',
    text: 'Find accounts by platform and price',
  },
  {
    to: paths.orders,
    icon: ScrollText,
    title: 'Order History',
    text: 'Your purchases and their credentials',
  },
  { to: paths.profile, icon: Settings, title: 'Account Settings', text: 'Your profile and totals' },
];

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold break-words">Welcome back, {me.fullName}</h1>
      <p className="mt-1 text-muted-foreground">Here is your account at a glance.</p>
      <Card className="mt-8 flex flex-wrap items-center justify-between gap-4 bg-primary text-primary-foreground">
        <div>
          <p className="flex items-center gap-2 text-sm opacity-90">
            <Wallet className="h-4 w-4" aria-hidden /> Wallet Balance
          </p>
          <p className="mt-1 text-3xl font-bold" data-testid="wallet-balance">
            {formatNaira(me.walletBalanceKobo)}
          </p>
        </div>
        <Button
          asChild
          variant="outline"
          className="border-primary-foreground/50 hover:bg-primary-foreground/10"
        >
          <Link to={paths.wallet}>Top Up</Link>
        </Button>
      </Card>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        {tiles.map(({ to, icon: Icon, title, text }) => (
          <Link
            key={to}
            to={to}
            className="rounded-xl border border-border bg-card p-5 transition hover:border-primary"
          >
            <Icon className="h-6 w-6 text-primary" aria-hidden />
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </Link>
        ))}
      </div>
      {me.isAdmin ? null : <ReferralCard />}
      <RecentActivity />
    </section>
  );
}
