// Asks the server about one top-up (it verifies with the provider and credits once), re-asking every 3 s while
// pending for about two minutes; on an answer, clears the browser's pending note and refreshes the balance.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PENDING_RECHECK_MS, type TopupCheck } from '../../../../shared/wallet.ts';
import { ApiError } from '../../../lib/api.ts';
import { fetchTopupCheck } from '../../../lib/topup/check-topup.ts';
import { fetchWalletSummary } from '../../../lib/queries/use-wallet-summary.ts';
import { useRefreshWallet, walletSummaryKey } from '../../../lib/topup/wallet-keys.ts';
import { preloadPage } from '../../../lib/app-links.ts';
import { paths } from '../../../../shared/paths.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { clearPendingTopup, markProcessed } from '../../../lib/topup/pending-topup.ts';
import { saveTopupOutcome } from '../../../lib/topup/topup-outcome.ts';

/** About two minutes of 3-second re-checks; the server's reconciler keeps going after that. */
const MAX_PENDING_CHECKS = 40;

export type Verification =
  | { state: 'loading' }
  | { state: 'success'; check: TopupCheck }
  /** Declined or expired: a late success is still possible, so the customer may ask again. */
  | { state: 'failed'; check: TopupCheck; recheck: () => void; isChecking: boolean }
  /** Still pending after ~2 minutes: we stop asking, the server does not. */
  | { state: 'pending'; check: TopupCheck; recheck: () => void }
  | { state: 'error'; error: unknown };

export function useTopupVerification(reference: string | null): Verification {
  const refresh = useRefreshWallet();
  const queryClient = useQueryClient();
  // Not under ['wallet']: refreshing the wallet must not re-ask and turn 'successful' into 'already processed'.
  const queryKey = ['topup-check', reference];
  const query = useQuery({
    queryKey,
    queryFn: () => fetchTopupCheck(reference!),
    enabled: reference !== null,
    staleTime: Infinity,
    retry: (failures, err) =>
      !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 2,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < MAX_PENDING_CHECKS
        ? PENDING_RECHECK_MS
        : false,
    refetchIntervalInBackground: true,
  });
  const check = query.data;
  const finalStatus = check && check.status !== 'pending' ? check.status : null;
  const settledReference = check?.reference;

  // The wallet window (the opener of the checkout popup) shows this outcome at once, pending included.
  useEffect(() => {
    if (check) saveTopupOutcome(check);
  }, [check]);

  useEffect(() => {
    if (!finalStatus || !settledReference) return;
    markProcessed(settledReference);
    clearPendingTopup(settledReference);
    if (finalStatus !== 'completed') return;
    void refresh();
    // "Go to Wallet" next: its code and the credited balance load while the customer reads (docs/decisions/036).
    return whenIdle(() => {
      void preloadPage(paths.wallet);
      void queryClient
        .prefetchQuery({ queryKey: walletSummaryKey, queryFn: fetchWalletSummary })
        .catch(() => undefined);
    });
  }, [finalStatus, settledReference, refresh, queryClient]);

  if (query.isError) return { state: 'error', error: query.error };
  if (!check) return { state: 'loading' };
  if (check.status === 'completed') return { state: 'success', check };
  if (check.status === 'failed' || check.status === 'expired')
    return {
      state: 'failed',
      check,
      recheck: () => void query.refetch(),
      isChecking: query.isFetching,
    };
  const answers = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  if (query.isFetching || answers < MAX_PENDING_CHECKS) return { state: 'loading' };
  return { state: 'pending', check, recheck: () => void query.refetch() };
}
