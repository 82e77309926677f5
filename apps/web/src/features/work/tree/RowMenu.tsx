import { Menu } from '@mantine/core';
import type { TrackNode } from '@sasayaki/api-contract';
import {
  IconDownload,
  IconFileText,
  IconFileZip,
  IconPlayerPlayFilled,
  IconPlayerTrackNext,
  IconPlaylistAdd,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './TreeRow';
import type { summarize } from './tree';

type FolderSummary = ReturnType<typeof summarize>;

/**
 * The ⋮ menu of a row, around its button (`children`): mounted once first opened, and its own chunk
 * with Mantine's Menu and floating-ui (TreeRow), which the work page's first load then does not carry.
 */
export function RowMenu({
  node,
  folder,
  opened,
  onChange,
  onAction,
  children,
}: {
  node: TrackNode;
  folder: FolderSummary | null;
  opened: boolean;
  onChange(opened: boolean): void;
  onAction(action: RowAction, node: TrackNode): void;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  // Folders and audio files both offer it: a folder's audio goes to the queue's end, as a file does.
  const enqueue = (
    <Menu.Item leftSection={<IconPlaylistAdd size={16} />} onClick={() => onAction('enqueue', node)}>
      {t('work.menu.enqueue')}
    </Menu.Item>
  );
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
                {enqueue}
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
                {enqueue}
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
