// Product template create, update, archive, restore and delete: /api/admin/product-groups[/:id[/archive|/restore]].
import type {
  AdminResult,
  AdminProductGroup,
  ProductGroupInput,
} from '../../../../shared/admin-catalogue.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

const url = (id: string) => `/api/admin/product-groups/${encodeURIComponent(id)}`;

/** The CSV export of one template's stock (a plain download link). */
export const productGroupExportUrl = (id: string) => `${url(id)}/export.csv`;

export function useCreateProductGroup(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: ProductGroupInput) =>
      api<AdminResult<AdminProductGroup>>('/api/admin/product-groups', { method: 'POST', body }),
    fallbackError: 'Failed to create product template',
    onSuccess,
  });
}

export function useUpdateProductGroup(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductGroupInput }) =>
      api<AdminResult<AdminProductGroup>>(url(id), { method: 'PATCH', body }),
    fallbackError: 'Failed to update product template',
    onSuccess,
  });
}

export function useArchiveProductGroup() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<AdminResult<AdminProductGroup>>(`${url(id)}/archive`, { method: 'POST' }),
    fallbackError: 'Failed to archive product template',
  });
}

export function useRestoreProductGroup() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<AdminResult<AdminProductGroup>>(`${url(id)}/restore`, { method: 'POST' }),
    fallbackError: 'Failed to restore product template',
  });
}

export function useDeleteProductGroup() {
  return useAdminMutation({
    mutationFn: (id: string) => api<AdminResult>(url(id), { method: 'DELETE' }),
    fallbackError:
      'Failed to delete product template. This template may have existing orders or accounts associated with it.',
  });
}
