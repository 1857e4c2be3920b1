// The dashboard's referral card: the customer's link with a copy button, how many they brought and what it earned.
import { Copy, Gift } from 'lucide-react';
import { formatNaira } from '../../../../shared/money.ts';
import { referralMessages } from '../../../../shared/referrals.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMyReferrals } from './use-my-referrals.ts';

export function ReferralCard() {
  const { data, isPending, isError } = useMyReferrals();
  if (isPending || isError) return null;
  const copy = () =>
    navigator.clipboard
      .writeText(data.link)
      .then(() => toast.success(referralMessages.copied))
      .catch(() => toast.error('Could not copy: select the link and copy it yourself.'));
  return (
    <Card className="mt-6 p-4 sm:p-6" role="region" aria-labelledby="referral-heading">
      <h2 id="referral-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Gift className="h-5 w-5 text-primary" aria-hidden /> Invite friends, earn credit
      </h2>
      {data.isEnabled ? (
        <p className="mt-1 text-sm text-muted-foreground">
          When someone signs up with your link, you earn {data.percent}% of each of their first{' '}
          {data.maxTopups} top-ups as wallet credit.
        </p>
      ) : (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
          The referral programme is paused: new sign-ups and top-ups earn nothing for now.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        {/* Named by a group around it: a <code> may not carry a name of its own (ARIA, role "code"). */}
        <div role="group" aria-label="Your referral link" className="min-w-0 sm:flex-1">
          <code className="block break-all rounded bg-muted px-3 py-2 text-sm">{data.link}</code>
        </div>
        <Button variant="outline" onClick={copy} className="self-start sm:self-auto">
          <Copy className="h-4 w-4" aria-hidden /> Copy link
        </Button>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div className="rounded-lg border border-border p-3">
          <dt className="text-sm text-muted-foreground">Referrals</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="referral-count">
            {data.referralCount}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-sm text-muted-foreground">Earned</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="referral-earnings">
            {formatNaira(data.earnedKobo)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
