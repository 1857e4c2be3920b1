// The admin E-mail tab: GET /api/admin/emails (failed and retrying messages) and POST /api/admin/emails/:id/retry.
import { useQuery } from '@tanstack/react-query';
import {
  adminEmailMessages,
  type RetryEmailResult,
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
