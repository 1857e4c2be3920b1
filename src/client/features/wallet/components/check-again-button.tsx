// "Check again" on a top-up that is pending, failed or expired: the server asks ErcasPay now and credits a late success
// once; the answer is shown as a toast and in the wallet's outcome notice, and the balance and history refresh.
import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { formatNaira } from '../../../../shared/money.ts';
import { walletMessages } from '../../../../shared/wallet.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { fetchTopupCheck } from '../../../lib/topup/check-topup.ts';
import { ApiError } from '../../../lib/api.ts';
import { useRefreshWallet } from '../../../lib/topup/wallet-keys.ts';
import { clearPendingTopup, markProcessed } from '../../../lib/topup/pending-topup.ts';
import { saveTopupOutcome } from '../../../lib/topup/topup-outcome.ts';

export function CheckAgainButton({ reference }: { reference: string }) {
  const refresh = useRefreshWallet();
  const check = useMutation({
    mutationFn: () => fetchTopupCheck(reference),
    onSuccess: async (result) => {
      saveTopupOutcome(result);
      if (result.status === 'completed') {
        markProcessed(reference);
        clearPendingTopup(reference);
        toast.success('Payment Successful!', {
          description: `${formatNaira(result.amountKobo)} has been added to your wallet.`,
        });
      } else if (result.status === 'pending') {
        toast.info('Still pending', {
          description: result.message ?? 'ErcasPay has not confirmed this payment yet.',
        });
      } else {
        toast.error(result.status === 'expired' ? 'Payment expired' : 'Payment Failed', {
          description: result.message ?? undefined,
        });
      }
      await refresh();
    },
    // Too many checks is the server's own sentence (wait a minute); anything else is SPEC's verification error.
    onError: (err) =>
      toast.error(
        err instanceof ApiError && err.status === 429
          ? err.message
          : walletMessages.verificationError,
      ),
  });
  return (
    <Button
      className="mt-2"
      size="sm"
      variant="outline"
      disabled={check.isPending}
      onClick={() => check.mutate()}
      aria-label={`Check again ${reference}`}
    >
      <RefreshCw className={check.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />{' '}
      Check again
    </Button>
  );
}
