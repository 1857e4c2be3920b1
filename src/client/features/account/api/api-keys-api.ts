// The customer's API keys (/api/me/api-keys): list, make (the key comes back once), revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyInfo,
  ApiKeyList,
  CreateApiKeyInput,
  CreatedApiKey,
} from '../../../../shared/api-keys.ts';
import { api } from '../../../lib/api.ts';

export const apiKeysQueryKey = ['me', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: () => api<ApiKeyList>('/api/me/api-keys'),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      api<CreatedApiKey>('/api/me/api-keys', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ApiKeyInfo>(`/api/me/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
