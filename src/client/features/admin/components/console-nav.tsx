// The console's sections as links, one address each. On a phone they wrap into a grid of three, never a
// sideways scroll; the open section is marked for assistive technology too (aria-current). Link, not NavLink:
// the public pages' entry already exports Link, so the console adds nothing to it.
import { Link, useLocation } from 'react-router';
import { consolePath, consoleSections } from '../console-sections.tsx';

export function ConsoleNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Console sections" className="mt-6">
      <ul className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1 sm:flex sm:w-fit sm:flex-wrap">
        {consoleSections.map((s) => (
          <li key={s.path}>
            <Link
              to={consolePath(s)}
              aria-current={pathname.startsWith(consolePath(s)) ? 'page' : undefined}
              className="block rounded-md px-3 py-2 text-center text-sm font-medium text-muted-foreground transition hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
