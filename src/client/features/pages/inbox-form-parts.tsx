// The parts only the inbox forms (support, contact, quote) have: the sender's name and e-mail, the bot trap,
// the send button and the sent notice.
import { Loader2, Send } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-controls.tsx';

type Bound = {
  name: string;
  value: string;
  error?: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
};

/** Who writes: the name (labelled as the page words it) and the e-mail address to answer. */
export function SenderFields({
  nameLabel,
  name,
  email,
}: {
  nameLabel: string;
  name: Bound;
  email: Bound;
}) {
  return (
    <>
      <TextField label={nameLabel} required autoComplete="name" maxLength={100} {...name} />
      <TextField
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        {...email}
      />
    </>
  );
}

/** 'Send Message', with a spinner while the message is on its way. */
export function SendButton({ isSending }: { isSending: boolean }) {
  return (
    <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSending}>
      {isSending ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Send className="h-4 w-4" aria-hidden />
      )}
      {isSending ? 'Sending...' : 'Send Message'}
    </Button>
  );
}

/** A field people never see or reach; bots that fill every input give themselves away. */
export function Honeypot({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div aria-hidden className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The inline confirmation after the server accepted a message. */
export function SentNotice({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <p className="rounded-md border border-emerald-600/40 bg-emerald-50 p-3 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {message}
        </p>
      ) : null}
    </div>
  );
}
