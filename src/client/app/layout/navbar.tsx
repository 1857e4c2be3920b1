// The top bar: links, How It Works (scrolls on the landing page), theme toggle, user menu, mobile menu.
// The session part (wallet balance, account menu) comes with the data layer; until then a visitor's
// Sign In / Get Started shows, as it does while the session is being checked.
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';
import { useStoreIdentity } from '../../lib/store-identity.ts';
import { HOW_IT_WORKS_ID } from '../../lib/how-it-works-id.ts';
import { navSession } from '../data-islands.ts';
import { SignedOutActions, SignedOutLinks, useSignedIn } from './session-parts.tsx';
import { CloseIcon, MenuIcon } from './shell-icons.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Products' },
  { to: paths.webServices, label: 'Services' },
  { to: paths.support, label: 'Support' },
];

export function Navbar() {
  const store = useStoreIdentity();
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  // The mobile menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (next: boolean | ((o: boolean) => boolean)) =>
    setOpenOn((typeof next === 'function' ? next(open) : next) ? location.pathname : null);
  const navigate = useNavigate();
  const signedIn = useSignedIn();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 50);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const showHowItWorks = () => {
    setOpen(false);
    const section = document.getElementById(HOW_IT_WORKS_ID);
    if (section) section.scrollIntoView({ behavior: 'smooth' });
    else navigate(`${paths.home}#${HOW_IT_WORKS_ID}`);
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive && 'text-primary');

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-colors',
        scrolled || open ? 'border-b border-border bg-background shadow-sm' : 'bg-transparent',
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4"
      >
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold">
          {store.logoUrl ? (
            <img
              src={store.logoUrl}
              alt=""
              width={28}
              height={28}
              className="h-7 w-7 rounded-md object-contain"
            />
          ) : (
            // The built-in mark (public/favicon.svg) drawn in place: no request for the first paint to wait on.
            <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="#4f46e5" />
              <path d="M9 22l7-12 7 12z" fill="#fff" />
            </svg>
          )}
          {store.storeName}
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          <button
            type="button"
            onClick={showHowItWorks}
            className="rounded-md px-3 py-2 text-sm font-medium hover:bg-muted"
          >
            How It Works
          </button>
        </div>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Suspense fallback={<SignedOutActions />}>
            <navSession.Component />
          </Suspense>
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
          </button>
        </div>
      </nav>
      {open && (
        <div className="border-t border-border bg-background px-4 pb-4 md:hidden">
          <div className="flex flex-col py-2">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end className={linkClass}>
                {l.label}
              </NavLink>
            ))}
            <button
              type="button"
              onClick={showHowItWorks}
              className="rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-muted"
            >
              How It Works
            </button>
            {!signedIn && <SignedOutLinks linkClass={linkClass} />}
          </div>
        </div>
      )}
    </header>
  );
}
