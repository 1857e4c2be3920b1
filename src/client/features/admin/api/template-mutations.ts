// Product template create, update, archive, restore and delete: /api/admin/templates[/:id[/archive|/restore]].
import type {
  AdminResult,
  AdminTemplate,
  TemplateInput,
} from '../../../../shared/admin-catalogue.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

const url = (id: string) => `/api/admin/templates/${encodeURIComponent(id)}`;

/** The CSV export of one template's stock (a plain download link). */
export const templateExportUrl = (id: string) => `${url(id)}/export.csv`;

export function useCreateTemplate(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: TemplateInput) =>
      api<AdminResult<AdminTemplate>>('/api/admin/templates', { method: 'POST', body }),
    fallbackError: 'Failed to create product template',
    onSuccess,
  });
}

export function useUpdateTemplate(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: string; body: TemplateInput }) =>
      api<AdminResult<AdminTemplate>>(url(id), { method: 'PATCH', body }),
    fallbackError: 'Failed to update product template',
    onSuccess,
  });
}

export function useArchiveTemplate() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<AdminResult<AdminTemplate>>(`${url(id)}/archive`, { method: 'POST' }),
    fallbackError: 'Failed to archive product template',
  });
}

export function useRestoreTemplate() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<AdminResult<AdminTemplate>>(`${url(id)}/restore`, { method: 'POST' }),
    fallbackError: 'Failed to restore product template',
  });
}

export function useDeleteTemplate() {
  return useAdminMutation({
    mutationFn: (id: string) => api<AdminResult>(url(id), { method: 'DELETE' }),
    fallbackError:
      'Failed to delete product template. This template may have existing orders or accounts associated with it.',
  });
}
