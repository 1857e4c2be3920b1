// Single accounts: Add Product (POST /api/admin/accounts), edit and delete (PATCH/DELETE /api/admin/accounts/:id).
import type {
  AccountUpdateInput,
  AddAccountInput,
  AdminAccount,
  AdminResult,
} from '../../../../shared/admin-catalogue.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

const url = (id: string) => `/api/admin/accounts/${encodeURIComponent(id)}`;

export function useAddAccount(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: AddAccountInput) =>
      api<AdminResult<AdminAccount>>('/api/admin/accounts', { method: 'POST', body }),
    fallbackError: 'Failed to add product',
    onSuccess,
  });
}

export function useUpdateAccount(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: string; body: AccountUpdateInput }) =>
      api<AdminResult<AdminAccount>>(url(id), { method: 'PATCH', body }),
    fallbackError: 'Failed to update account',
    onSuccess,
  });
}

export function useDeleteAccount() {
  return useAdminMutation({
    mutationFn: (id: string) => api<AdminResult>(url(id), { method: 'DELETE' }),
    fallbackError: 'Failed to delete account',
  });
}
