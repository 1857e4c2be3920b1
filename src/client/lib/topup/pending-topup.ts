// The browser's note of a top-up in progress (localStorage 'pending_topup') and the references already handled.
// It only drives the UI (which reference to poll, what to show); the server alone verifies and credits.
import { useSyncExternalStore } from 'react';
import { PENDING_TOPUP_STORAGE_KEY, PENDING_TOPUP_TTL_MS } from '../../../shared/wallet.ts';

/** `amount` is whole naira as typed; `timestamp` is when the checkout was opened (ms). */
export type PendingTopup = { transactionReference: string; amount: number; timestamp: number };

export const PROCESSED_TOPUPS_STORAGE_KEY = 'processed_topups';
const PROCESSED_KEEP = 50;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((l) => l());
}

function parsePending(raw: string | null): PendingTopup | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<PendingTopup>;
    if (typeof p.transactionReference !== 'string' || typeof p.timestamp !== 'number') return null;
    return {
      transactionReference: p.transactionReference,
      amount: Number(p.amount) || 0,
      timestamp: p.timestamp,
    };
  } catch {
    return null;
  }
}

/** The pending top-up, or null; one older than 30 minutes (or unreadable) is discarded. */
export function readPendingTopup(now = Date.now()): PendingTopup | null {
  const raw = localStorage.getItem(PENDING_TOPUP_STORAGE_KEY);
  const pending = parsePending(raw);
  if (raw && (!pending || now - pending.timestamp > PENDING_TOPUP_TTL_MS)) {
    localStorage.removeItem(PENDING_TOPUP_STORAGE_KEY);
    notify();
    return null;
  }
  return pending;
}

export function savePendingTopup(pending: PendingTopup): void {
  localStorage.setItem(PENDING_TOPUP_STORAGE_KEY, JSON.stringify(pending));
  notify();
}

/** Clears the pending top-up when it is the given one (or any, without a reference). */
export function clearPendingTopup(reference?: string): void {
  const pending = parsePending(localStorage.getItem(PENDING_TOPUP_STORAGE_KEY));
  if (reference && pending && pending.transactionReference !== reference) return;
  localStorage.removeItem(PENDING_TOPUP_STORAGE_KEY);
  notify();
}

function readProcessed(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PROCESSED_TOPUPS_STORAGE_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export function isProcessed(reference: string): boolean {
  return readProcessed().includes(reference);
}

export function markProcessed(reference: string): void {
  const list = readProcessed().filter((r) => r !== reference);
  list.push(reference);
  localStorage.setItem(PROCESSED_TOPUPS_STORAGE_KEY, JSON.stringify(list.slice(-PROCESSED_KEEP)));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another window (the checkout popup's result page) may clear it too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === PENDING_TOPUP_STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getSnapshot = () => localStorage.getItem(PENDING_TOPUP_STORAGE_KEY);

/** The pending top-up as React state (the raw string is the stable snapshot). */
export function usePendingTopup(): PendingTopup | null {
  return parsePending(useSyncExternalStore(subscribe, getSnapshot));
}
