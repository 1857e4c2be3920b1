// Route guards of SPEC.md §2: who may open a page, and where everyone else is sent.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { useMe } from '../lib/use-me.ts';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import type { RouteAccess } from './route-table.ts';

export type { RouteAccess };

export function homeFor(isAdmin: boolean): string {
  return isAdmin ? paths.admin : paths.dashboard;
}

export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (access === 'public') return children;
  if (isPending) return <PageSpinner />;
  if (access === 'visitor') return me ? <Navigate to={homeFor(me.isAdmin)} replace /> : children;
  if (!me)
    return (
      <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />
    );
  if (access === 'admin' && !me.isAdmin) return <Navigate to={paths.dashboard} replace />;
  // Where admins need two-factor sign-in (production), an admin without it can only enrol, on /profile.
  if (access === 'admin' && me.twoFactorRequired && !me.twoFactorEnabled)
    return <Navigate to={paths.profile} replace />;
  if (access === 'customer' && me.isAdmin) return <Navigate to={paths.admin} replace />;
  return children;
}
