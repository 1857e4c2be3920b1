// /admin: the admin console. Loading and error states, and the four stat cards.
import { useQuery } from '@tanstack/react-query';
import { DollarSign, Package, ShoppingCart, Users } from 'lucide-react';
import { formatNaira } from '../../../shared/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { api } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type AdminStats = { totalUsers: number; totalProducts: number; totalSales: number; totalRevenueKobo: number };

export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const stats = useQuery({ queryKey: ['admin', 'stats'], queryFn: () => api<AdminStats>('/api/admin/stats') });
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
  const cards = [
    { label: 'Total Users', value: String(stats.data.totalUsers), icon: Users },
    { label: 'Total Products', value: String(stats.data.totalProducts), icon: Package },
    { label: 'Total Sales', value: String(stats.data.totalSales), icon: ShoppingCart },
    { label: 'Revenue', value: formatNaira(stats.data.totalRevenueKobo), icon: DollarSign },
  ];
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Manage users, stock and sales.</p>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="flex items-center justify-between p-5">
            <div>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-2xl font-bold">{value}</dd>
            </div>
            <Icon className="h-8 w-8 text-primary" aria-hidden />
          </Card>
        ))}
      </dl>
    </section>
  );
}
