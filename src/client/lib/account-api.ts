// The self-service account calls: forgot/reset password, e-mail change confirmation, name, password, e-mail,
// sessions and deletion; one hook (or fetcher) each, against /api/auth/* and /api/me/*.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResetLinkState, SessionInfo } from '../../shared/account.ts';
import { api } from './api.ts';
import { meQueryKey } from './use-me.ts';

type Answer = { ok: true; message: string };
const post = <T = Answer>(path: string, body: unknown = {}) =>
  api<T>(path, { method: 'POST', body });
export const sessionsQueryKey = ['me', 'sessions'] as const;

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => post('/api/auth/forgot-password', { email }),
  });
}

/** After a reset every session has ended, this browser's too: the cached user is dropped. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string; confirmPassword: string }) =>
      post('/api/auth/reset-password', input),
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

/** Asked when the reset page opens: a used, expired or made-up link is refused before anything is typed. */
export function useResetLinkState(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => post<ResetLinkState>('/api/auth/reset-password/check', { token }),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });
}

export function confirmEmailChange(token: string) {
  return post<Answer & { email: string }>('/api/auth/confirm-email-change', { token });
}

/** Mutations of the signed-in user's own account refresh what shows the user (navbar, profile). */
function useAccountMutation<I>(fn: (input: I) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export const useUpdateName = () =>
  useAccountMutation((fullName: string) =>
    api<Answer>('/api/me', { method: 'PATCH', body: { fullName } }),
  );
export const useChangePassword = () =>
  useAccountMutation(
    (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      post('/api/me/password', input),
  );
export const useChangeEmail = () =>
  useAccountMutation((input: { newEmail: string; currentPassword: string }) =>
    post('/api/me/email', input),
  );
export const useEndSession = () =>
  useAccountMutation((id: string) =>
    api<Answer>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
export const useEndOtherSessions = () =>
  useAccountMutation(() => post('/api/me/sessions/end-others'));

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => api<{ sessions: SessionInfo[] }>('/api/me/sessions'),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; shownBalanceKobo: number }) =>
      post('/api/me/delete', input),
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryKey, null);
    },
    // A refusal may mean the balance moved (a top-up landed): show the balance as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
