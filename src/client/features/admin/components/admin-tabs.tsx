// The console's tabs (radix Tabs, arrow keys move between them); the open tab lives in ?tab= so it survives a reload.
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminCatalogue } from '../../../../shared/admin-catalogue.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminEmails } from '../api/admin-emails.ts';
import { useAdminInbox } from '../api/admin-inbox.ts';
import { useAdminReports } from '../api/admin-reports.ts';
import { useAdminCatalogue } from '../api/use-admin-catalogue.ts';
import { useActiveTabInView } from '../lib/use-active-tab-in-view.ts';
import { ActivityTab } from './activity/activity-tab.tsx';
import { AddProductTab } from './add-product/add-product-tab.tsx';
import { BulkUploadTab } from './bulk-upload/bulk-upload-tab.tsx';
import { CategoriesTab } from './categories/categories-tab.tsx';
import { AlertSettingsCard } from './alerts/alert-settings-card.tsx';
import { EmailFailuresTab } from './emails/email-failures-tab.tsx';
import { InboxTab } from './inbox/inbox-tab.tsx';
import { PaymentsAttention } from './payments/payments-attention.tsx';
import { PaymentSetup } from './payments/payment-setup.tsx';
import { ReferralProgramme } from './payments/referral-programme.tsx';
import { OrdersTab } from './orders/orders-tab.tsx';
import { ProductsTab } from './products/products-tab.tsx';
import { PromotionsTab } from './promotions/promotions-tab.tsx';
import { ReportsTab } from './reports/reports-tab.tsx';
import { StoreSettings } from './settings/store-settings.tsx';
import { ProductGroupsTab } from './product-groups/product-groups-tab.tsx';
import { UsersTab } from './users/users-tab.tsx';

type Tab = {
  value: string;
  label: string;
  render: (catalogue: AdminCatalogue) => ReactNode;
  needsCatalogue: boolean;
};

const tabs: Tab[] = [
  {
    value: 'templates',
    label: 'Templates',
    needsCatalogue: true,
    render: (c) => <ProductGroupsTab catalogue={c} />,
  },
  {
    value: 'products',
    label: 'Products',
    needsCatalogue: true,
    render: (c) => <ProductsTab productGroups={c.productGroups} />,
  },
  {
    value: 'add-product',
    label: 'Add Product',
    needsCatalogue: true,
    render: (c) => <AddProductTab categories={c.categories} />,
  },
  {
    value: 'bulk-upload',
    label: 'Bulk Upload',
    needsCatalogue: true,
    render: (c) => <BulkUploadTab productGroups={c.productGroups} />,
  },
  {
    value: 'categories',
    label: 'Categories',
    needsCatalogue: true,
    render: (c) => <CategoriesTab categories={c.categories} />,
  },
  {
    value: 'users',
    label: 'Users',
    needsCatalogue: false,
    render: () => (
      <div className="space-y-10">
        <UsersTab />
        <PaymentsAttention />
        <PaymentSetup />
        <ReferralProgramme />
      </div>
    ),
  },
  { value: 'inbox', label: 'Inbox', needsCatalogue: false, render: () => <InboxTab /> },
  { value: 'orders', label: 'Orders', needsCatalogue: false, render: () => <OrdersTab /> },
  {
    value: 'promotions',
    label: 'Promotions',
    needsCatalogue: true,
    render: (c) => <PromotionsTab catalogue={c} />,
  },
  { value: 'reports', label: 'Reports', needsCatalogue: false, render: () => <ReportsTab /> },
  { value: 'activity', label: 'Activity', needsCatalogue: false, render: () => <ActivityTab /> },
  { value: 'email', label: 'E-mail', needsCatalogue: false, render: () => <EmailFailuresTab /> },
  { value: 'alerts', label: 'Alerts', needsCatalogue: false, render: () => <AlertSettingsCard /> },
  { value: 'settings', label: 'Settings', needsCatalogue: false, render: () => <StoreSettings /> },
];

export function AdminTabs() {
  const [params, setParams] = useSearchParams();
  const current = tabs.some((t) => t.value === params.get('tab'))
    ? params.get('tab')!
    : 'templates';
  const catalogue = useAdminCatalogue();
  const counts: Record<string, number> = {
    inbox: useAdminInbox('all').data?.newCount ?? 0,
    email: useAdminEmails().data?.emails.length ?? 0,
    reports: useAdminReports('open').data?.openCount ?? 0,
  };
  const listRef = useActiveTabInView<HTMLDivElement>(current);

  return (
    <Tabs.Root
      value={current}
      onValueChange={(tab) => setParams({ tab }, { replace: true })}
      className="mt-8"
    >
      <Tabs.List
        ref={listRef}
        aria-label="Admin sections"
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted-foreground transition hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary data-[state=active]:text-foreground"
          >
            {counts[t.value] ? `${t.label} (${counts[t.value]})` : t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="mt-6 focus-visible:outline-none">
          {!t.needsCatalogue ? (
            t.render({ categories: [], productGroups: [] })
          ) : catalogue.isPending ? (
            <p role="status" className="py-10 text-center text-sm text-muted-foreground">
              Loading catalogue...
            </p>
          ) : catalogue.isError ? (
            <div role="alert" className="py-10 text-center">
              <p className="text-destructive">{catalogue.error.message}</p>
              <Button className="mt-4" variant="outline" onClick={() => catalogue.refetch()}>
                Retry
              </Button>
            </div>
          ) : (
            t.render(catalogue.data)
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
