// Signs out on the server, forgets every cached query, and says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../../shared/paths.ts';
import { api } from '../../../lib/api.ts';
import { meQueryKey } from './use-me.ts';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      toast.success('Signed out', { description: 'You have been signed out.' });
      navigate(paths.home);
    },
    onError: (err) => toast.error('Sign out failed', { description: err.message }),
  });
}
