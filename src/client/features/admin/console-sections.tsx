// The console laid out by task: each section's views, each at /admin/<section>/<view>. Adding a view is one line
// in its section's list (and its import). The views come in the console's one chunk: a chunk per view would move
// modules the public pages share into new chunks and change those pages' files; only the chart library loads
// on its own (overview/time-chart.tsx). `tab` is the view's old ?tab= name: old links still land on it.
import type { ComponentType } from 'react';
import type { AdminCatalogue } from '../../../shared/admin-catalogue.ts';
import { OverviewView } from './components/overview/overview-view.tsx';
import {
  AccountsView,
  AddView,
  BulkUploadView,
  CategoriesView,
  TemplatesView,
} from './views/catalogue-views.tsx';
import { InboxView, UsersView } from './views/customer-views.tsx';
import { PromotionsView, ReferralsView } from './views/marketing-views.tsx';
import { OrdersView, ReportsView } from './views/sales-views.tsx';
import {
  ActivityView,
  AlertsView,
  EmailsView,
  PaymentsView,
  StoreView,
  SuppliersView,
} from './views/settings-views.tsx';

export type ViewProps = { catalogue: AdminCatalogue };
export type ConsoleView = {
  path: string;
  label: string;
  /** Waits for the catalogue (templates and categories) before it renders. */
  needsCatalogue?: true;
  tab?: string;
  Component: ComponentType<ViewProps>;
};
export type ConsoleSection = { path: string; label: string; views: ConsoleView[] };

export const consoleSections: ConsoleSection[] = [
  {
    path: 'overview',
    label: 'Overview',
    views: [
      {
        path: '',
        label: 'Overview',
        Component: OverviewView,
      },
    ],
  },
  {
    path: 'sales',
    label: 'Sales',
    views: [
      {
        path: 'orders',
        label: 'Orders',
        tab: 'orders',
        Component: OrdersView,
      },
      {
        path: 'reports',
        label: 'Reports',
        tab: 'reports',
        Component: ReportsView,
      },
    ],
  },
  {
    path: 'catalogue',
    label: 'Catalogue',
    views: [
      {
        path: 'templates',
        label: 'Templates',
        tab: 'templates',
        needsCatalogue: true,
        Component: TemplatesView,
      },
      {
        path: 'accounts',
        label: 'Products',
        tab: 'products',
        needsCatalogue: true,
        Component: AccountsView,
      },
      {
        path: 'add',
        label: 'Add Product',
        tab: 'add-product',
        needsCatalogue: true,
        Component: AddView,
      },
      {
        path: 'bulk-upload',
        label: 'Bulk Upload',
        tab: 'bulk-upload',
        needsCatalogue: true,
        Component: BulkUploadView,
      },
      {
        path: 'categories',
        label: 'Categories',
        tab: 'categories',
        needsCatalogue: true,
        Component: CategoriesView,
      },
    ],
  },
  {
    path: 'customers',
    label: 'Customers',
    views: [
      {
        path: 'users',
        label: 'Users',
        tab: 'users',
        Component: UsersView,
      },
      {
        path: 'inbox',
        label: 'Inbox',
        tab: 'inbox',
        Component: InboxView,
      },
    ],
  },
  {
    path: 'marketing',
    label: 'Marketing',
    views: [
      {
        path: 'promotions',
        label: 'Promotions',
        tab: 'promotions',
        needsCatalogue: true,
        Component: PromotionsView,
      },
      {
        path: 'referrals',
        label: 'Referrals',
        Component: ReferralsView,
      },
    ],
  },
  {
    path: 'settings',
    label: 'Settings',
    views: [
      { path: 'store', label: 'Store', tab: 'settings', Component: StoreView },
      {
        path: 'payments',
        label: 'Payments',
        Component: PaymentsView,
      },
      { path: 'suppliers', label: 'Suppliers', needsCatalogue: true, Component: SuppliersView },
      {
        path: 'alerts',
        label: 'Alerts',
        tab: 'alerts',
        Component: AlertsView,
      },
      {
        path: 'emails',
        label: 'E-mail',
        tab: 'email',
        Component: EmailsView,
      },
      {
        path: 'activity',
        label: 'Activity',
        tab: 'activity',
        Component: ActivityView,
      },
    ],
  },
];

export const consolePath = (section: ConsoleSection, v?: ConsoleView) =>
  `/admin/${section.path}${v?.path ? `/${v.path}` : ''}`;

/** Where an old /admin?tab= link's view lives now. */
export function pathOfOldTab(tab: string | null): string | null {
  for (const s of consoleSections)
    for (const v of s.views) if (v.tab && v.tab === tab) return consolePath(s, v);
  return null;
}
