// The app shell around every page: navbar, the page (lazy-loaded), footer.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { Footer } from './layout/footer.tsx';
import { Navbar } from './layout/navbar.tsx';

// The address the browser placed on screen itself: the first page (a visitor may have scrolled a server-rendered
// page well before React takes it over) keeps its scroll position.
let placed = typeof window === 'undefined' ? '' : window.location.pathname + window.location.hash;

export function RootLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (pathname + hash === placed) return;
    placed = pathname + hash;
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <div className="flex min-h-screen flex-col">
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
    </div>
  );
}
