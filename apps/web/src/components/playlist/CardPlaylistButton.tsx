import type { Work } from '@sasayaki/api-contract';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [wanted, setWanted] = useState(false);
  if (!user || user.group === 'guest') return null;
  const button = (
    <button
      type="button"
      className={classes.cardButton}
      aria-label={t('playlistMenu.more', { title: work.title })}
      title={t('playlistMenu.add')}
      data-testid="card-playlist-button"
      onClick={() => setWanted(true)}
    >
      <IconPlaylistAdd size={18} aria-hidden />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <PlaylistMenu workId={work.id} target={button} defaultOpened />
    </Suspense>
  );
}
