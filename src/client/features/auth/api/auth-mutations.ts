// Sign-in, sign-up, resend and confirm: one mutation hook each, against /api/auth/*.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailResult, Me, SignInResult } from '../../../../shared/auth.ts';
import { api } from '../../../lib/api.ts';
import { meQueryKey } from '../../../lib/use-me.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api<SignInResult>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (result) => {
      // With two-factor sign-in the password alone opens nothing yet: the code step follows.
      if (!('user' in result)) return;
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryKey, result.user);
    },
  });
}

/** The second step of signing in: the code from the app (or a recovery code) for the pending sign-in. */
export function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ user: Me }>('/api/auth/login/second-factor', { method: 'POST', body: { code } }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: { email: string; password: string; confirmPassword: string }) =>
      api<{ ok: true; message: string }>('/api/auth/register', { method: 'POST', body: input }),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ ok: true; message: string }>('/api/auth/resend-confirmation', {
        method: 'POST',
        body: { email },
      }),
  });
}

export function confirmEmail(tokenHash: string, type: string) {
  return api<ConfirmEmailResult>('/api/auth/confirm-email', {
    method: 'POST',
    body: { token_hash: tokenHash, type },
  });
}
