// The root component: data cache, toasts, and the router built from the route table.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { isDark, useTheme } from '../lib/theme.ts';
import { Guard } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { pageRoutes } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: pageRoutes.map(({ path, access, Page }) => ({
      path,
      element: (
        <Guard access={access}>
          <Page />
        </Guard>
      ),
    })),
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ThemedToaster />
    </QueryClientProvider>
  );
}

/** Toasts last about 4 s, at most 3 visible (SPEC.md §9), in the page's theme. */
function ThemedToaster() {
  const [theme] = useTheme();
  return <Toaster duration={4000} visibleToasts={3} richColors closeButton position="top-right" theme={isDark(theme) ? 'dark' : 'light'} />;
}
