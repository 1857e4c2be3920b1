// The account menu's trigger face (initials and name), also shown while the menu's code loads.
import type { Me } from '../../../shared/auth.ts';

export const accountTriggerClass =
  'flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-muted';

/** Initials in a circle, then the name on wide screens; the trigger adds its chevron after it. */
export function AccountBadge({ me }: { me: Me }) {
  return (
    <>
      <span
        aria-hidden
        className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-bold uppercase text-primary-foreground"
      >
        {me.email.slice(0, 2)}
      </span>
      <span className="hidden max-w-32 truncate md:inline">{me.fullName}</span>
    </>
  );
}
