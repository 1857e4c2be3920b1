// /category/:categoryId: one category's groups with search and sort, and links to a few accounts of each.
import { PackageOpen, SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import { catalogueMessages } from '../../../shared/catalogue.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { isNotFound, useRefreshOnWindowFocus } from '../../lib/queries/live-query.ts';
import { useCategory } from './api/use-category.ts';
import { groupMatches, isSortOrder, sortGroups, sortOptions } from './catalogue-filters.ts';
import { Breadcrumb } from './components/breadcrumb.tsx';
import { LabelledSelect, SearchBox } from './components/filter-controls.tsx';
import { GroupCard } from './components/group-card.tsx';
import { EmptyState, LoadError, NotFoundState } from './components/load-states.tsx';
import { SampleAccounts } from './components/sample-accounts.tsx';
import { useListParams } from './use-list-params.ts';

export default function CategoryPage() {
  const { categoryId = '' } = useParams();
  useRefreshOnWindowFocus();
  const { data, error, isPending, isFetching, refetch } = useCategory(categoryId);
  const [{ q: search, sort }, setParams] = useListParams({ q: '', sort: 'price-asc' });
  const name = data?.category.name;
  useDocumentTitle(
    name ? `${name} Accounts` : isNotFound(error) ? 'Category Not Found' : 'Category',
    name ? `Buy ready-made ${name} accounts: ${data.category.description}` : undefined,
  );

  if (isPending) return <PageSpinner label="Loading category..." />;
  if (!data) {
    return isNotFound(error) ? (
      <NotFoundState title="Category Not Found" message={catalogueMessages.categoryNotFound} />
    ) : (
      <LoadError
        title="Error Loading Category"
        message={catalogueMessages.loadCategoryFailed}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }

  const { category } = data;
  const order = isSortOrder(sort) ? sort : 'price-asc';
  const groups = sortGroups(
    data.groups.filter((g) => groupMatches(g, search)),
    order,
  );

  return (
    <section className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <Breadcrumb
          crumbs={[{ label: 'Products', to: paths.products }, { label: category.name }]}
        />
        <h1 className="text-3xl font-bold tracking-tight">{category.name}</h1>
        {category.description ? (
          <p className="max-w-3xl text-muted-foreground">{category.description}</p>
        ) : null}
      </header>

      <div className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchBox
            label={`Search ${category.name} products`}
            value={search}
            onChange={(q) => setParams({ q })}
          />
          <LabelledSelect
            label="Sort by"
            value={order}
            onChange={(s) => setParams({ sort: s })}
            options={sortOptions}
          />
        </div>
        <p className="text-sm text-muted-foreground" role="status">
          {groups.length} of {data.groups.length}{' '}
          {data.groups.length === 1 ? 'product' : 'products'} · {category.stockCount} accounts in
          stock
        </p>
      </div>

      {data.groups.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="No Products Available"
          text={`There are no ${category.name} products for sale right now.`}
        />
      ) : groups.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No products found"
          text="Nothing in this category matches your search."
          action={<Button onClick={() => setParams({ q: '' })}>Clear Search</Button>}
        />
      ) : (
        <>
          {/* The cards' titles are h3, as on /products: a list heading keeps the outline in order for screen readers. */}
          <h2 className="sr-only">{category.name} products for sale</h2>
          <ul className="grid items-start gap-6 md:grid-cols-2">
            {groups.map((g) => (
              <li key={g.id}>
                <GroupCard group={g}>
                  <SampleAccounts accounts={g.sampleAccounts} />
                </GroupCard>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
