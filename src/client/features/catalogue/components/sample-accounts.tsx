// A group's few available accounts on the category page, each a small link to its single-account page.
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicAccount } from '../../../../shared/catalogue.ts';
import { paths } from '../../../../shared/paths.ts';
import { detailSummary } from './account-details.tsx';

export function SampleAccounts({
  accounts,
  title = 'Or pick a specific account',
  className = 'border-t border-border pt-3',
}: {
  accounts: PublicAccount[];
  title?: string;
  className?: string;
}) {
  if (accounts.length === 0) return null;
  return (
    <div className={className}>
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{title}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {accounts.map((account) => (
          <li key={account.id} className="min-w-0">
            <Link
              to={paths.product(account.id)}
              className="flex items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-xs transition hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
            >
              <UserRound className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0">
                <span className="block truncate font-medium">{account.username}</span>
                {Object.keys(account.details).length > 0 ? (
                  <span className="block truncate text-muted-foreground">
                    {detailSummary(account.details)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
