// The Users tab's calls: GET /api/admin/users?search=, GET /api/admin/users/:id, POST /api/admin/users/:id/adjust.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast.ts';
import type {
  AdminUserDetails,
  AdminUserList,
  BalanceAdjustmentInput,
  BalanceAdjustmentResult,
} from '../../../../../shared/admin-users.ts';
import { api } from '../../../../lib/api.ts';
import { needsStepUp } from '../../../../lib/two-factor-api.ts';

/** Under ['admin'] so every admin mutation (and a balance adjustment) refreshes the list. */
export const adminUsersKey = (search: string) => ['admin', 'users', 'list', search] as const;

export const fetchAdminUsers = (search: string) =>
  api<AdminUserList>(`/api/admin/users${search ? `?search=${encodeURIComponent(search)}` : ''}`);

export function useAdminUsers(search: string) {
  return useQuery({ queryKey: adminUsersKey(search), queryFn: () => fetchAdminUsers(search) });
}

export function useAdminUserDetails(id: string) {
  return useQuery({
    queryKey: ['admin', 'users', 'details', id],
    queryFn: () => api<AdminUserDetails>(`/api/admin/users/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function useAdjustBalance(userId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BalanceAdjustmentInput) =>
      api<BalanceAdjustmentResult>(`/api/admin/users/${encodeURIComponent(userId)}/adjust`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: async (result) => {
      toast.success(result.message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    // Asking for a code is not a failure: the dialog shows the step-up form instead.
    onError: (err) => {
      if (!needsStepUp(err)) toast.error('Adjustment failed', { description: err.message });
    },
  });
}
