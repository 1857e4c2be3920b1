// /admin: the admin console. Loading and error states, the four stat cards, and the tabs below them.
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAdminStats } from './api/use-admin-stats.ts';
import { AdminTabs } from './components/admin-tabs.tsx';
import { StatsCards } from './components/stats-cards.tsx';
import { TestPaymentsBanner } from './components/test-payments-banner.tsx';

export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const stats = useAdminStats();
  if (stats.isPending) return <PageSpinner label="Loading admin dashboard..." />;
  if (stats.isError) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Error Loading Admin Data</h1>
        <p className="mt-2 text-muted-foreground">Failed to load admin data</p>
        <Button className="mt-6" onClick={() => stats.refetch()}>
          Retry
        </Button>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      {stats.data.paymentMode === 'test' && <TestPaymentsBanner />}
      <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
      <p className="mt-1 text-muted-foreground">
        Manage users, wallets, the catalogue, stock and messages.
      </p>
      <StatsCards stats={stats.data} />
      <AdminTabs />
    </section>
  );
}
