// One section's views as tabs (arrow keys move between them), each tab its own address: choosing one navigates,
// and only the open view is loaded and rendered.
import { Tabs } from 'radix-ui';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminEmails } from '../api/admin-emails.ts';
import { useAdminInbox } from '../api/admin-inbox.ts';
import { useAdminReports } from '../api/admin-reports.ts';
import { useAdminCatalogue } from '../api/use-admin-catalogue.ts';
import { consolePath, type ConsoleSection, type ConsoleView } from '../console-sections.tsx';
import { useActiveTabInView } from '../lib/use-active-tab-in-view.ts';

const loading = (what: string) => (
  <p role="status" className="py-10 text-center text-sm text-muted-foreground">
    Loading {what}...
  </p>
);

function ViewBody({ view }: { view: ConsoleView }) {
  const catalogue = useAdminCatalogue();
  const empty = { categories: [], productGroups: [] };
  if (!view.needsCatalogue)
    return (
      <Suspense fallback={loading(view.label.toLowerCase())}>
        <view.Component catalogue={empty} />
      </Suspense>
    );
  if (catalogue.isPending) return loading('catalogue');
  if (catalogue.isError)
    return (
      <div role="alert" className="py-10 text-center">
        <p className="text-destructive">{catalogue.error.message}</p>
        <Button className="mt-4" variant="outline" onClick={() => catalogue.refetch()}>
          Retry
        </Button>
      </div>
    );
  return (
    <Suspense fallback={loading(view.label.toLowerCase())}>
      <view.Component catalogue={catalogue.data} />
    </Suspense>
  );
}

export function SectionViews({ section, view }: { section: ConsoleSection; view: ConsoleView }) {
  const navigate = useNavigate();
  const counts: Record<string, number> = {
    inbox: useAdminInbox('all').data?.newCount ?? 0,
    emails: useAdminEmails().data?.emails.length ?? 0,
    reports: useAdminReports('open').data?.openCount ?? 0,
  };
  const listRef = useActiveTabInView<HTMLDivElement>(view.path);
  if (section.views.length === 1)
    return (
      <div className="mt-6">
        <ViewBody view={view} />
      </div>
    );
  return (
    <Tabs.Root
      value={view.path}
      onValueChange={(v) =>
        navigate(
          consolePath(
            section,
            section.views.find((x) => x.path === v),
          ),
        )
      }
      className="mt-6"
    >
      <Tabs.List
        ref={listRef}
        aria-label={`${section.label} views`}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0"
      >
        {section.views.map((t) => (
          <Tabs.Trigger
            key={t.path}
            value={t.path}
            className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted-foreground transition hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary data-[state=active]:text-foreground"
          >
            {counts[t.path] ? `${t.label} (${counts[t.path]})` : t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={view.path} className="mt-6 focus-visible:outline-none">
        <ViewBody view={view} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
