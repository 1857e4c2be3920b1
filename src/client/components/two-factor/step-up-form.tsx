// Step-up: shown where a money action or a reveal of credentials answered STEP_UP_REQUIRED; a right code lets this
// session go on for a few minutes, and onDone repeats the action.
import { twoFactorMessages } from '../../../shared/two-factor.ts';
import { useStepUp } from '../../lib/two-factor-api.ts';
import { CodeForm } from './code-form.tsx';

export function StepUpForm({ onDone }: { onDone: () => void }) {
  const stepUp = useStepUp();
  return (
    <div className="space-y-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3">
      <p className="text-sm">{twoFactorMessages.stepUpRequired}</p>
      <CodeForm
        submitLabel="Confirm"
        isPending={stepUp.isPending}
        onCode={(code) => stepUp.mutate(code, { onSuccess: onDone })}
      />
      {stepUp.error && (
        <p role="alert" className="text-sm text-destructive">
          {stepUp.error.message}
        </p>
      )}
    </div>
  );
}
