// A customer's part of the referral programme, in the user details modal: who brought them, whom they brought
// (refused sign-ups with the reason), and what each earned them. A reward is reversed with Adjust Balance.
import { formatNaira } from '../../../../../shared/money.ts';
import { referralRefusalLabels, type AdminUserReferrals } from '../../../../../shared/referrals.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { Badge } from '../status-badge.tsx';

export function UserReferrals({ referrals }: { referrals: AdminUserReferrals }) {
  return (
    <section aria-label="Referrals">
      <h3 className="mb-2 font-semibold">Referrals</h3>
      <p className="text-sm text-muted-foreground">
        {referrals.referralCount} referred · {formatNaira(referrals.earnedKobo)} earned
        {referrals.referredBy ? ` · referred by ${referrals.referredBy.email}` : ''}
      </p>
      {referrals.referrals.length === 0 ? null : (
        <ul className="mt-2 divide-y divide-border rounded-lg border border-border text-sm">
          {referrals.referrals.map((r) => (
            <li key={r.refereeId} className="flex items-start justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{r.refereeEmail}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(r.createdAt)}
                  {r.refusal ? ` · ${referralRefusalLabels[r.refusal]}` : ''}
                  {r.status === 'tied'
                    ? ` · ${r.rewardedTopups} rewarded top-up${r.rewardedTopups === 1 ? '' : 's'}`
                    : ''}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold tabular-nums">{formatNaira(r.earnedKobo)}</span>
                <Badge tone={r.status === 'tied' ? 'green' : 'amber'}>{r.status}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
