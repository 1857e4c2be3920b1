// Single accounts: Add Product (POST /api/admin/products), edit and delete (PATCH/DELETE /api/admin/accounts/:id).
import type {
  AccountUpdateInput,
  AddProductInput,
  AdminAccount,
  AdminResult,
} from '../../../../shared/admin-catalogue.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

const url = (id: string) => `/api/admin/accounts/${encodeURIComponent(id)}`;

export function useAddProduct(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: AddProductInput) =>
      api<AdminResult<AdminAccount>>('/api/admin/products', { method: 'POST', body }),
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
