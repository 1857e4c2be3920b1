// /admin/*: the admin console, laid out by task. /admin opens the Overview; /admin/<section> its first view;
// an old /admin?tab= link lands on the view that tab became.
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAdminStats } from './api/use-admin-stats.ts';
import { ConsoleNav } from './components/console-nav.tsx';
import { SectionViews } from './components/section-views.tsx';
import { TestPaymentsBanner } from './components/test-payments-banner.tsx';
import { consolePath, consoleSections, pathOfOldTab } from './console-sections.tsx';

export default function AdminPage() {
  const stats = useAdminStats();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [sectionPath, viewPath = ''] = (useParams()['*'] ?? '').split('/');
  const section = consoleSections.find((s) => s.path === sectionPath);
  const view = section?.views.find((v) => v.path === viewPath);
  useDocumentTitle(view ? `${view.label} · Admin` : 'Admin Dashboard');
  if (!section || !view) {
    const to =
      pathOfOldTab(params.get('tab')) ??
      consolePath(section ?? consoleSections[0]!, section?.views[0]);
    return to === pathname ? null : <Navigate to={to} replace />;
  }
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      {stats.data?.paymentMode === 'test' && <TestPaymentsBanner />}
      <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
      <ConsoleNav />
      <SectionViews key={section.path} section={section} view={view} />
    </section>
  );
}
