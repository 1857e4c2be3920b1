// Two-factor sign-in calls: enrol (setup, then enable with a code), turn off, and step-up before money actions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorSetup } from '../../shared/two-factor.ts';
import { api, ApiError } from './api.ts';
import { meQueryKey } from './use-me.ts';

type Answer = { ok: true; message: string };
const post = <T = Answer>(path: string, body: unknown = {}) =>
  api<T>(path, { method: 'POST', body });

/** The error a step-up route answers until this session proves a fresh code. */
export const needsStepUp = (err: unknown) =>
  err instanceof ApiError && err.code === 'STEP_UP_REQUIRED';

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (currentPassword: string) =>
      post<TwoFactorSetup>('/api/me/two-factor/setup', { currentPassword }),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      post<Answer & { recoveryCodes: string[] }>('/api/me/two-factor/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post('/api/me/two-factor/disable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useStepUp() {
  return useMutation({
    mutationFn: (code: string) => post('/api/me/two-factor/step-up', { code }),
  });
}
