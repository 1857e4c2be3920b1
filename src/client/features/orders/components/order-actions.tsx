// A card's buttons: show credentials, download (JSON or text) and e-mail them; usable only on completed orders.
import { useMutation } from '@tanstack/react-query';
import { Download, Eye, EyeOff, FileText, Mail } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import type { CustomerOrder } from '../../../../shared/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { downloadCredentials, type DownloadFormat } from '../api/download-credentials.ts';
import { EmailStatus } from './email-status.tsx';
import { useEmailCredentials } from '../api/use-email-credentials.ts';

type Props = {
  order: CustomerOrder;
  isRevealed: boolean;
  onToggleReveal: () => void;
  credentialsId: string;
};

export function OrderActions({ order, isRevealed, onToggleReveal, credentialsId }: Props) {
  const isCompleted = order.status === 'completed';
  const email = useEmailCredentials(order.id);
  const download = useMutation({
    mutationFn: (format: DownloadFormat) => downloadCredentials(order.id, format),
    onError: (err) =>
      toast.error(err.message, { description: 'Please contact support if this keeps happening.' }),
  });
  const isSending = email.isPending;
  return (
    <div className="space-y-3">
      <EmailStatus email={order.email} isSending={isSending} onRetry={() => email.mutate()} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!isCompleted}
          aria-expanded={isRevealed}
          aria-controls={credentialsId}
          onClick={onToggleReveal}
        >
          {isRevealed ? (
            <EyeOff className="h-4 w-4" aria-hidden />
          ) : (
            <Eye className="h-4 w-4" aria-hidden />
          )}
          {isRevealed ? 'Hide Credentials' : 'Show Credentials'}
        </Button>
        <Button
          size="sm"
          disabled={!isCompleted || download.isPending}
          onClick={() => download.mutate('json')}
        >
          <Download className="h-4 w-4" aria-hidden /> Download Credentials
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!isCompleted || download.isPending}
          onClick={() => download.mutate('txt')}
        >
          <FileText className="h-4 w-4" aria-hidden /> Download as text
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!isCompleted || isSending}
          onClick={() => email.mutate()}
        >
          <Mail className="h-4 w-4" aria-hidden /> {isSending ? 'Sending...' : 'Email'}
        </Button>
      </div>
    </div>
  );
}
