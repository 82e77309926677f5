import { Box, Divider, NavLink, Switch, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsShuffle,
  IconBooks,
  IconHeart,
  IconInfoCircle,
  IconLogout,
  IconMicrophone2,
  IconMoon,
  IconSettings,
  IconTags,
  IconUsersGroup,
  IconZzz,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation, useNavigate } from 'react-router';
import { logout, useSession } from '../../features/auth/session';
import { playRandomWork } from '../../features/works/random-play';
import { afterOverlayBack, useOverlayLink } from '../../lib/use-back-closes';
import { usePlayerActivation } from '../../player/activation';
import { AdminLinks } from './AdminLinks';
import classes from './layout.module.css';

const LogoutDialog = lazy(() => import('./LogoutDialog'));

const LINKS = [
  { to: '/works', key: 'library', icon: IconBooks },
  { to: '/favourites', key: 'favourites', icon: IconHeart },
  { to: '/circles', key: 'circles', icon: IconUsersGroup },
  { to: '/tags', key: 'tags', icon: IconTags },
  { to: '/vas', key: 'vas', icon: IconMicrophone2 },
] as const;

/** The 230 px sidebar (spec section 2): places, random play, sleep mode, dark mode, about, settings, logout. */
export function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const session = useSession();
  const openSleepTimer = usePlayerActivation((state) => state.openSleepTimer);
  const user = session.data?.user;
  // On phones the sidebar is an overlay with a history entry: its links wait for that entry to go.
  const followLink = useOverlayLink(onNavigate);

  const [logoutOpen, logoutDialog] = useDisclosure(false);
  const confirmLogout = async () => {
    logoutDialog.close();
    await logout();
    queryClient.clear();
    navigate('/login');
  };

  return (
    // A native scrolling box: Mantine's ScrollArea would bring floating-ui and react-remove-scroll into
    // the first page's JavaScript (200 KB budget).
    <Box component="nav" aria-label={t('common.nav.menu')} p="xs" className={classes.sidebar}>
      {LINKS.map(({ to, key, icon: Icon }) => (
        <NavLink
          key={to}
          component={RouterLink}
          to={to}
          label={t(`common.nav.${key}`)}
          leftSection={<Icon size={18} />}
          active={location.pathname.startsWith(to)}
          onClick={followLink}
        />
      ))}
      <Divider my="xs" />
      <NavLink
        component="button"
        label={t('common.nav.randomPlay')}
        leftSection={<IconArrowsShuffle size={18} />}
        onClick={() => {
          onNavigate();
          afterOverlayBack(() => void playRandomWork(navigate));
        }}
      />
      <NavLink
        component="button"
        label={t('common.nav.sleepMode')}
        leftSection={<IconZzz size={18} />}
        onClick={() => {
          onNavigate();
          openSleepTimer();
        }}
      />
      <Box px="sm" py={8}>
        <Switch
          label={t('common.nav.darkMode')}
          checked={colorScheme === 'dark'}
          onChange={() => toggleColorScheme()}
          thumbIcon={<IconMoon size={12} />}
        />
      </Box>
      <Divider my="xs" />
      {user?.group === 'administrator' && <AdminLinks onFollow={followLink} />}
      <NavLink
        component={RouterLink}
        to="/about"
        label={t('common.nav.about')}
        leftSection={<IconInfoCircle size={18} />}
        onClick={followLink}
      />
      <NavLink
        component={RouterLink}
        to="/settings"
        label={t('common.nav.settings')}
        leftSection={<IconSettings size={18} />}
        onClick={followLink}
      />
      {session.data?.auth && user && (
        <NavLink
          component="button"
          label={t('common.nav.logout')}
          description={user.name}
          leftSection={<IconLogout size={18} />}
          onClick={logoutDialog.open}
        />
      )}
      {logoutOpen && (
        <Suspense fallback={null}>
          <LogoutDialog
            name={user?.name ?? ''}
            onCancel={logoutDialog.close}
            onConfirm={() => void confirmLogout()}
          />
        </Suspense>
      )}
    </Box>
  );
}
