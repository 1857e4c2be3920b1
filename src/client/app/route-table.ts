// The route table of SPEC.md §2 as plain data: every path, who may open it, and the page module behind it.
// routes.tsx turns it into lazily loaded pages; vite.config.ts reads it at build time to write the script that
// preloads a public page's chunks from the HTML (route-preload), so keep it free of React and browser code.
import type { PageAccess } from '../../shared/access.ts';
import { paths } from '../../shared/paths.ts';

/** The server's access levels (src/shared/access.ts), plus visitor: signed-out only. */
export type RouteAccess = PageAccess;

/**
 * `page` names a module under src/client/features/ (without .tsx). A `static` page renders without the data
 * layer (no queries, no session), so the landing page, for one, paints before that chunk has arrived; a static
 * page reads data only inside a DataIsland (data-island.tsx), or it must drop the mark. `reads` lists the API
 * GETs a public page makes as it opens: the HTML preloads them with the page's code (the page's own fetch then
 * takes the preloaded answer; a stale entry here costs one unused request, nothing else). The public pages list
 * none: the server renders them with their data embedded (server/modules/pages), so they ask for nothing as they open.
 * `next` names the modules (under src/client/features/, with their extension) that a public page's first action opens
 * for a visitor: the HTML prefetches them, at the lowest priority, once the page's own code is on its way, so that a
 * tap made while the app is still starting does not then wait for them (docs/decisions/028).
 */
export const routeTable = [
  {
    path: paths.home,
    access: 'public',
    static: true,
    page: 'pages/landing-page',
    next: ['catalogue/products-page.tsx'],
  },
  { path: paths.login, access: 'visitor', page: 'auth/login-page' },
  { path: paths.register, access: 'visitor', page: 'auth/register-page' },
  { path: paths.emailConfirmation, access: 'public', page: 'auth/email-confirmation-page' },
  { path: paths.forgotPassword, access: 'visitor', page: 'auth/forgot-password-page' },
  { path: paths.resetPassword, access: 'public', page: 'auth/reset-password-page' },
  { path: paths.emailChange, access: 'public', page: 'account/email-change-page' },
  {
    path: paths.products,
    access: 'public',
    page: 'catalogue/products-page',
    next: ['auth/login-page.tsx'],
  },
  {
    path: '/category/:categoryId',
    access: 'public',
    page: 'catalogue/category-page',
    next: ['auth/login-page.tsx'],
  },
  {
    path: '/product/:productId',
    access: 'public',
    page: 'catalogue/account-page',
    next: ['auth/login-page.tsx'],
  },
  { path: paths.dashboard, access: 'customer', page: 'account/dashboard-page' },
  { path: paths.profile, access: 'signed-in', page: 'account/profile-page' },
  { path: paths.checkout, access: 'signed-in', page: 'checkout/checkout-page' },
  { path: paths.orders, access: 'signed-in', page: 'orders/orders-page' },
  { path: paths.orderHistory, access: 'signed-in', page: 'orders/orders-page' },
  { path: paths.wallet, access: 'customer', page: 'wallet/wallet-page' },
  {
    path: paths.paymentCallback,
    access: 'customer',
    page: 'payments/payment-callback-page',
    fromOutside: true,
  },
  {
    path: paths.paymentSuccess,
    access: 'customer',
    page: 'payments/payment-success-page',
    fromOutside: true,
  },
  // The console's sections and views are its own routes (features/admin/console-sections.tsx).
  { path: '/admin/*', access: 'admin', page: 'admin/admin-page' },
  {
    path: paths.webServices,
    access: 'public',
    static: true,
    page: 'pages/web-services-page',
    next: ['pages/quote-form.tsx'],
  },
  { path: paths.support, access: 'public', page: 'pages/support-page' },
  { path: paths.contact, access: 'public', page: 'pages/contact-page' },
  { path: paths.terms, access: 'public', page: 'pages/terms-page' },
  { path: paths.privacy, access: 'public', page: 'pages/privacy-page' },
  { path: paths.about, access: 'public', static: true, page: 'pages/about-page' },
  { path: '*', access: 'public', static: true, page: 'pages/not-found-page' },
] as const satisfies readonly {
  path: string;
  access: RouteAccess;
  static?: true;
  /**
   * A guarded page reached by a full page load from elsewhere (the payment provider sends the customer back there):
   * its HTML preloads its code as a public page's does, so that it does not wait for the guard first
   * (docs/decisions/036). Never the admin console.
   */
  fromOutside?: true;
  page: string;
  reads?: readonly string[];
  next?: readonly string[];
}[];

export type PageModule = (typeof routeTable)[number]['page'];
