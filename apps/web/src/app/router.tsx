import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadDeferredMessages } from '../i18n';
import { AppLayout } from './layout/AppLayout';
import { RequireSession } from './layout/RequireSession';
import { RouteError } from './layout/RouteError';

/**
 * Each screen is its own chunk, loaded when first visited (spec section 2's routes, exactly), with the
 * messages it needs: every screen but the works page waits for the deferred message chunk too.
 */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
  { needsDeferredMessages = true } = {},
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), needsDeferredMessages ? loadDeferredMessages() : undefined]);
    return { Component: module.default };
  },
});

const favourites = page(() => import('../features/favourites/FavouritesPage'));
const labels = page(() => import('../features/labels/LabelsPage'));
const notFound = page(() => import('./layout/NotFoundPage'));

export const routes: RouteObject[] = [
  { path: '/login', ...page(() => import('../features/auth/LoginPage')), errorElement: <RouteError /> },
  {
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/works" replace /> },
      {
        path: 'works',
        ...page(() => import('../features/works/WorksPage'), { needsDeferredMessages: false }),
      },
      { path: 'work/:id', ...page(() => import('../features/work/WorkPage')) },
      { path: 'circles', ...labels },
      { path: 'tags', ...labels },
      { path: 'vas', ...labels },
      { path: 'favourites', ...favourites },
      { path: 'favourites/review', ...favourites },
      { path: 'favourites/progress', ...favourites },
      { path: 'favourites/progress/:state', ...favourites },
      { path: 'favourites/folder', ...favourites },
      { path: 'favourites/history', ...favourites },
      { path: 'about', ...page(() => import('../features/about/AboutPage')) },
      { path: 'settings', ...page(() => import('../features/settings/SettingsPage')) },
      { path: 'admin/scanner', ...page(() => import('../features/admin/ScannerPage')) },
      { path: '404', ...notFound },
      { path: '*', ...notFound },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
