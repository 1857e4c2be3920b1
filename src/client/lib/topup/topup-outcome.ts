// The outcome of the latest top-up as the browser last heard it (localStorage 'topup_outcome'), written by whichever
// window learned it (the checkout popup's result page, or the wallet's own poll), so the wallet window shows it at
// once without a reload. It only drives the UI: the server alone verifies and credits.
import { useSyncExternalStore } from 'react';
import type { PaymentStatus } from '../../../shared/payments.ts';
import type { TopupCheck } from '../../../shared/wallet.ts';

export const TOPUP_OUTCOME_STORAGE_KEY = 'topup_outcome';
/** An outcome older than this is no news any more. */
const OUTCOME_TTL_MS = 30 * 60_000;

export type TopupOutcome = {
  reference: string;
  status: PaymentStatus;
  amountKobo: number;
  message: string | null;
  alreadyCredited: boolean;
  at: number;
};

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function saveTopupOutcome(check: TopupCheck): void {
  const outcome: TopupOutcome = {
    reference: check.reference,
    status: check.status,
    amountKobo: check.amountKobo,
    message: check.message,
    alreadyCredited: check.alreadyCredited,
    at: Date.now(),
  };
  const current = parse(localStorage.getItem(TOPUP_OUTCOME_STORAGE_KEY));
  // A final word is never replaced by an older 'pending' for the same payment.
  if (
    current &&
    current.reference === outcome.reference &&
    current.status !== 'pending' &&
    outcome.status === 'pending'
  )
    return;
  localStorage.setItem(TOPUP_OUTCOME_STORAGE_KEY, JSON.stringify(outcome));
  notify();
}

export function clearTopupOutcome(): void {
  localStorage.removeItem(TOPUP_OUTCOME_STORAGE_KEY);
  notify();
}

function parse(raw: string | null): TopupOutcome | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Partial<TopupOutcome>;
    if (typeof o.reference !== 'string' || typeof o.status !== 'string' || typeof o.at !== 'number')
      return null;
    if (Date.now() - o.at > OUTCOME_TTL_MS) return null;
    return o as TopupOutcome;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOPUP_OUTCOME_STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getSnapshot = () => localStorage.getItem(TOPUP_OUTCOME_STORAGE_KEY);

export function useTopupOutcome(): TopupOutcome | null {
  return parse(useSyncExternalStore(subscribe, getSnapshot));
}
