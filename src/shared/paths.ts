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
  dashboard: '/dashboard',
  profile: '/profile',
  orders: '/orders',
  orderHistory: '/order-history',
  checkout: '/checkout',
  wallet: '/wallet',
  paymentCallback: '/payment-callback',
  paymentSuccess: '/payment-success',
  admin: '/admin',
} as const;

/** Public pages listed in the sitemap. */
export const publicPagePaths = [
  paths.home,
  paths.products,
  paths.webServices,
  paths.support,
  paths.contact,
  paths.about,
  paths.terms,
  paths.privacy,
  paths.login,
  paths.register,
] as const;
