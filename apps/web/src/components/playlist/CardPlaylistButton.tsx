import type { Work } from '@sasayaki/api-contract';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuOnFirstClick } from '../lazy-menu/MenuOnFirstClick';
import { useSessionUser } from '../review/use-session-user';
import classes from './playlist.module.css';

// The menu (Mantine's Menu and its positioning) loads on the first click: a page of cards carries a
// plain button each, so the works list's first render pays nothing for it.
const PlaylistMenu = lazy(() =>
  import('./PlaylistMenu').then((module) => ({ default: module.PlaylistMenu })),
);

/** A work card's menu button: "Add to playlist" with the member's playlists. Nothing for the guest. */
export function CardPlaylistButton({ work }: { work: Pick<Work, 'id' | 'title'> }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user || user.group === 'guest') return null;
  return (
    <MenuOnFirstClick
      button={
        <button
          type="button"
          className={classes.cardButton}
          aria-label={t('playlistMenu.more', { title: work.title })}
          title={t('playlistMenu.add')}
          data-testid="card-playlist-button"
        >
          <IconPlaylistAdd size={18} aria-hidden />
        </button>
      }
      menu={(button) => <PlaylistMenu workId={work.id} target={button} defaultOpened />}
    />
  );
}
