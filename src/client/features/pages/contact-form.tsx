// The Contact page's form: inquiry type (default general), name, e-mail, subject, message; sent to the admin Inbox.
import { Loader2, Send } from 'lucide-react';
import { contactSchema, contactTypes, inboxSuccessMessages } from '../../../shared/inbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSendContact } from '../inbox/api/use-send-contact.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-controls.tsx';
import { Honeypot, SentNotice } from './inbox-form-parts.tsx';
import { useInboxForm } from './use-inbox-form.ts';

const emptyContact = {
  type: 'general',
  name: '',
  email: '',
  subject: '',
  message: '',
  website: '',
};

export function ContactForm() {
  const mutation = useSendContact();
  const form = useInboxForm({
    schema: contactSchema,
    initial: emptyContact,
    mutation,
    successMessage: inboxSuccessMessages.contact,
  });
  return (
    <form onSubmit={form.onSubmit} className="relative space-y-4" aria-label="Contact message">
      <SelectField label="Inquiry Type" required options={contactTypes} {...form.bind('type')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your Name"
          required
          autoComplete="name"
          maxLength={100}
          {...form.bind('name')}
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
      <TextField label="Subject" required maxLength={200} {...form.bind('subject')} />
      <TextAreaField label="Message" required rows={6} maxLength={5000} {...form.bind('message')} />
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
