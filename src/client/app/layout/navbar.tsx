// The top bar: links, How It Works (scrolls on the landing page), theme toggle, user menu, mobile menu.
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useMe } from '../../features/auth/api/use-me.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Products' },
  { to: paths.webServices, label: 'Services' },
  { to: paths.support, label: 'Support' },
];

import { HOW_IT_WORKS_ID } from '../../lib/how-it-works-id.ts';

export function Navbar() {
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  // The mobile menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (next: boolean | ((o: boolean) => boolean)) =>
    setOpenOn((typeof next === 'function' ? next(open) : next) ? location.pathname : null);
  const { data: me } = useMe();
  const navigate = useNavigate();

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
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          AcctStore
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          <button type="button" onClick={showHowItWorks} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-muted">
            How It Works
          </button>
        </div>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          {me ? (
            <UserMenu me={me} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.login}>Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.register}>Get Started</Link>
              </Button>
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </Button>
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
            <button type="button" onClick={showHowItWorks} className="rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-muted">
              How It Works
            </button>
            {!me && (
              <>
                <NavLink to={paths.login} className={linkClass}>
                  Sign In
                </NavLink>
                <NavLink to={paths.register} className={linkClass}>
                  Get Started
                </NavLink>
              </>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
