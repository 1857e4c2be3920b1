// Signs out on the server, then reloads the landing page so no cached data of the account survives.
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { paths } from '../../../../shared/paths.ts';
import { api } from '../../../lib/api.ts';

export function useSignOut() {
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => window.location.assign(paths.home),
    onError: (err) => toast.error('Sign out failed', { description: err.message }),
  });
}
