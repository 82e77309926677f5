import { ActionIcon, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { TrackNode } from '@sasayaki/api-contract';
import {
  IconDotsVertical,
  IconDownload,
  IconFile,
  IconFileText,
  IconFileZip,
  IconFolderFilled,
  IconPhoto,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerTrackNext,
  IconPlaylistAdd,
} from '@tabler/icons-react';
import { memo, type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatSize } from '../../../lib/format';
import classes from '../work.module.css';
import { isFolder, summarize } from './tree';
import { useLongPress } from './use-long-press';

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

/** The ⋮ menu of a row, around its button (`children`); mounted once first opened. */
function RowMenu({
  node,
  folder,
  opened,
  onChange,
  onAction,
  children,
}: {
  node: TrackNode;
  folder: ReturnType<typeof summarize> | null;
  opened: boolean;
  onChange(opened: boolean): void;
  onAction: TreeRowProps['onAction'];
  children: ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        {folder ? (
          <>
            {folder.audio > 0 && (
              <>
                <Menu.Item
                  leftSection={<IconPlayerPlayFilled size={16} />}
                  onClick={() => onAction('playAll', node)}
                >
                  {t('work.menu.playAll')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPlaylistAdd size={16} />}
                  onClick={() => onAction('enqueue', node)}
                >
                  {t('work.menu.enqueue')}
                </Menu.Item>
              </>
            )}
            <Menu.Item leftSection={<IconFileZip size={16} />} onClick={() => onAction('downloadZip', node)}>
              {t('work.menu.downloadZip')}
            </Menu.Item>
          </>
        ) : (
          <>
            {node.type === 'audio' && (
              <>
                <Menu.Item
                  leftSection={<IconPlayerTrackNext size={16} />}
                  onClick={() => onAction('playNext', node)}
                >
                  {t('work.menu.playNext')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPlaylistAdd size={16} />}
                  onClick={() => onAction('enqueue', node)}
                >
                  {t('work.menu.enqueue')}
                </Menu.Item>
              </>
            )}
            {(node.type === 'text' || node.type === 'image') && (
              <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => onAction('open', node)}>
                {t('work.menu.open')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onAction('download', node)}>
              {t('work.menu.download')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
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
        <RowMenu node={node} folder={folder} opened={menuOpen} onChange={setMenuOpen} onAction={onAction}>
          {moreButton}
        </RowMenu>
      ) : (
        moreButton
      )}
    </div>
  );
});
