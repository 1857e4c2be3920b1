// /products: wallet card, search, category filter, grid/list toggle, category cards and product group cards.
import { PackageOpen, RefreshCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { catalogueMessages, type CatalogueResponse } from '../../../shared/catalogue.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCatalogue } from '../../lib/queries/use-catalogue.ts';
import { useRefreshOnWindowFocus } from '../../lib/queries/live-query.ts';
import { ALL_CATEGORIES, filterCatalogue } from './catalogue-filters.ts';
import { CategoryCard } from './components/category-card.tsx';
import { LabelledSelect, LayoutToggle, SearchBox } from './components/filter-controls.tsx';
import { GroupCard, type CardLayout } from './components/group-card.tsx';
import { EmptyState, LoadError } from './components/load-states.tsx';
import { WalletCard } from './components/wallet-card.tsx';
import { useListParams } from './use-list-params.ts';

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

export default function ProductsPage() {
  useDocumentTitle(
    'Products',
    'Browse ready-made Instagram, TikTok, Twitter, Facebook, YouTube and LinkedIn accounts and pay from your naira wallet.',
  );
  useRefreshOnWindowFocus();
  const { data, isPending, isFetching, refetch } = useCatalogue();
  const [layout, setLayout] = useState<CardLayout>('grid');

  if (!isPending && !data) {
    return (
      <LoadError
        title="Database Connection Error"
        message={catalogueMessages.databaseError}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }

  const refreshStock = async () => {
    const result = await refetch();
    if (result.isError) toast.error(catalogueMessages.databaseError);
  };

  // The heading draws at once (it is the largest text on a phone); the list follows when the data is in.
  return (
    <section className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Products</h1>
          <p className="mt-1 text-muted-foreground">
            Ready-made social media accounts, delivered instantly and paid from your naira wallet.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => void refreshStock()}
          disabled={isFetching}
          className="self-start sm:self-auto"
        >
          <RefreshCw className={cn('h-4 w-4', isFetching && 'animate-spin')} aria-hidden /> Refresh
          Stock
        </Button>
      </header>

      <WalletCard />

      {data ? (
        <CatalogueList data={data} layout={layout} setLayout={setLayout} />
      ) : (
        <PageSpinner label="Loading products..." />
      )}
    </section>
  );
}

type ListProps = {
  data: CatalogueResponse;
  layout: CardLayout;
  setLayout: (layout: CardLayout) => void;
};

/** Search, filter and layout controls over the categories and product groups, once they are loaded. */
function CatalogueList({ data, layout, setLayout }: ListProps) {
  const [{ q: search, category }, setParams] = useListParams({ q: '', category: ALL_CATEGORIES });
  const categoryId = data.categories.some((c) => c.id === category) ? category : ALL_CATEGORIES;
  const isFiltered = search.trim() !== '' || categoryId !== ALL_CATEGORIES;
  const shown = filterCatalogue(data.categories, data.groups, { search, categoryId });
  const nothingMatched = shown.categories.length === 0 && shown.groups.length === 0;
  const clear = () => setParams({ q: '', category: ALL_CATEGORIES });

  return (
    <>
      <div className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchBox
            label="Search products"
            value={search}
            onChange={(q) => setParams({ q })}
            placeholder="Search products or features"
          />
          <div className="flex gap-3">
            <div className="min-w-0 flex-1">
              <LabelledSelect
                label="Filter by category"
                value={categoryId}
                onChange={(c) => setParams({ category: c })}
                options={[
                  { value: ALL_CATEGORIES, label: 'All Categories' },
                  ...data.categories.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
            </div>
            <LayoutToggle value={layout} onChange={setLayout} />
          </div>
        </div>
        <p className="text-sm text-muted-foreground" role="status" data-testid="product-count">
          {isFiltered
            ? `Showing ${shown.groups.length} of ${plural(data.groups.length)}`
            : `${plural(data.groups.length)} available`}
        </p>
      </div>

      {data.groups.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="No Products Available"
          text="There is nothing for sale right now. Please check back soon."
        />
      ) : nothingMatched ? (
        <EmptyState
          icon={SearchX}
          title="No categories found"
          text="Nothing matches your search. Try another word or category."
          action={<Button onClick={clear}>Clear Search</Button>}
        />
      ) : (
        <>
          {shown.categories.length > 0 ? (
            <section aria-labelledby="categories-title">
              <h2 id="categories-title" className="text-xl font-semibold">
                Categories
              </h2>
              <ul
                className={cn(
                  'mt-4 grid gap-4',
                  layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-4' : 'lg:grid-cols-2',
                )}
              >
                {shown.categories.map((c) => (
                  <li key={c.id}>
                    <CategoryCard category={c} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {shown.groups.length > 0 ? (
            <section aria-labelledby="groups-title">
              <h2 id="groups-title" className="text-xl font-semibold">
                {isFiltered ? 'Matching Products' : 'All Products'}
              </h2>
              <ul
                className={cn(
                  'mt-4 grid',
                  layout === 'grid' ? 'gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'gap-4',
                )}
              >
                {shown.groups.map((g) => (
                  <li key={g.id}>
                    <GroupCard group={g} layout={layout} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
