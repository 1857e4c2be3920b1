// State of one inbox form: values, field errors from the shared schema, sending, and what happens after.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import type { z } from 'zod';
import type { InboxSuccess } from '../../../shared/inbox.ts';

type Values = Record<string, string> & { website: string };

type Options<V extends Values, S extends z.ZodType> = {
  schema: S;
  initial: V;
  mutation: UseMutationResult<InboxSuccess, Error, z.input<S>>;
  successMessage: string;
  /** After success; the values have been reset already. */
  onSent?: () => void;
};

export function useInboxForm<V extends Values, S extends z.ZodType>({
  schema,
  initial,
  mutation,
  successMessage,
  onSent,
}: Options<V, S>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const set = (name: keyof V, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setSentMessage(null);
  };

  /** Props for a control bound to one field. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, e.target.value),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    // The honeypot is the server's to judge: checked here, a filled one would tell a scripted browser which
    // field gave it away. It goes out as typed and the server answers as for any message, storing nothing.
    const parsed = schema.safeParse({ ...values, website: '' });
    if (!parsed.success) {
      const next: Partial<Record<keyof V, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof V | undefined;
        if (key !== undefined && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      const firstInvalid = parsed.error.issues[0]?.path[0];
      if (typeof firstInvalid === 'string')
        event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    // The parsed values are the trimmed ones; they satisfy the schema's input by construction.
    mutation.mutate({ ...(parsed.data as object), website: values.website } as z.input<S>, {
      onSuccess: (res) => {
        const message = res.message || successMessage;
        toast.success(message);
        setValues(initial);
        setErrors({});
        setSentMessage(message);
        onSent?.();
      },
      // The typed text stays so that nothing is lost; the toast carries the server's words.
      onError: (err) => toast.error(err.message),
    });
  };

  return {
    values,
    bind,
    setValue: set,
    errors,
    onSubmit,
    sentMessage,
    isSending: mutation.isPending,
    honeypot: { value: values.website, onChange: (v: string) => set('website', v) },
  };
}
