// The referral programme's switch and terms (Users tab, beside the payment set-up). Off: no new ties, no new
// rewards; what was earned stays. The percentage and the cap come from the store's settings (.env).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { referralMessages, type ReferralSettings } from '../../../../../shared/referrals.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { api } from '../../../../lib/api.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { toast } from '../../../../lib/toast.ts';
import { adminErrorText, adminKey } from '../../api/admin-mutation.ts';
import { Panel } from '../form-extras.tsx';
import { Badge } from '../status-badge.tsx';

const settingsKey = [...adminKey, 'referrals', 'settings'] as const;

export function ReferralProgramme() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error } = useQuery({
    queryKey: settingsKey,
    queryFn: () => api<ReferralSettings>('/api/admin/referrals/settings'),
  });
  const toggle = useMutation({
    mutationFn: (isEnabled: boolean) =>
      api<ReferralSettings>('/api/admin/referrals/settings', {
        method: 'PUT',
        body: { isEnabled },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(settingsKey, next);
      toast.success(next.isEnabled ? referralMessages.switchedOn : referralMessages.switchedOff);
    },
    onError: (err) => toast.error(adminErrorText(err, 'Could not switch the referral programme')),
  });
  return (
    <Panel
      title="Referral Programme"
      description="Customers share a link; when someone signs up with it, the referrer earns wallet credit on their first top-ups."
    >
      {isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading referral settings...
        </p>
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-4 text-sm">
          <div className="space-y-1">
            <p>
              <Badge tone={data.isEnabled ? 'green' : 'gray'}>
                {data.isEnabled ? 'On' : 'Off'}
              </Badge>
              <span className="ml-2">
                {data.percent}% of each of a referred customer’s first {data.maxTopups} top-ups
              </span>
            </p>
            <p className="text-muted-foreground">
              {data.isEnabled
                ? 'A sign-up from the referrer’s own sign-up address, or on a device another account already used, is refused and shown under the referrer.'
                : referralMessages.programmeOff}
              {data.updatedAt ? ` Last switched ${formatDateTime(data.updatedAt)}.` : ''}
            </p>
          </div>
          <Button
            variant={data.isEnabled ? 'outline' : 'primary'}
            disabled={toggle.isPending}
            aria-pressed={data.isEnabled}
            onClick={() => toggle.mutate(!data.isEnabled)}
          >
            {data.isEnabled ? 'Switch off' : 'Switch on'}
          </Button>
        </div>
      )}
    </Panel>
  );
}
