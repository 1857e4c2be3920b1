// The Inbox reply: the admin writes an answer; the server e-mails it to the sender and marks the message handled.
import { Reply } from 'lucide-react';
import { useState } from 'react';
import {
  INBOX_REPLY_MAX,
  type InboxMessage,
  type InboxReplyResult,
} from '../../../../../shared/inbox.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { api } from '../../../../lib/api.ts';
import { TextAreaField } from '../../../../components/ui/form-controls.tsx';
import { useAdminMutation } from '../../api/admin-mutation.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';

export function InboxReply({ message }: { message: InboxMessage }) {
  const [isWriting, setIsWriting] = useState(false);
  const [text, setText] = useState('');
  const send = useAdminMutation({
    mutationFn: (reply: string) =>
      api<InboxReplyResult>(`/api/admin/inbox/${encodeURIComponent(message.id)}/reply`, {
        method: 'POST',
        body: { message: reply },
      }),
    fallbackError: 'Failed to send the reply',
    onSuccess: () => {
      setIsWriting(false);
      setText('');
    },
  });
  return (
    <div className="mt-3 space-y-2">
      {message.reply ? (
        <div className="rounded-md bg-muted/60 p-3 text-sm">
          <p className="text-xs text-muted-foreground">
            Replied by {message.reply.by} at {formatDateTime(message.reply.at)}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{message.reply.text}</p>
        </div>
      ) : null}
      {isWriting ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate(text);
          }}
        >
          <TextAreaField
            label={`Reply to ${message.email}`}
            rows={4}
            maxLength={INBOX_REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending || !text.trim()}>
              {send.isPending ? 'Sending...' : 'Send reply'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={send.isPending}
              onClick={() => setIsWriting(false)}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setIsWriting(true)}>
          <Reply className="h-4 w-4" aria-hidden /> Reply
        </Button>
      )}
    </div>
  );
}
