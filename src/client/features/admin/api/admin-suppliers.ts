// Settings → Suppliers: GET /api/admin/suppliers, connect one, look at one again, put a product of one on sale.
import { useQuery } from '@tanstack/react-query';
import type {
  ConnectSupplier,
  ListSupplierProduct,
  SupplierChange,
  SupplierList,
  UpdateSupplier,
} from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

export const suppliersQueryKey = ['admin', 'suppliers'];

export function useAdminSuppliers() {
  return useQuery({
    queryKey: suppliersQueryKey,
    queryFn: () => api<SupplierList>('/api/admin/suppliers'),
  });
}

export function useConnectSupplier(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: ConnectSupplier) =>
      api<SupplierChange>('/api/admin/suppliers', { method: 'POST', body }),
    fallbackError: 'Failed to connect the supplier',
    onSuccess,
  });
}

export function useRefreshSupplier() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<SupplierChange>(`/api/admin/suppliers/${encodeURIComponent(id)}/refresh`, {
        method: 'POST',
      }),
    fallbackError: 'Failed to refresh the supplier',
  });
}

export function useListSupplierProduct(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({
      supplierId,
      productId,
      body,
    }: {
      supplierId: string;
      productId: string;
      body: ListSupplierProduct;
    }) =>
      api<SupplierChange>(
        `/api/admin/suppliers/${encodeURIComponent(supplierId)}/products/${encodeURIComponent(productId)}/listing`,
        { method: 'POST', body },
      ),
    fallbackError: 'Failed to list the product',
    onSuccess,
  });
}

export function useUpdateSupplier(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSupplier }) =>
      api<SupplierChange>(`/api/admin/suppliers/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    fallbackError: 'Failed to save the supplier',
    onSuccess,
  });
}
