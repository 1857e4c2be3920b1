// Category create, update and delete: POST/PATCH/DELETE /api/admin/categories[/:id].
import type {
  AdminCategory,
  AdminResult,
  CategoryInput,
} from '../../../../shared/admin-catalogue.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

const url = (id: string) => `/api/admin/categories/${encodeURIComponent(id)}`;

export function useCreateCategory(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: CategoryInput) =>
      api<AdminResult<AdminCategory>>('/api/admin/categories', { method: 'POST', body }),
    fallbackError: (err) =>
      `Failed to create category: ${err instanceof Error && err.message ? err.message : 'Unknown error'}`,
    onSuccess,
  });
}

export type CategoryUpdate = CategoryInput & { id: string; isActive: boolean };

export function useUpdateCategory(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, ...body }: CategoryUpdate) =>
      api<AdminResult<AdminCategory>>(url(id), { method: 'PATCH', body }),
    fallbackError: 'Failed to update category',
    onSuccess,
  });
}

export function useDeleteCategory() {
  return useAdminMutation({
    mutationFn: (id: string) => api<AdminResult>(url(id), { method: 'DELETE' }),
    fallbackError: 'Failed to delete category',
  });
}
