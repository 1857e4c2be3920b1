// POST /api/orders/:id/email: queues the credentials e-mail, then follows the order until the outbox delivers it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import {
  orderMessages,
  type CredentialsEmailState,
  type EmailCredentialsResult,
} from '../../../../shared/orders.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { EMAIL_POLL_MS, fetchOrders, ordersQueryKey } from '../../../lib/queries/use-orders.ts';

/** How long the button waits for the outbox before saying the e-mail is still on its way. */
const WAIT_FOR_DELIVERY_MS = 60_000;

export const emailCredentials = (orderId: string) =>
  api<EmailCredentialsResult>(`/api/orders/${encodeURIComponent(orderId)}/email`, {
    method: 'POST',
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useEmailCredentials(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CredentialsEmailState> => {
      let { email } = await emailCredentials(orderId);
      const deadline = Date.now() + WAIT_FOR_DELIVERY_MS;
      // The order list now reports this e-mail as its latest; read it until it is sent or failed.
      while ((email.status === 'pending' || email.status === 'sending') && Date.now() < deadline) {
        await sleep(EMAIL_POLL_MS);
        const list = await queryClient.fetchQuery({
          queryKey: ordersQueryKey,
          queryFn: fetchOrders,
          staleTime: 0,
        });
        email = list.orders.find((o) => o.id === orderId)?.email ?? email;
      }
      return email;
    },
    onSuccess: (email) => {
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      if (email.status === 'sent')
        toast.success(orderMessages.emailSentTitle, {
          description: orderMessages.emailSent(email.to),
        });
      else if (email.status === 'failed') toast.error(orderMessages.emailFailed);
      else
        toast('Email queued', {
          description: `Your credentials will arrive at ${email.to} shortly.`,
        });
    },
    onError: (err) => {
      const detail =
        err instanceof ApiError && err.status !== 0 && err.code !== 'HTTP' ? err.message : null;
      toast.error(orderMessages.emailFailed, detail ? { description: detail } : undefined);
    },
  });
}
