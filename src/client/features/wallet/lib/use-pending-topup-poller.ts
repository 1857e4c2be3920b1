// While a top-up is pending, asks the server about it every 10 s and 1 s after the window regains focus.
// The server verifies and credits; this only turns its answer into toasts and fresh balances.
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast.ts';
import { formatNaira } from '../../../../shared/money.ts';
import {
  FOCUS_CHECK_DELAY_MS,
  PENDING_POLL_MS,
  PENDING_TOPUP_STORAGE_KEY,
  walletMessages,
  type TopupCheck,
} from '../../../../shared/wallet.ts';
import { ApiError } from '../../../lib/api.ts';
import { fetchTopupCheck } from '../../../lib/topup/check-topup.ts';
import { useRefreshWallet } from '../../../lib/topup/wallet-keys.ts';
import {
  clearPendingTopup,
  isProcessed,
  markProcessed,
  readPendingTopup,
} from '../../../lib/topup/pending-topup.ts';
import { saveTopupOutcome } from '../../../lib/topup/topup-outcome.ts';

/** Returns 'check now' for the waiting top-up notice. */
export function usePendingTopupPoller(): () => void {
  const refresh = useRefreshWallet();
  const inFlight = useRef<string | null>(null);

  const check = useCallback(async () => {
    const pending = readPendingTopup();
    if (!pending) return;
    const reference = pending.transactionReference;
    if (inFlight.current === reference) return;
    if (isProcessed(reference)) {
      clearPendingTopup(reference);
      return;
    }
    inFlight.current = reference;
    try {
      settle(await fetchTopupCheck(reference));
    } catch (err) {
      // Not ours or unknown: nothing will ever change, so stop asking. Anything else: ask again later.
      if (err instanceof ApiError && err.status === 404) clearPendingTopup(reference);
    } finally {
      inFlight.current = null;
    }

    function settle(result: TopupCheck) {
      if (result.status === 'pending') return;
      saveTopupOutcome(result);
      markProcessed(reference);
      clearPendingTopup(reference);
      if (result.status === 'completed') {
        if (result.alreadyCredited) toast.success(walletMessages.alreadyProcessed);
        else
          toast.success('Payment Successful!', {
            description: `${formatNaira(result.amountKobo)} has been added to your wallet.`,
          });
        void refresh();
      } else {
        toast.error('Payment Failed', {
          description:
            result.message ?? walletMessages.paymentFailed.replace(/^Payment Failed: /, ''),
        });
      }
    }
  }, [refresh]);

  useEffect(() => {
    void check();
    const timer = window.setInterval(() => void check(), PENDING_POLL_MS);
    let focusTimer: number | undefined;
    const onFocus = () => {
      window.clearTimeout(focusTimer);
      focusTimer = window.setTimeout(() => void check(), FOCUS_CHECK_DELAY_MS);
    };
    // The checkout popup's result page verified and cleared the record: show the new balance here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === PENDING_TOPUP_STORAGE_KEY && e.newValue === null) void refresh();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(focusTimer);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('storage', onStorage);
    };
  }, [check, refresh]);

  return useCallback(() => void check(), [check]);
}
