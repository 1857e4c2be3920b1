// A labelled form input; the label is tied to the input so screen readers and tests find it by name.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode };

export const inputClass =
  'h-10 w-full rounded-md border border-border bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-primary';

export function Field({ label, hint, className, id, ...props }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <input id={inputId} className={cn(inputClass, className)} {...props} />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
