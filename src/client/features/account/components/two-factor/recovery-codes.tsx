// The recovery codes, shown once after two-factor sign-in is turned on: each opens one sign-in without the phone.
import { twoFactorMessages } from '../../../../../shared/two-factor.ts';
import { Button } from '../../../../components/ui/button.tsx';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-green-700 dark:text-green-400">
        {twoFactorMessages.enabled}
      </p>
      <p className="text-sm">
        Each recovery code signs you in once if you lose your phone. They are not shown again: write
        them down or save them in your password manager now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-muted px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <Button variant="outline" onClick={onDone}>
        I Have Saved Them
      </Button>
    </div>
  );
}
