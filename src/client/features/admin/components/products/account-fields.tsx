// The fields of a stock account that the Add Product tab and the Edit Account modal share: the username, the
// e-mail and the three secrets (password, e-mail password, 2FA code).
import type { InputHTMLAttributes } from 'react';
import { TextField } from '../../../../components/ui/form-controls.tsx';

type Bound = { name: string; value: string; onChange: (e: { target: { value: string } }) => void };

export function UsernameField(props: Bound) {
  return <TextField label="Username" required autoComplete="off" maxLength={200} {...props} />;
}

export function AccountEmailField({ hint, ...props }: Bound & { hint?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="off"
      maxLength={254}
      hint={hint}
      {...props}
    />
  );
}

/**
 * A stored secret. Added: up to 500 characters, optional unless required. Edited ('New …'): blank keeps the
 * stored one.
 */
export function SecretField({
  label,
  editing = false,
  required,
  ...props
}: Bound & { label: string; editing?: boolean; required?: boolean }) {
  const mode: InputHTMLAttributes<HTMLInputElement> & { hint?: string } = editing
    ? { placeholder: 'Leave blank to keep' }
    : { maxLength: 500, hint: required ? undefined : 'Optional' };
  return (
    <TextField
      label={editing ? `New ${label}` : label}
      required={required}
      autoComplete="off"
      {...mode}
      {...props}
    />
  );
}
