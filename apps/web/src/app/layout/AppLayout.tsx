import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, ScrollRestoration } from 'react-router';
import { Notices } from '../../features/notices/Notices';
import { PlayerSlots } from './PlayerSlots';
import { ScrollToTop } from './ScrollToTop';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Spec: drawer width 230. */
export const DRAWER_WIDTH = 230;

/** The main layout: top bar, sidebar, the screen, and the player's slots. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: DRAWER_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !opened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          onMenu={() => {
            toggle();
            toggleDesktop();
          }}
          menuOpened={opened}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main pb="calc(var(--player-bar-height, 0px) + var(--mantine-spacing-md))">
        <Outlet />
      </AppShell.Main>
      <PlayerSlots />
      <ScrollToTop />
      <Notices />
      {/* Back from a work returns to the same page and scroll position of the list. */}
      <ScrollRestoration />
    </AppShell>
  );
}
