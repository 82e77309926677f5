import { ActionIcon, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { TrackNode } from '@sasayaki/api-contract';
import {
  IconDotsVertical,
  IconFile,
  IconFileText,
  IconFolderFilled,
  IconPhoto,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatSize } from '../../../lib/format';
import classes from '../work.module.css';
import { isFolder, summarize } from './tree';
import { useLongPress } from './use-long-press';

// The ⋮ menu's code (Mantine's Menu, floating-ui) loads when a row's menu is first opened.
const RowMenu = lazy(() => import('./RowMenu').then((module) => ({ default: module.RowMenu })));

export type RowAction = 'open' | 'playNext' | 'enqueue' | 'download' | 'downloadZip' | 'playAll';

interface TreeRowProps {
  node: TrackNode;
  /** This row's file is the player's current track (and whether it is playing). */
  current: boolean;
  playing: boolean;
  /** Where the listener stopped in this file (seconds, from any device), or null. */
  savedPosition?: number | null;
  onAction(action: RowAction, node: TrackNode): void;
}

function RowIcon({ node, current, playing }: Pick<TreeRowProps, 'node' | 'current' | 'playing'>) {
  if (node.type === 'audio') {
    const Icon = current && playing ? IconPlayerPauseFilled : IconPlayerPlayFilled;
    return (
      <ThemeIcon radius="xl" size={34} variant={current ? 'filled' : 'light'}>
        <Icon size={16} />
      </ThemeIcon>
    );
  }
  const [Icon, color] =
    node.type === 'folder'
      ? [IconFolderFilled, 'yellow']
      : node.type === 'text'
        ? [IconFileText, 'blue']
        : node.type === 'image'
          ? [IconPhoto, 'orange']
          : [IconFile, 'gray'];
  return (
    <ThemeIcon radius="md" size={34} variant="light" color={color}>
      <Icon size={18} />
    </ThemeIcon>
  );
}

/** One file or folder: click opens or plays it; right-click, long-press or the ⋮ button opens its menu. */
export const TreeRow = memo(function TreeRow({
  node,
  current,
  playing,
  savedPosition = null,
  onAction,
}: TreeRowProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpenState] = useState(false);
  // Mantine's Menu (a popover, floating-ui, ids set in a layout effect) mounts on the first open, not
  // with every row: a work page of twenty tracks mounted twenty menus in its first commit, and each
  // rendered again synchronously there (issue 14's phone budget: total blocking time).
  const [menuMounted, setMenuMounted] = useState(false);
  const setMenuOpen = (opened: boolean) => {
    if (opened) setMenuMounted(true);
    setMenuOpenState(opened);
  };
  const press = useLongPress(() => setMenuOpen(true));
  const folder = isFolder(node) ? summarize(node.children) : null;

  let caption: string;
  if (isFolder(node)) {
    caption = t('work.tree.items', { count: folder?.items ?? 0 });
    if (folder?.duration) caption += ` · ${formatDuration(folder.duration)}`;
  } else if (node.type === 'audio') {
    caption = formatDuration(node.duration);
    if (savedPosition !== null && !current)
      caption = `${t('work.tree.stoppedAt', { time: formatDuration(savedPosition) })} · ${caption}`;
  } else caption = formatSize(node.size);

  const label =
    node.type === 'audio'
      ? t(current && playing ? 'work.tree.pause' : 'work.tree.play', { title: node.title })
      : node.title;

  const moreButton = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`${t('work.tree.more')}: ${node.title}`}
      aria-haspopup="menu"
      aria-expanded={menuOpen}
      onClick={menuMounted ? undefined : () => setMenuOpen(true)}
    >
      <IconDotsVertical size={18} />
    </ActionIcon>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: right-click and long-press are shortcuts for the ⋮ menu button
    <div
      className={classes.row}
      data-current={current || undefined}
      onContextMenu={(event) => {
        event.preventDefault();
        setMenuOpen(true);
      }}
      {...press.handlers}
    >
      <UnstyledButton
        aria-label={label}
        onClick={() => {
          if (!press.consumeClick()) onAction('open', node);
        }}
        style={{ display: 'flex', alignItems: 'center', gap: 12, flex: 1, minWidth: 0 }}
      >
        <RowIcon node={node} current={current} playing={playing} />
        <span className={classes.rowTitle}>
          <Text
            fz="sm"
            fw={current ? 600 : 500}
            c={current ? 'var(--mantine-primary-color-filled)' : undefined}
          >
            {node.title}
          </Text>
          <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {current ? `${t('work.tree.playing')} · ${caption}` : caption}
          </Text>
        </span>
      </UnstyledButton>
      {menuMounted ? (
        <Suspense fallback={moreButton}>
          <RowMenu node={node} folder={folder} opened={menuOpen} onChange={setMenuOpen} onAction={onAction}>
            {moreButton}
          </RowMenu>
        </Suspense>
      ) : (
        moreButton
      )}
    </div>
  );
});
