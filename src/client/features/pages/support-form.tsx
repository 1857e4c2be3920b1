// The Support page's contact form: full name, e-mail, category, subject, message; sent to the admin Inbox.
import { inboxSuccessMessages, supportCategories, supportSchema } from '../../../shared/inbox.ts';
import { useSendSupport } from './api/use-send-support.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-controls.tsx';
import { Honeypot, SendButton, SenderFields, SentNotice } from './inbox-form-parts.tsx';
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
        <SenderFields
          nameLabel="Full Name"
          name={form.bind('fullName')}
          email={form.bind('email')}
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
      <SendButton isSending={form.isSending} />
      <SentNotice message={form.sentMessage} />
    </form>
  );
}
