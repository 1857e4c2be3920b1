// The state of an admin console form: its text values, one form-level error (cleared as soon as the admin
// types), and `bind` for the controls.
import { useState } from 'react';

export function useAdminForm<V extends Record<string, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<string | null>(null);
  /** Props for the control of one field. */
  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setError(null);
    },
  });
  return { values, setValues, error, setError, bind };
}
