// Pieces of the navbar's session area that the shell shows before the data layer has loaded (a visitor's
// Sign In / Get Started), shared with the data layer so both look the same.
import { useSyncExternalStore } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { buttonClass } from '../../components/ui/button-styles.ts';

// Whether someone is signed in, as the data layer last saw it (false until it has loaded and checked),
// for the shell's parts that only show or hide something (the mobile menu's Sign In / Get Started).
let signedIn = false;
const listeners = new Set<() => void>();

export function reportSignedIn(value: boolean): void {
  if (value === signedIn) return;
  signedIn = value;
  listeners.forEach((l) => l());
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => signedIn,
    // A server-rendered page is the visitor's page.
    () => false,
  );
}

export function SignedOutActions() {
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <Link to={paths.login} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
        Sign In
      </Link>
      <Link to={paths.register} className={buttonClass({ size: 'sm' })}>
        Get Started
      </Link>
    </div>
  );
}

export function SignedOutLinks({
  linkClass,
}: {
  linkClass: (state: { isActive: boolean }) => string;
}) {
  return (
    <>
      <NavLink to={paths.login} className={linkClass}>
        Sign In
      </NavLink>
      <NavLink to={paths.register} className={linkClass}>
        Get Started
      </NavLink>
    </>
  );
}
