// Profile settings: change the display name.
import { useState, type FormEvent } from 'react';
import { updateNameSchema } from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useUpdateName } from '../../../lib/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useFormAnswer } from './use-form-answer.ts';

export function NameForm({ fullName }: { fullName: string }) {
  const [value, setValue] = useState(fullName);
  const save = useUpdateName();
  const note = useFormAnswer();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.clear();
    const parsed = updateNameSchema.safeParse({ fullName: value });
    if (!parsed.success) return note.fail(parsed.error.issues[0]?.message ?? '');
    save.mutate(parsed.data.fullName, {
      onSuccess: (r) => note.ok(r.message),
      onError: (err) => note.fail(err.message),
    });
  };
  return (
    <SettingsSection
      title="Name"
      description="The name we greet you with in e-mails and on your profile."
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1">
          <Field
            label="Full name"
            autoComplete="name"
            maxLength={80}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Name'}
        </Button>
      </form>
      <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
    </SettingsSection>
  );
}
