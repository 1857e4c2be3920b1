// The route table of SPEC.md §2 in one place: every path, who may open it, and its lazily loaded page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../../shared/paths.ts';
import type { RouteAccess } from './guards.tsx';

type PageRoute = { path: string; access: RouteAccess; Page: LazyExoticComponent<ComponentType> };

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const pageRoutes: PageRoute[] = [
  { path: paths.home, access: 'everyone', Page: page(() => import('../features/pages/landing-page.tsx')) },
  { path: '*', access: 'everyone', Page: page(() => import('../features/pages/not-found-page.tsx')) },
];
