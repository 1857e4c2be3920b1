// The quote request dialog of the Web Services page: opened by a package's 'Start Your Project' button.
import { Loader2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import {
  inboxSuccessMessages,
  quoteBudgets,
  quoteSchema,
  quoteTimelines,
} from '../../../shared/inbox.ts';
import { formatNairaShort } from '../../../shared/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSendQuote } from './api/use-send-quote.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-controls.tsx';
import { Honeypot, SenderFields } from './inbox-form-parts.tsx';
import { useInboxForm } from './use-inbox-form.ts';
import type { WebPackage } from './web-packages.ts';

const emptyQuote = {
  name: '',
  email: '',
  phone: '',
  company: '',
  budget: '',
  timeline: '',
  description: '',
  features: '',
  website: '',
};

type Props = { pkg: WebPackage | null; onClose: () => void };

export function QuoteDialog({ pkg, onClose }: Props) {
  // Owned here so that the dialog cannot be closed while a request is on its way (its answer would go unseen).
  const mutation = useSendQuote();
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  return (
    <Dialog.Root open={pkg !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-5 text-foreground shadow-xl sm:p-6">
          {pkg ? <QuoteForm key={pkg.id} pkg={pkg} mutation={mutation} onSent={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type FormProps = { pkg: WebPackage; mutation: ReturnType<typeof useSendQuote>; onSent: () => void };

function QuoteForm({ pkg, mutation, onSent }: FormProps) {
  const form = useInboxForm({
    schema: quoteSchema,
    initial: { ...emptyQuote, projectType: pkg.id },
    mutation,
    successMessage: inboxSuccessMessages.quote,
    onSent,
  });
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <Dialog.Title className="text-xl font-bold">Start Your Project</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {pkg.name} package · {formatNairaShort(pkg.priceKobo)} · {pkg.duration}. Tell us about
            your project and we'll contact you within 24 hours.
          </Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label="Close" disabled={form.isSending}>
            <X className="h-5 w-5" aria-hidden />
          </Button>
        </Dialog.Close>
      </div>
      <form
        onSubmit={form.onSubmit}
        className="relative mt-5 space-y-4"
        aria-label="Project request"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SenderFields nameLabel="Full Name" name={form.bind('name')} email={form.bind('email')} />
          <TextField
            label="Phone Number"
            type="tel"
            required
            autoComplete="tel"
            maxLength={30}
            {...form.bind('phone')}
          />
          <TextField
            label="Company / Business Name"
            autoComplete="organization"
            maxLength={120}
            {...form.bind('company')}
          />
          <SelectField
            label="Budget"
            options={quoteBudgets}
            placeholder="Select a budget range"
            {...form.bind('budget')}
          />
          <SelectField
            label="Timeline"
            options={quoteTimelines}
            placeholder="Select a timeline"
            {...form.bind('timeline')}
          />
        </div>
        <TextAreaField
          label="Project Description"
          required
          maxLength={5000}
          hint="What does your business do, and what should the website achieve?"
          {...form.bind('description')}
        />
        <TextAreaField
          label="Features You Need"
          rows={3}
          maxLength={2000}
          hint="Optional: e.g. online booking, payments, a blog."
          {...form.bind('features')}
        />
        <Honeypot {...form.honeypot} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button variant="outline" disabled={form.isSending}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={form.isSending}>
            {form.isSending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {form.isSending ? 'Submitting...' : 'Submit Request'}
          </Button>
        </div>
      </form>
    </>
  );
}
