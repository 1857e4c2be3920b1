// The UI kit's labelled inputs, text areas and selects (public forms, the console), each with its error or hint
// text tied to the control.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { inputClass } from './field.tsx';
import { cn } from '../../lib/cn.ts';

type Common = { label: ReactNode; error?: string; hint?: ReactNode };

function Labelled({
  id,
  label,
  error,
  hint,
  required,
  children,
}: Common & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes that tie a control to its error or hint text. */
function describedBy(id: string, { error, hint }: Common) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint} required={props.required}>
      <input
        id={id}
        className={cn(inputClass, className)}
        {...describedBy(id, { label, error, hint })}
        {...props}
      />
    </Labelled>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint} required={props.required}>
      <textarea
        id={id}
        rows={5}
        className={cn(inputClass, 'h-auto min-h-28 py-2', className)}
        {...describedBy(id, { label, error, hint })}
        {...props}
      />
    </Labelled>
  );
}

type SelectProps = Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  ...props
}: SelectProps) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint} required={props.required}>
      <select
        id={id}
        className={cn(inputClass, className)}
        {...describedBy(id, { label, error, hint })}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
