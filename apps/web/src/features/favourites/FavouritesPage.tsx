import { Stack, Tabs, Title } from '@mantine/core';
import { IconClock, IconFolder, IconHeadphones, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSessionUser } from '../../components/review/use-session-user';
import classes from './favourites.module.css';
import { FolderView } from './parts/FolderView';
import { GuestNotice } from './parts/GuestNotice';
import { HistoryView } from './parts/HistoryView';
import { ReviewList } from './parts/ReviewList';
import { FAVOURITE_VIEWS, type FavouriteView, favouritesPath, parseFavouritesPath } from './route';

const ICONS: Record<FavouriteView, typeof IconStar> = {
  review: IconStar,
  progress: IconHeadphones,
  folder: IconFolder,
  history: IconClock,
};

/** My favourites: review (default), progress by state, folder (by circle) and history views. */
export default function FavouritesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const route = parseFavouritesPath(pathname);
  const user = useSessionUser();

  if (route.invalid) return <Navigate to={favouritesPath('progress')} replace />;
  if (user?.group === 'guest') {
    return (
      <Stack gap="md">
        <Title order={2}>{t('favourites.title')}</Title>
        <GuestNotice />
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={1400} mx="auto" w="100%">
      <Title order={2}>{t('favourites.title')}</Title>
      <Tabs
        value={route.view}
        onChange={(view) => view && navigate(favouritesPath(view as FavouriteView))}
        keepMounted={false}
      >
        <Tabs.List className={classes.tabs}>
          {FAVOURITE_VIEWS.map((view) => {
            const Icon = ICONS[view];
            return (
              <Tabs.Tab key={view} value={view} leftSection={<Icon size={16} aria-hidden />}>
                {t(`favourites.tabs.${view}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {!user ? null : route.view === 'folder' ? (
        <FolderView userName={user.name} />
      ) : route.view === 'history' ? (
        <HistoryView />
      ) : (
        <ReviewList key={route.view} mode={route.view} state={route.state} userName={user.name} />
      )}
    </Stack>
  );
}
