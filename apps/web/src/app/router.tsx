import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadDeferredMessages, loadWorkMessages } from '../i18n';
import { AppLayout } from './layout/AppLayout';
import { importWhenOnline } from './layout/network-events';
import { RequireSession } from './layout/RequireSession';
import { RouteError } from './layout/RouteError';

/**
 * Each screen is its own chunk, loaded when first visited (spec section 2's routes, exactly), with the
 * messages it needs: the works page's are in the first bundle, the work page waits for its own message
 * chunk only (issue 14's phone budget), every other screen for the deferred message chunk. A chunk
 * that cannot be fetched during an outage is fetched again once the server is back (the navigation
 * waits under the network screen), rather than failing the route until a reload.
 */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
  { loadMessages = loadDeferredMessages }: { loadMessages?: (() => Promise<void>) | null } = {},
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([
      importWhenOnline(load),
      loadMessages ? importWhenOnline(loadMessages) : undefined,
    ]);
    return { Component: module.default };
  },
});

const favourites = page(() => import('../features/favourites/FavouritesPage'));
const labels = page(() => import('../features/labels/LabelsPage'));
const notFound = page(() => import('./layout/NotFoundPage'));

/** The screens under the main layout (spec section 2's routes, exactly). */
const screens: RouteObject[] = [
  { index: true, element: <Navigate to="/works" replace /> },
  {
    path: 'works',
    ...page(() => import('../features/works/WorksPage'), { loadMessages: null }),
  },
  {
    path: 'work/:id',
    ...page(() => import('../features/work/WorkPage'), { loadMessages: loadWorkMessages }),
  },
  { path: 'circles', ...labels },
  { path: 'tags', ...labels },
  { path: 'vas', ...labels },
  { path: 'favourites', ...favourites },
  { path: 'favourites/review', ...favourites },
  { path: 'favourites/progress', ...favourites },
  { path: 'favourites/progress/:state', ...favourites },
  { path: 'favourites/folder', ...favourites },
  { path: 'favourites/history', ...favourites },
  { path: 'playlists/:id', ...page(() => import('../features/favourites/PlaylistPage')) },
  { path: 'about', ...page(() => import('../features/about/AboutPage')) },
  { path: 'settings', ...page(() => import('../features/settings/SettingsPage')) },
  { path: 'admin/scanner', ...page(() => import('../features/admin/ScannerPage')) },
  { path: 'admin/users', ...page(() => import('../features/admin/users/UsersPage')) },
  { path: 'admin/feedback', ...page(() => import('../features/admin/inbox/FeedbackPage')) },
  { path: '404', ...notFound },
  { path: '*', ...notFound },
];

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
      {
        // A screen that fails (its chunk could not be fetched during an outage, or it threw) shows its
        // error inside the layout: the layout, and the player in it, stay mounted and keep playing.
        errorElement: <RouteError />,
        children: screens,
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
