// /product/:productId: one individual account (never its credentials), its group's price and features, and how to buy it.
import { BadgeCheck, CircleCheck, CircleX } from 'lucide-react';
import { useParams } from 'react-router';
import { catalogueMessages } from '../../../shared/catalogue.ts';
import { paths } from '../../../shared/paths.ts';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { isNotFound, useRefreshOnWindowFocus } from '../../lib/queries/live-query.ts';
import { useAccount } from '../../lib/queries/use-account.ts';
import { DetailList } from './components/account-details.tsx';
import { CategoryBadge, priceText } from './components/badges.tsx';
import { Breadcrumb } from './components/breadcrumb.tsx';
import { LoadError, NotFoundState } from './components/load-states.tsx';
import { PurchaseBox } from './components/purchase-box.tsx';
import { SampleAccounts } from './components/sample-accounts.tsx';

export default function AccountPage() {
  const { productId = '' } = useParams();
  useRefreshOnWindowFocus();
  const { data, error, isPending, isFetching, refetch } = useAccount(productId);
  useDocumentTitle(
    data
      ? `${data.account.username} · ${data.group.name}`
      : isNotFound(error)
        ? 'Product Not Found'
        : 'Product',
    data
      ? `${data.group.name} account ${data.account.username}: ${data.group.description}`
      : undefined,
  );

  if (isPending) return <PageSpinner label="Loading product..." />;
  if (!data) {
    return isNotFound(error) ? (
      <NotFoundState title="Product Not Found" message={catalogueMessages.productNotFound} />
    ) : (
      <LoadError
        title="Error Loading Product"
        message={catalogueMessages.loadProductFailed}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }

  const { account, group, moreAccounts } = data;
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Breadcrumb
        crumbs={[
          { label: 'Products', to: paths.products },
          { label: group.categoryName, to: paths.category(group.categoryId) },
          { label: group.name },
        ]}
      />
      <header className="space-y-2">
        <CategoryBadge name={group.categoryName} />
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">
          {account.username}
        </h1>
        <p className="text-muted-foreground">{group.name}</p>
      </header>

      <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <section
            aria-labelledby="details-title"
            className="rounded-xl border border-border bg-card p-6 shadow-sm"
          >
            <h2 id="details-title" className="mb-4 text-lg font-semibold">
              Account details
            </h2>
            <DetailList details={account.details} />
          </section>
          <section
            aria-labelledby="about-title"
            className="rounded-xl border border-border bg-card p-6 shadow-sm"
          >
            <h2 id="about-title" className="text-lg font-semibold">
              About this product
            </h2>
            {group.description ? (
              <p className="mt-2 text-sm text-muted-foreground">{group.description}</p>
            ) : null}
            {group.features.length > 0 ? (
              <ul aria-label="Features" className="mt-4 grid gap-2 sm:grid-cols-2">
                {group.features.map((f) => (
                  <li key={f} className="flex items-center gap-2 text-sm">
                    <BadgeCheck className="h-4 w-4 shrink-0 text-primary" aria-hidden /> {f}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <SampleAccounts
            accounts={moreAccounts}
            title="More accounts of this kind"
            className="rounded-xl border border-border bg-card p-6 shadow-sm"
          />
        </div>

        <aside
          aria-label="Purchase"
          className="h-fit space-y-4 rounded-xl border border-border bg-card p-6 shadow-sm"
        >
          <p className="text-3xl font-bold text-primary">{priceText(group.priceKobo)}</p>
          <p className="flex items-center gap-2 text-sm font-medium">
            {account.isAvailable ? (
              <>
                <CircleCheck className="h-4 w-4 text-green-600 dark:text-green-400" aria-hidden />{' '}
                Available
              </>
            ) : (
              <>
                <CircleX className="h-4 w-4 text-destructive" aria-hidden /> Sold
              </>
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            {group.stockCount} accounts of this kind in stock
          </p>
          <PurchaseBox account={account} group={group} />
        </aside>
      </div>
    </section>
  );
}
