// Every page path of the store, in one place (SPEC.md §2 route table); the router and the sitemap use it.
export const paths = {
  home: '/',
  products: '/products',
  category: (id: string) => `/category/${encodeURIComponent(id)}`,
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  support: '/support',
  terms: '/terms',
  privacy: '/privacy',
  about: '/about',
  contact: '/contact',
  webServices: '/web-services',
  emailConfirmation: '/email-confirmation',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailChange: '/email-change',
  dashboard: '/dashboard',
  profile: '/profile',
  orders: '/orders',
  orderHistory: '/order-history',
  checkout: '/checkout',
  wallet: '/wallet',
  paymentCallback: '/payment-callback',
  paymentSuccess: '/payment-success',
  admin: '/admin',
  /** The reseller API's reference, rendered by the server from /api/v1/openapi.json (not a page of the app). */
  developers: '/developers',
} as const;

/** The marketing pages after the home page: the same for every visitor until the next deploy. */
const infoPagePaths = [
  paths.webServices,
  paths.support,
  paths.contact,
  paths.about,
  paths.terms,
  paths.privacy,
] as const;

/** The marketing pages: the server renders them once per process. */
export const marketingPagePaths = [paths.home, ...infoPagePaths] as const;

/**
 * Public pages listed in the sitemap: the pages the server renders with their own title, description and
 * canonical. Sign-in and sign-up are forms for people, not pages to find, so they are left out.
 */
export const publicPagePaths = [paths.home, paths.products, ...infoPagePaths] as const;

/**
 * The anchor of a product group's card on its category page: the one page a search engine indexes for the
 * group (an account's own page is short-lived, it sells, and points its canonical there).
 */
export const groupAnchor = (groupId: string) => `group-${groupId}`;

/** What a checkout address carries: a product group and a quantity, or one named account. */
export type CheckoutItem = { accountId: string } | { groupId: string; quantity: number };

/** The names of /checkout's query parameters: a Buy form's fields send them, the checkout page reads them. */
export const checkoutParams = { group: 'group', quantity: 'quantity', account: 'account' } as const;

/**
 * The checkout of an item as an address, so that a Buy control is a plain link or form that means the same before
 * and after the app runs: a visitor goes through sign-in and comes back to it, a signed-in customer arrives at once.
 */
export function checkoutHref(item: CheckoutItem): string {
  const query = new URLSearchParams(
    'accountId' in item
      ? { [checkoutParams.account]: item.accountId }
      : { [checkoutParams.group]: item.groupId, [checkoutParams.quantity]: String(item.quantity) },
  );
  return `${paths.checkout}?${query.toString()}`;
}

/** A page's title as the tab and a search result show it: with the store's name (a setting). */
export function fullTitle(title: string, storeName: string): string {
  return title.includes(storeName) ? title : `${title} | ${storeName}`;
}

/**
 * The head of the pages the browser renders that a visitor may arrive at from outside (a shared link, a search):
 * the page sets them itself (useDocumentTitle), and the server writes them into the shell it sends for that path.
 */
export const shellPageHeads = {
  [paths.login]: {
    title: 'Sign in',
    description: (store: string) =>
      `Sign in to your ${store} account to buy accounts and manage your wallet.`,
  },
  [paths.register]: {
    title: 'Create your account',
    description: (store: string) =>
      `Create a free ${store} account to top up your naira wallet and buy accounts.`,
  },
  [paths.forgotPassword]: {
    title: 'Forgot password',
    description: (store: string) => `Reset the password of your ${store} account.`,
  },
} as const satisfies Record<string, ShellPageHead>;

export type ShellPageHead = { title: string; description: (storeName: string) => string };
