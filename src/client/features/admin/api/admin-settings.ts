// The console's Settings: GET/PUT /api/admin/settings and PUT /api/admin/settings/logo.
import { useQuery } from '@tanstack/react-query';
import {
  storeSettingsMessages,
  type SaveStoreSettingsResult,
  type StoreSettingsView,
  type UpdateStoreLogo,
  type UpdateStoreSettings,
} from '../../../../shared/store-settings.ts';
import { api } from '../../../lib/api.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

export function useStoreSettings() {
  return useQuery({
    queryKey: [...adminKey, 'settings'],
    queryFn: () => api<StoreSettingsView>('/api/admin/settings'),
  });
}

export function useSaveStoreSettings() {
  return useAdminMutation({
    mutationFn: (body: UpdateStoreSettings) =>
      api<SaveStoreSettingsResult>('/api/admin/settings', { method: 'PUT', body }),
    fallbackError: storeSettingsMessages.saveFailed,
  });
}

export function useSaveStoreLogo() {
  return useAdminMutation({
    mutationFn: (body: UpdateStoreLogo) =>
      api<SaveStoreSettingsResult>('/api/admin/settings/logo', { method: 'PUT', body }),
    fallbackError: storeSettingsMessages.logoFailed,
  });
}
