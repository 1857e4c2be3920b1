// One inbox message: kind, sender, subject, body, the form's extra fields, time, the Mark handled / Mark new
// button, and the reply (sent by e-mail).
import { CheckCheck, Mail, RotateCcw } from 'lucide-react';
import {
  contactTypes,
  optionLabel,
  projectTypes,
  quoteBudgets,
  quoteTimelines,
  supportCategories,
  type InboxMessage,
} from '../../../../../shared/inbox.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { useSetInboxStatus } from '../../api/admin-inbox.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { Badge } from '../status-badge.tsx';
import { InboxReply } from './inbox-reply.tsx';

const kinds = {
  support: { label: 'Support', tone: 'blue' },
  contact: { label: 'Contact', tone: 'violet' },
  quote: { label: 'Quote', tone: 'amber' },
} as const;

/** Field names and option values as people read them. */
const fieldLabels: Record<
  string,
  { label: string; options?: readonly { value: string; label: string }[] }
> = {
  category: { label: 'Category', options: supportCategories },
  type: { label: 'Inquiry type', options: contactTypes },
  projectType: { label: 'Package', options: projectTypes },
  phone: { label: 'Phone' },
  company: { label: 'Company' },
  budget: { label: 'Budget', options: quoteBudgets },
  timeline: { label: 'Timeline', options: quoteTimelines },
  features: { label: 'Features' },
};

export function InboxMessageCard({ message }: { message: InboxMessage }) {
  const setStatus = useSetInboxStatus();
  const kind = kinds[message.kind];
  const isNew = message.status === 'new';
  // Known fields in the form's order, then anything else the server kept.
  const order = Object.keys(fieldLabels);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const fields = Object.entries(message.fields)
    .filter(([, value]) => value)
    .sort(([a], [b]) => rank(a) - rank(b));
  return (
    <article
      aria-label={message.subject}
      className={cn(
        'rounded-lg border p-4',
        isNew ? 'border-primary/50 bg-primary/5' : 'border-border',
      )}
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={kind.tone}>{kind.label}</Badge>
        <Badge tone={isNew ? 'green' : 'gray'}>{isNew ? 'New' : 'Handled'}</Badge>
        <time dateTime={message.createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatDateTime(message.createdAt)}
        </time>
      </header>
      <h3 className="mt-2 break-words font-semibold">{message.subject}</h3>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{message.name}</span>
        <a
          href={`mailto:${message.email}`}
          className="inline-flex items-center gap-1 break-all hover:underline"
        >
          <Mail className="h-3.5 w-3.5" aria-hidden /> {message.email}
        </a>
      </p>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm">{message.body}</p>
      {fields.length > 0 ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {fields.map(([key, value]) => {
            const meta = fieldLabels[key];
            return (
              <div key={key} className="flex gap-2">
                <dt className="text-muted-foreground">{meta?.label ?? key}:</dt>
                <dd className="break-words">
                  {meta?.options ? optionLabel(meta.options, value) : value}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      <div className="mt-4">
        <Button
          size="sm"
          variant={isNew ? 'primary' : 'outline'}
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ id: message.id, status: isNew ? 'handled' : 'new' })}
        >
          {isNew ? (
            <CheckCheck className="h-4 w-4" aria-hidden />
          ) : (
            <RotateCcw className="h-4 w-4" aria-hidden />
          )}
          {isNew ? 'Mark handled' : 'Mark new'}
        </Button>
      </div>
      <InboxReply message={message} />
    </article>
  );
}
