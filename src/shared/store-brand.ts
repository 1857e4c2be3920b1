// The store's name before anyone names it, and where its logo is served: all the public pages' code needs of the
// store settings (shared/store-settings.ts holds their rules, with zod, which stays out of the public entry).

/** The name a store has before anyone names it (STORE_NAME's default). */
export const DEFAULT_STORE_NAME = 'AcctStore';

/** Where the logo is served (public; each version at its own ?v=). */
export const STORE_LOGO_PATH = '/api/site/logo';
