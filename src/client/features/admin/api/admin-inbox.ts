// The admin Inbox: GET /api/admin/inbox?status= and PATCH /api/admin/inbox/:id {status}.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import type { InboxList, InboxMessage, InboxStatus } from '../../../../shared/inbox.ts';
import { api } from '../../../lib/api.ts';
import { adminErrorText, adminKey } from './admin-mutation.ts';

export type InboxFilter = InboxStatus | 'all';

export function useAdminInbox(filter: InboxFilter) {
  const query = filter === 'all' ? '' : `?status=${filter}`;
  return useQuery({
    queryKey: ['admin', 'inbox', filter],
    queryFn: () => api<InboxList>(`/api/admin/inbox${query}`),
  });
}

export function useSetInboxStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InboxStatus }) =>
      api<InboxMessage>(`/api/admin/inbox/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: async (message) => {
      toast.success(
        message.status === 'handled' ? 'Message marked as handled' : 'Message marked as new',
      );
      await queryClient.invalidateQueries({ queryKey: adminKey });
    },
    onError: (err) => toast.error(adminErrorText(err, 'Failed to update message')),
  });
}
