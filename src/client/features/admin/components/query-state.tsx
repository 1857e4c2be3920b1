// The three states before a panel's data is shown: loading, failed (with Retry), and empty.
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from './data-table.tsx';

/** What the panel reads of a query (a react-query result, or several combined into one, as useQueries' combine does). */
export type QueryView<T> = {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

// isEmpty/empty are optional: a panel that shows something (e.g. totals) even with no rows checks emptiness itself.
type Props<T> = {
  query: QueryView<T>;
  loading: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

export function QueryState<T>({ query, loading, isEmpty, empty, children }: Props<T>) {
  if (query.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        {loading}
      </p>
    );
  }
  if (query.error) {
    return (
      <div role="alert" className="py-6 text-center text-sm">
        <p className="text-destructive">{query.error.message}</p>
        <Button className="mt-3" size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  // Neither pending nor failed: react-query has the data.
  const data = query.data as T;
  return isEmpty?.(data) ? <EmptyState>{empty}</EmptyState> : children(data);
}
