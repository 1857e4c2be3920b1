// The admin E-mail tab: GET /api/admin/emails (failed and retrying messages) POST /api/admin/emails/:id/retry and
// POST /api/admin/emails/retry-failed (Retry all).
import { useQuery } from '@tanstack/react-query';
import {
  adminEmailMessages,
  type RetryEmailResult,
  type RetryFailedEmailsResult,
  type AdminEmailList,
} from '../../../../shared/admin-emails.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

export function useAdminEmails() {
  return useQuery({
    queryKey: ['admin', 'emails'],
    queryFn: () => api<AdminEmailList>('/api/admin/emails'),
  });
}

export function useRetryEmail() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<RetryEmailResult>(`/api/admin/emails/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
      }),
    fallbackError: adminEmailMessages.retryFailed,
  });
}

export function useRetryFailedEmails() {
  return useAdminMutation({
    mutationFn: () =>
      api<RetryFailedEmailsResult>('/api/admin/emails/retry-failed', { method: 'POST' }),
    fallbackError: adminEmailMessages.retryAllFailed,
  });
}
