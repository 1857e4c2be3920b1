// The Contact page's form: inquiry type (default general), name, e-mail, subject, message; sent to the admin Inbox.
import { contactSchema, contactTypes, inboxSuccessMessages } from '../../../shared/inbox.ts';
import { useSendContact } from './api/use-send-contact.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-controls.tsx';
import { Honeypot, SendButton, SenderFields, SentNotice } from './inbox-form-parts.tsx';
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
      {/* Not `required`: it always holds a type (General Question by default, SPEC.md), and a required select
          must open on an empty choice (HTML's rule, which the W3C checker enforces). */}
      <SelectField label="Inquiry Type" options={contactTypes} {...form.bind('type')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SenderFields nameLabel="Your Name" name={form.bind('name')} email={form.bind('email')} />
      </div>
      <TextField label="Subject" required maxLength={200} {...form.bind('subject')} />
      <TextAreaField label="Message" required rows={6} maxLength={5000} {...form.bind('message')} />
      <Honeypot {...form.honeypot} />
      <SendButton isSending={form.isSending} />
      <SentNotice message={form.sentMessage} />
    </form>
  );
}
