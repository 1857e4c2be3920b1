// Sends the support form to POST /api/inbox/support; the server stores it for the admin Inbox.
import { useMutation } from '@tanstack/react-query';
import type { SupportInput, InboxSuccess } from '../../../../shared/inbox.ts';
import { api } from '../../../lib/api.ts';

export function sendSupport(input: SupportInput): Promise<InboxSuccess> {
  return api<InboxSuccess>('/api/inbox/support', { method: 'POST', body: input });
}

export function useSendSupport() {
  return useMutation({ mutationFn: sendSupport });
}
