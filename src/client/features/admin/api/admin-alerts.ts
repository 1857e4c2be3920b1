// The owner-alerts card: GET/PUT /api/admin/alerts (which kinds, from which order amount) and POST
// /api/admin/alerts/test (a message straight to the Telegram chat).
import { useQuery } from '@tanstack/react-query';
import {
  ownerAlertMessages,
  type OwnerAlertSettings,
  type SaveOwnerAlertSettingsResult,
  type TestOwnerAlertResult,
  type UpdateOwnerAlertSettings,
} from '../../../../shared/owner-alerts.ts';
import { api } from '../../../lib/api.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

export function useAlertSettings() {
  return useQuery({
    queryKey: [...adminKey, 'alerts'],
    queryFn: () => api<OwnerAlertSettings>('/api/admin/alerts'),
  });
}

export function useSaveAlertSettings() {
  return useAdminMutation({
    mutationFn: (body: UpdateOwnerAlertSettings) =>
      api<SaveOwnerAlertSettingsResult>('/api/admin/alerts', { method: 'PUT', body }),
    fallbackError: ownerAlertMessages.saveFailed,
  });
}

export function useSendTestAlert() {
  return useAdminMutation({
    mutationFn: () => api<TestOwnerAlertResult>('/api/admin/alerts/test', { method: 'POST' }),
    fallbackError: ownerAlertMessages.testFailed,
  });
}
