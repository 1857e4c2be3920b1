// The root component: the router built from the route table, and toasts. The data layer (query cache,
// guards, session) and the toaster load as chunks of their own, so the first paint needs only the shell.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { dataPage } from './data-islands.ts';
import { FIRST_TOAST_EVENT, toastRaised } from '../lib/toast.ts';
import { HYDRATED_EVENT } from './hydrate-on-intent.ts';
import { RootLayout } from './root-layout.tsx';
import { pageRoutes, type PageRoute } from './routes.tsx';

const Toaster = lazy(() => import('./layout/toaster.tsx'));

/**
 * The server renders the same tree under its own router (entry-server.tsx): hydration needs the same shape, or
 * React's generated ids (useId: labels and their fields) would differ.
 */
export function App({
  router = (routes) => <BrowserRouter>{routes}</BrowserRouter>,
}: {
  router?: (routes: ReactNode) => ReactNode;
}) {
  return (
    <>
      {router(<AppRoutes />)}
      <DeferredToaster />
    </>
  );
}

function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {pageRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
      </Route>
    </Routes>
  );
}

function RoutePage({ route }: { route: PageRoute }) {
  const { Page } = route;
  // A public page's chunk loads alongside the data layer's; a guarded page's only once its guard lets the user in.
  if (!route.static && route.access === 'public') void route.preload();
  return (
    <>
      {route.static ? <Page /> : <dataPage.Component access={route.access} Page={Page} />}
      <HydratedSignal />
    </>
  );
}

/**
 * Says that React has the page: index.html's loader (hydrate-on-intent.ts) then replays what a visitor did on the
 * server's HTML before (a click, a form sent, text typed), and the e2e tests can tell. Beside the page, inside the
 * layout's Suspense boundary: React hydrates what is inside a boundary in a pass after the shell's.
 */
function HydratedSignal() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}

/**
 * The toaster mounts with the first toast (lib/toast.ts): most visits raise none, and sonner is then neither
 * fetched nor run. Nothing is lost meanwhile: it shows the toasts that are still active when it subscribes.
 */
function DeferredToaster() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (show) return;
    const mount = () => setShow(true);
    if (toastRaised()) return mount();
    document.addEventListener(FIRST_TOAST_EVENT, mount, { once: true });
    return () => document.removeEventListener(FIRST_TOAST_EVENT, mount);
  }, [show]);
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
