// The app shell around every page: navbar, the page (lazy-loaded), footer.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';
import { Footer } from './layout/footer.tsx';
import { Navbar } from './layout/navbar.tsx';

export function RootLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  // A server-rendered page is on screen before React has taken it over: until then its buttons and fields are
  // disabled, so a press or a typed word is not lost (links work all along). A page the browser rendered itself
  // never sees this.
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-screen flex-col">
      <fieldset disabled={!hydrated} role="none" className="contents">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
        >
          Skip to content
        </a>
        <Navbar />
        {/* At least a screen tall: the footer starts below the fold, so it does not jump into view and away again
            while a page loads its code or its data (a layout shift on every visit). */}
        <main id="main" className="min-h-screen flex-1 pt-16">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </fieldset>
    </div>
  );
}
