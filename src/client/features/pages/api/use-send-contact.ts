// Sends the contact form to POST /api/inbox/contact; the server stores it for the admin Inbox.
import { useMutation } from '@tanstack/react-query';
import type { ContactInput, InboxSuccess } from '../../../../shared/inbox.ts';
import { api } from '../../../lib/api.ts';

export function sendContact(input: ContactInput): Promise<InboxSuccess> {
  return api<InboxSuccess>('/api/inbox/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
