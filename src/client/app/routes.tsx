// The route table (route-table.ts) with its pages: each page's chunk loads on first use, and the first page
// before anything renders (preloadFirstPage).
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { lendAppLinks } from '../lib/app-links.ts';
import { preloadDataLayer } from './data-islands.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { routeTable, type PageModule, type RouteAccess } from './route-table.ts';

type PageLoader = () => Promise<{ default: ComponentType }>;

// One import() per page, written out so that each page is a chunk of its own.
const pageLoaders: Record<PageModule, PageLoader> = {
  'pages/landing-page': () => import('../features/pages/landing-page.tsx'),
  'auth/login-page': () => import('../features/auth/login-page.tsx'),
  'auth/register-page': () => import('../features/auth/register-page.tsx'),
  'auth/email-confirmation-page': () => import('../features/auth/email-confirmation-page.tsx'),
  'auth/forgot-password-page': () => import('../features/auth/forgot-password-page.tsx'),
  'auth/reset-password-page': () => import('../features/auth/reset-password-page.tsx'),
  'account/email-change-page': () => import('../features/account/email-change-page.tsx'),
  'catalogue/products-page': () => import('../features/catalogue/products-page.tsx'),
  'catalogue/category-page': () => import('../features/catalogue/category-page.tsx'),
  'catalogue/account-page': () => import('../features/catalogue/account-page.tsx'),
  'account/dashboard-page': () => import('../features/account/dashboard-page.tsx'),
  'account/profile-page': () => import('../features/account/profile-page.tsx'),
  'checkout/checkout-page': () => import('../features/checkout/checkout-page.tsx'),
  'orders/orders-page': () => import('../features/orders/orders-page.tsx'),
  'wallet/wallet-page': () => import('../features/wallet/wallet-page.tsx'),
  'payments/payment-callback-page': () => import('../features/payments/payment-callback-page.tsx'),
  'payments/payment-success-page': () => import('../features/payments/payment-success-page.tsx'),
  'admin/admin-page': () => import('../features/admin/admin-page.tsx'),
  'pages/web-services-page': () => import('../features/pages/web-services-page.tsx'),
  'pages/support-page': () => import('../features/pages/support-page.tsx'),
  'pages/contact-page': () => import('../features/pages/contact-page.tsx'),
  'pages/terms-page': () => import('../features/pages/terms-page.tsx'),
  'pages/privacy-page': () => import('../features/pages/privacy-page.tsx'),
  'pages/about-page': () => import('../features/pages/about-page.tsx'),
  'pages/not-found-page': () => import('../features/pages/not-found-page.tsx'),
};

export type PageRoute = {
  path: string;
  access: RouteAccess;
  Page: ComponentType;
  /** Starts loading the page's chunk (once). */
  preload: () => Promise<unknown>;
  static?: true;
};

// Two paths may share a page (/orders and /order-history): they share its component too.
const pages = new Map(
  (Object.entries(pageLoaders) as [PageModule, PageLoader][]).map(([name, load]) => [
    name,
    preloadable(() => load().then((m) => m.default)),
  ]),
);

export const pageRoutes: PageRoute[] = routeTable.map((route) => {
  const { Component, preload } = pages.get(route.page)!;
  return {
    path: route.path,
    access: route.access,
    static: 'static' in route ? route.static : undefined,
    Page: Component,
    preload,
  };
});

/**
 * Loads what the first page at `pathname` needs before anything renders: its own chunk when anyone may
 * see it, and the data layer unless the page is static. A guarded page's chunk waits for its guard.
 */
export async function preloadFirstPage(pathname: string): Promise<void> {
  const route = matchRoutes(pageRoutes, pathname)?.[0]?.route;
  if (!route) return;
  await Promise.all([
    route.access === 'public' ? route.preload() : null,
    route.static ? null : preloadDataLayer(),
  ]).catch(() => {
    // Rendering goes on: the page shows its loading state and React reports the failure.
  });
}

/**
 * Loads the code of the page at `pathname` (and the data layer it reads through), so that a control that leads
 * there answers at once: a Buy control loads the sign-in page while the visitor reads. Not for the admin console,
 * which never ships to a visitor.
 */
export function preloadPage(pathname: string): Promise<void> {
  const route = matchRoutes(pageRoutes, pathname)?.[0]?.route;
  if (!route || route.access === 'admin') return Promise.resolve();
  return Promise.all([route.preload(), route.static ? null : preloadDataLayer()]).then(
    () => undefined,
    () => {
      // Loaded again when the visitor goes there.
    },
  );
}

lendAppLinks({ preloadPage, loadDataLayer: () => import('./data-layer.tsx') });
