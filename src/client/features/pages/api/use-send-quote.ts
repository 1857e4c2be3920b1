// Sends the quote form to POST /api/inbox/quote; the server stores it for the admin Inbox.
import { useMutation } from '@tanstack/react-query';
import type { QuoteInput, InboxSuccess } from '../../../../shared/inbox.ts';
import { api } from '../../../lib/api.ts';

export function sendQuote(input: QuoteInput): Promise<InboxSuccess> {
  return api<InboxSuccess>('/api/inbox/quote', { method: 'POST', body: input });
}

export function useSendQuote() {
  return useMutation({ mutationFn: sendQuote });
}
