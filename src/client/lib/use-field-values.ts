// A form's text inputs as one object of values, with the onChange handler that sets each of them.
import { useState } from 'react';

export function useFieldValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  /** value and onChange for the input of one field. */
  const bind = (key: keyof V & string) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  return { values, setValues, bind };
}
