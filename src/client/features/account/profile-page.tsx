// /profile: identity, wallet, totals from the ledger, dates, links to wallet and order history; then the
// settings: name, password, e-mail, two-factor sign-in, signed-in devices, and (customers) deleting the account.
import { Link } from 'react-router';
import { formatNaira } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DeleteAccountCard } from './components/delete-account-card.tsx';
import { EmailForm } from './components/email-form.tsx';
import { NameForm } from './components/name-form.tsx';
import { PasswordForm } from './components/password-form.tsx';
import { SessionsCard } from './components/sessions-card.tsx';
import { ApiKeysCard } from './components/api-keys-card.tsx';
import { WebhooksCard } from './components/webhooks-card.tsx';
import { TwoFactorCard } from './components/two-factor/two-factor-card.tsx';
import { useProfile } from './use-profile.ts';
import { formatDateTime } from '../../lib/format-date.ts';

const formatDate = (iso?: string) => (iso ? formatDateTime(iso) : 'N/A');

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const { data, isPending, isError } = useProfile();
  if (isPending) return <PageSpinner />;
  if (isError || !data)
    return <p className="px-4 py-16 text-center">Please log in to view your profile.</p>;
  const { me, totals } = data;
  const stats = [
    ['Wallet Balance', formatNaira(me.walletBalanceKobo)],
    ['Total Spent', formatNaira(totals.totalSpentKobo)],
    ['Total Top-ups', formatNaira(totals.totalTopupsKobo)],
    ['Transactions', String(totals.transactionCount)],
    ['Top-ups', String(totals.topupCount)],
    ['Purchases', String(totals.purchaseCount)],
  ];
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Profile</h1>
      <Card className="mt-6 flex flex-wrap items-center gap-4">
        <span
          className="flex h-16 w-16 items-center justify-center rounded-full bg-primary text-xl font-bold uppercase text-primary-foreground"
          aria-hidden
        >
          {me.email.slice(0, 2)}
        </span>
        {/* At least 12rem wide, so on a phone it takes its own line instead of a one-letter column. */}
        <div className="min-w-48 flex-1">
          <p className="break-words text-xl font-semibold">{me.fullName}</p>
          <p className="truncate text-muted-foreground">{me.email}</p>
          <p className="mt-1 break-all text-xs text-muted-foreground">User ID: {me.id}</p>
        </div>
        <div className="flex gap-2">
          <span className="rounded-full bg-green-600/15 px-3 py-1 text-sm font-medium text-green-800 dark:text-green-300">
            Active User
          </span>
          <span className="rounded-full bg-muted px-3 py-1 text-sm font-medium">
            {me.isAdmin ? 'Admin' : 'Customer'}
          </span>
        </div>
      </Card>
      {/* Admins hold no wallet (SPEC.md §6): no balance or wallet figures, and the console instead of /wallet. */}
      {me.isAdmin ? null : (
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          {stats.map(([label, value]) => (
            <Card key={label} className="p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-xl font-semibold">{value}</dd>
            </Card>
          ))}
        </dl>
      )}
      <Card className="mt-6 grid gap-2 text-sm sm:grid-cols-2">
        <p>
          <span className="text-muted-foreground">Account created: </span>
          {formatDate(me.createdAt)}
        </p>
        <p>
          <span className="text-muted-foreground">Last updated: </span>
          {formatDate(me.updatedAt)}
        </p>
      </Card>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          {me.isAdmin ? (
            <Link to={paths.admin}>Go to Admin Panel</Link>
          ) : (
            <Link to={paths.wallet}>Go to Wallet</Link>
          )}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.orderHistory}>View Order History</Link>
        </Button>
      </div>
      <h2 className="mt-10 text-2xl font-bold">Settings</h2>
      <div className="mt-4 space-y-6">
        <NameForm fullName={me.fullName} />
        <EmailForm me={me} />
        <PasswordForm />
        <TwoFactorCard me={me} />
        <SessionsCard />
        {!me.isAdmin && <ApiKeysCard />}
        {!me.isAdmin && <WebhooksCard />}
        {!me.isAdmin && <DeleteAccountCard balanceKobo={me.walletBalanceKobo} />}
      </div>
    </section>
  );
}
