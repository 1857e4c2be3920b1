// The customer's webhooks (/api/me/webhooks): endpoints and the delivery log, register (the secret comes back
// once), remove, resend a delivery.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  RegisterWebhookInput,
  ResendResult,
  WebhookEndpoint,
  WebhookList,
} from '../../../../shared/webhooks.ts';
import { api } from '../../../lib/api.ts';

export const webhooksQueryKey = ['me', 'webhooks'] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: () => api<WebhookList>('/api/me/webhooks'),
    // The log changes on its own as deliveries are made and retried.
    refetchInterval: 15_000,
  });
}

export function useRegisterWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterWebhookInput) =>
      api<CreatedWebhook>('/api/me/webhooks', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<WebhookEndpoint>(`/api/me/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ResendResult>(`/api/me/webhooks/deliveries/${encodeURIComponent(id)}/resend`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
