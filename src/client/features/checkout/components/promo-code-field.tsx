// Checkout's promo code: typed, applied (the quote checks it and shows the discount), or removed.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';

type Props = {
  applied: string | null;
  /** The server's reason when the applied code does not apply, else null. */
  error: string | null;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

export function PromoCodeField({ applied, error, isChecking, onApply, onRemove }: Props) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(applied ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (code) onApply(code.toUpperCase());
  };
  return (
    <form onSubmit={submit} className="mt-4" aria-label="Promo code">
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClass, 'flex-1 uppercase')}
        />
        {applied && !error ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setText('');
              onRemove();
            }}
          >
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="outline" disabled={isChecking || !text.trim()}>
            {isChecking ? 'Checking...' : 'Apply'}
          </Button>
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
