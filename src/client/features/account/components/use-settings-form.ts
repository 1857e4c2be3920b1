// A settings form that sends all its fields: checked with the shared schema first (its first problem is the
// answer), emptied after success, the server's message shown under it.
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { useFieldValues } from '../../../lib/use-field-values.ts';
import { useFormAnswer } from './use-form-answer.ts';

export function useSettingsForm<V extends Record<string, string>, S extends z.ZodType>({
  initial,
  schema,
  mutation,
}: {
  initial: V;
  schema: S;
  mutation: UseMutationResult<{ message: string }, Error, z.output<S>>;
}) {
  const fields = useFieldValues(initial);
  const note = useFormAnswer();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.clear();
    const parsed = schema.safeParse(fields.values);
    if (!parsed.success) return note.fail(parsed.error.issues[0]?.message ?? '');
    mutation.mutate(parsed.data, {
      onSuccess: (r) => {
        fields.setValues(initial);
        note.ok(r.message);
      },
      onError: (err) => note.fail(err.message),
    });
  };
  return { bind: fields.bind, submit, note, isPending: mutation.isPending };
}
