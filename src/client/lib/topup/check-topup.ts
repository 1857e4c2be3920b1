// GET /api/wallet/topups/:reference: the server verifies with the provider (crediting at most once) before answering.
import type { TopupCheck } from '../../../shared/wallet.ts';
import { api } from '../api.ts';

/** Accepts our reference or the provider's (ERCS|…). */
export const fetchTopupCheck = (reference: string) =>
  api<TopupCheck>(`/api/wallet/topups/${encodeURIComponent(reference)}`);
