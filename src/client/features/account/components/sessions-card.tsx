// Profile settings: the devices signed in to this account (device, last seen), each with Sign Out, and Sign
// Out Everywhere Else.
import { Laptop } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from '../../../lib/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useFormAnswer } from './use-form-answer.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

export function SessionsCard() {
  const { data, isPending, isError } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const note = useFormAnswer();
  const answer = {
    onSuccess: (r: { message: string }) => note.ok(r.message),
    onError: (err: Error) => note.fail(err.message),
  };
  const sessions = data?.sessions ?? [];
  return (
    <SettingsSection
      title="Signed-in devices"
      description="Sign out of a device you do not recognise or no longer use."
    >
      {isPending && <p className="text-sm text-muted-foreground">Loading devices...</p>}
      {isError && (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your devices.
        </p>
      )}
      <ul className="divide-y divide-border" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
            <Laptop className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {s.device}
                {s.isCurrent && (
                  <span className="ml-2 rounded-full bg-green-600/15 px-2 py-0.5 text-xs text-green-800 dark:text-green-300">
                    This device
                  </span>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                Last seen {formatDateTime(s.lastSeenAt)} · signed in {formatDateTime(s.createdAt)}
              </p>
            </div>
            {!s.isCurrent && (
              <Button
                variant="outline"
                size="sm"
                disabled={endOne.isPending}
                onClick={() => endOne.mutate(s.id, answer)}
                aria-label={`Sign out ${s.device}, last seen ${formatDateTime(s.lastSeenAt)}`}
              >
                Sign Out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 && (
        <Button
          className="mt-3"
          variant="outline"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate(undefined, answer)}
        >
          Sign Out Everywhere Else
        </Button>
      )}
      <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
    </SettingsSection>
  );
}
