// The Support page's contact form: full name, e-mail, category, subject, message; sent to the admin Inbox.
import { Loader2, Send } from 'lucide-react';
import { inboxSuccessMessages, supportCategories, supportSchema } from '../../../shared/inbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSendSupport } from '../inbox/api/use-send-support.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-controls.tsx';
import { Honeypot, SentNotice } from './inbox-form-parts.tsx';
import { useInboxForm } from './use-inbox-form.ts';

const emptySupport = {
  fullName: '',
  email: '',
  category: '',
  subject: '',
  message: '',
  website: '',
};

export function SupportForm() {
  const mutation = useSendSupport();
  const form = useInboxForm({
    schema: supportSchema,
    initial: emptySupport,
    mutation,
    successMessage: inboxSuccessMessages.support,
  });
  return (
    <form onSubmit={form.onSubmit} className="relative space-y-4" aria-label="Support request">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full Name"
          required
          autoComplete="name"
          maxLength={100}
          {...form.bind('fullName')}
        />
        <TextField
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          {...form.bind('email')}
        />
      </div>
      <SelectField
        label="Category"
        required
        options={supportCategories}
        placeholder="Select a category"
        {...form.bind('category')}
      />
      <TextField label="Subject" required maxLength={200} {...form.bind('subject')} />
      <TextAreaField
        label="Message"
        required
        rows={6}
        maxLength={5000}
        hint="Include your order ID or payment reference if you have one."
        {...form.bind('message')}
      />
      <Honeypot {...form.honeypot} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={form.isSending}>
        {form.isSending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        ) : (
          <Send className="h-4 w-4" aria-hidden />
        )}
        {form.isSending ? 'Sending...' : 'Send Message'}
      </Button>
      <SentNotice message={form.sentMessage} />
    </form>
  );
}
