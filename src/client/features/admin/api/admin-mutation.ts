// The one shape of every admin mutation: on success refresh all ['admin', ...] data and toast the server's message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { ApiError } from '../../../lib/api.ts';

export const adminKey = ['admin'] as const;

/** The server's words for refusals (4xx) and network failures; SPEC.md's fallback for anything else. */
export function adminErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status < 500 && err.message) return err.message;
  return fallback;
}

type Options<V, R> = {
  mutationFn: (vars: V) => Promise<R>;
  /** SPEC.md §8's alert for a failure without a server message, e.g. 'Failed to update category'. */
  fallbackError: string | ((err: unknown) => string);
  onSuccess?: (result: R, vars: V) => void;
};

export function useAdminMutation<V, R extends { message: string }>({
  mutationFn,
  fallbackError,
  onSuccess,
}: Options<V, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, vars) => {
      toast.success(result.message);
      onSuccess?.(result, vars);
      await queryClient.invalidateQueries({ queryKey: adminKey });
    },
    onError: (err) => {
      // Asking for a fresh code is not a failure: the action's place shows the step-up form (StepUpForm).
      if (err instanceof ApiError && err.code === 'STEP_UP_REQUIRED') return;
      const fallback = typeof fallbackError === 'function' ? fallbackError(err) : fallbackError;
      toast.error(adminErrorText(err, fallback));
    },
  });
}
