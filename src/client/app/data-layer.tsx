// The data layer, loaded as its own chunk: the query cache shared by every page, the route guards, and the
// navbar's session area (wallet balance and account menu, or Sign In / Get Started). The entry chunk keeps
// only the shell (router, navbar, footer), so the landing page can paint before this arrives.
import {
  MutationCache,
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
} from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import { meQueryKey, useMe } from '../lib/use-me.ts';
import { ApiError } from '../lib/api.ts';
import { Guard, type RouteAccess } from './guards.tsx';
import { AccountBadge, accountTriggerClass } from './layout/account-badge.tsx';
import { reportSignedIn, SignedOutActions } from './layout/session-parts.tsx';
import { readEmbeddedPageData, seedPageData } from './seed-page-data.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  // An action answered 401: the session ended (signed out on another device, say). Ask who is signed in again,
  // so the navbar and the guards see it at once and a guarded page offers the sign-in form.
  mutationCache: new MutationCache({
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401)
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  }),
});

// A server-rendered page came with the data it was rendered with: the hydrating render must read the same.
const embedded = typeof document === 'undefined' ? null : readEmbeddedPageData();
if (embedded) seedPageData(queryClient, embedded);

/**
 * Fetches a read into the shared cache ahead of the page that shows it (a static page's call to action, while the
 * visitor reads): that page then opens with it, as if the data had come with it.
 */
export function prefetchRead<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>): void {
  void queryClient.prefetchQuery({ queryKey, queryFn });
}

/**
 * One cache for the whole app: every island that reads data renders under this provider. On the server each
 * render brings its own cache (entry-server.tsx), which this keeps: one module-wide cache there would be
 * shared by every request.
 */
export function DataScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A page that reads data: its guard first, then the page itself (whose chunk loads only once allowed). */
export function DataPage({ access, Page }: { access: RouteAccess; Page: ComponentType }) {
  return (
    <DataScope>
      <Guard access={access}>
        <Page />
      </Guard>
    </DataScope>
  );
}

// The wallet balance and the account menu (Radix DropdownMenu and its positioning code) are for signed-in users only.
const UserMenu = lazy(() => import('./layout/user-menu.tsx'));

/** The navbar's right-hand side: the wallet balance and account menu when signed in, else Sign In / Get Started. */
export function NavSession() {
  return (
    <DataScope>
      <SessionArea />
    </DataScope>
  );
}

function SessionArea() {
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  useEffect(() => reportSignedIn(signedIn), [signedIn]);
  if (!me) return <SignedOutActions />;
  return (
    <Suspense
      fallback={
        <span className={accountTriggerClass} aria-hidden>
          <AccountBadge me={me} />
          <span className="h-4 w-4" />
        </span>
      }
    >
      <UserMenu me={me} />
    </Suspense>
  );
}
