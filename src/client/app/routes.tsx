// The route table of SPEC.md §2 in one place: every path, who may open it, and its lazily loaded page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../../shared/paths.ts';
import type { RouteAccess } from './guards.tsx';

type PageRoute = { path: string; access: RouteAccess; Page: LazyExoticComponent<ComponentType> };

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const pageRoutes: PageRoute[] = [
  { path: paths.home, access: 'everyone', Page: page(() => import('../features/pages/landing-page.tsx')) },
  { path: paths.login, access: 'visitor', Page: page(() => import('../features/auth/login-page.tsx')) },
  { path: paths.register, access: 'visitor', Page: page(() => import('../features/auth/register-page.tsx')) },
  { path: paths.emailConfirmation, access: 'everyone', Page: page(() => import('../features/auth/email-confirmation-page.tsx')) },
  { path: paths.products, access: 'everyone', Page: page(() => import('../features/catalogue/products-page.tsx')) },
  { path: '/category/:categoryId', access: 'everyone', Page: page(() => import('../features/catalogue/category-page.tsx')) },
  { path: '/product/:productId', access: 'everyone', Page: page(() => import('../features/catalogue/account-page.tsx')) },
  { path: paths.dashboard, access: 'user', Page: page(() => import('../features/account/dashboard-page.tsx')) },
  { path: paths.profile, access: 'signed-in', Page: page(() => import('../features/account/profile-page.tsx')) },
  { path: paths.checkout, access: 'signed-in', Page: page(() => import('../features/checkout/checkout-page.tsx')) },
  { path: paths.orders, access: 'signed-in', Page: page(() => import('../features/orders/orders-page.tsx')) },
  { path: paths.orderHistory, access: 'signed-in', Page: page(() => import('../features/orders/orders-page.tsx')) },
  { path: paths.wallet, access: 'user', Page: page(() => import('../features/wallet/wallet-page.tsx')) },
  { path: paths.paymentCallback, access: 'user', Page: page(() => import('../features/payments/payment-callback-page.tsx')) },
  { path: paths.paymentSuccess, access: 'user', Page: page(() => import('../features/payments/payment-success-page.tsx')) },
  { path: paths.admin, access: 'admin', Page: page(() => import('../features/admin/admin-page.tsx')) },
  { path: paths.webServices, access: 'everyone', Page: page(() => import('../features/pages/web-services-page.tsx')) },
  { path: paths.support, access: 'everyone', Page: page(() => import('../features/pages/support-page.tsx')) },
  { path: paths.contact, access: 'everyone', Page: page(() => import('../features/pages/contact-page.tsx')) },
  { path: paths.terms, access: 'everyone', Page: page(() => import('../features/pages/terms-page.tsx')) },
  { path: paths.privacy, access: 'everyone', Page: page(() => import('../features/pages/privacy-page.tsx')) },
  { path: paths.about, access: 'everyone', Page: page(() => import('../features/pages/about-page.tsx')) },
  { path: '*', access: 'everyone', Page: page(() => import('../features/pages/not-found-page.tsx')) },
];
