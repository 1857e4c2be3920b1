// A new password and its confirmation (registration, reset, change): both 'new-password' to password
// managers; whether they match is the shared schema's check.
import type { ReactNode } from 'react';
import { Field } from './ui/field.tsx';

type Binding = { value: string; onChange: (e: { target: { value: string } }) => void };

export function NewPasswordFields({
  labels,
  password,
  confirm,
  hint,
}: {
  labels: { password: string; confirm: string };
  password: Binding;
  confirm: Binding;
  hint?: ReactNode;
}) {
  return (
    <>
      <Field
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={hint}
        {...password}
      />
      <Field label={labels.confirm} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
