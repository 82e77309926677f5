import { ActionIcon, Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cover } from '../../../components/work/Cover';
import reorderClasses from '../../../lib/drag-reorder.module.css';
import { dropSide, REORDER_INDEX_ATTRIBUTE, useDragReorder } from '../../../lib/use-drag-reorder';

/**
 * A playlist's works in order. The owner (`editable`) reorders them by dragging a row's grip with a finger
 * or a mouse, or with its up and down buttons (as the player's queue does), and removes them.
 */
export function PlaylistWorkList({
  works,
  editable,
  onMove,
  onRemove,
}: {
  works: Work[];
  editable: boolean;
  onMove(from: number, to: number): void;
  onRemove(work: Work): void;
}) {
  const { t } = useTranslation();
  const { drag, handleProps } = useDragReorder(onMove);
  return (
    <Stack gap={0} data-testid="playlist-works">
      {editable && works.length > 1 && (
        <Text fz="xs" c="dimmed" pb={4}>
          {t('favourites.playlists.drag')}
        </Text>
      )}
      {works.map((work, index) => (
        <Group
          key={work.id}
          gap="sm"
          wrap="nowrap"
          py={4}
          className={reorderClasses.row}
          data-dragging={drag?.from === index || undefined}
          data-over={dropSide(drag, index)}
          data-testid="playlist-work"
          {...{ [REORDER_INDEX_ATTRIBUTE]: index }}
        >
          {editable && (
            <span
              className={reorderClasses.handle}
              role="img"
              aria-label={t('favourites.playlists.dragHandle', { title: work.title })}
              data-testid="playlist-handle"
              {...handleProps(index)}
            >
              <IconGripVertical size={18} aria-hidden />
            </span>
          )}
          <Box w={48} style={{ flex: '0 0 auto', borderRadius: 6, overflow: 'hidden' }}>
            <Cover work={work} size="thumb" overlays={false} />
          </Box>
          <Anchor component={Link} to={`/work/${work.source_id}`} fz="sm" lineClamp={2} style={{ flex: 1 }}>
            {work.title}
          </Anchor>
          {editable && (
            <Group gap={0} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                size={40}
                aria-label={t('favourites.playlists.moveUp')}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={40}
                aria-label={t('favourites.playlists.moveDown')}
                disabled={index === works.length - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size={40}
                aria-label={t('favourites.playlists.removeWork')}
                onClick={() => onRemove(work)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}
