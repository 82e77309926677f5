import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, ScrollRestoration } from 'react-router';
import { Notices } from '../../features/notices/Notices';
import { useBackCloses } from '../../lib/use-back-closes';
import classes from './layout.module.css';
import { PlayerSlots } from './PlayerSlots';
import { ScrollToTop } from './ScrollToTop';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Spec: drawer width 230 (layout.module.css `--shell-navbar-width`). */
export const DRAWER_WIDTH = 230;

/**
 * The main layout: top bar, sidebar, the screen, and the player's slots. Plain elements and CSS rather
 * than Mantine's AppShell, whose media-query styles and scroll-lock helpers cost the first page about
 * 9 KB of JavaScript (200 KB budget). The same geometry: a 56 px header, a 230 px sidebar from the `sm`
 * breakpoint up (over the whole width below it, hidden until the menu opens it), 200 ms transitions.
 */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  // On phones the open sidebar covers the page: Back closes it first. Read at the first render: the
  // hook's default (undefined, then the answer from an effect) rendered the whole layout a second time
  // in the first screen's commit (a phone: a sixth of a second, times four in Lighthouse's simulation).
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  useBackCloses(opened && phone === true, close, 'sidebar');
  return (
    <div
      className={classes.shell}
      data-mobile-opened={opened || undefined}
      data-desktop-collapsed={!desktopOpened || undefined}
    >
      {/* right-scroll-bar-position: the header keeps its place when a dialog locks the page's scroll. */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <TopBar
          onMenu={() => {
            toggle();
            toggleDesktop();
          }}
          menuOpened={opened}
        />
      </header>
      <div className={classes.navbar}>
        <Sidebar onNavigate={close} />
      </div>
      <main className={classes.main}>
        <Outlet />
      </main>
      <PlayerSlots />
      <ScrollToTop />
      <Notices />
      {/* Back from a work returns to the same page and scroll position of the list. */}
      <ScrollRestoration />
    </div>
  );
}
