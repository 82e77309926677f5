import { ActionIcon, Box, Button, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import reorderClasses from '../../lib/drag-reorder.module.css';
import { useBackCloses } from '../../lib/use-back-closes';
import { dropSide, REORDER_INDEX_ATTRIBUTE, useDragReorder } from '../../lib/use-drag-reorder';
import { usePlayerStore } from '../store';
import { usePlayerUi } from '../ui-store';
import { Cover } from './Cover';
import classes from './player.module.css';

/**
 * The queue: jump to a track; reorder by dragging a row's handle (finger or mouse), by its up and down
 * buttons, or with Alt + arrows; remove; clear.
 */
export function QueueDrawer() {
  const { t } = useTranslation();
  const open = usePlayerUi((s) => s.queueOpen);
  const setOpen = usePlayerUi((s) => s.setQueue);
  useBackCloses(open, () => setOpen(false), 'queue');
  const queue = usePlayerStore((s) => s.queue);
  const index = usePlayerStore((s) => s.queueIndex);
  const store = usePlayerStore.getState;
  const { drag, handleProps } = useDragReorder((from, to) => store().move(from, to));
  return (
    <Drawer
      opened={open}
      onClose={() => setOpen(false)}
      position="right"
      size={420}
      zIndex={260}
      title={`${t('player.queue.title')} · ${t('player.queue.count', { count: queue.length })}`}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {queue.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('player.queue.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('player.queue.drag')}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => store().clear()}
            >
              {t('player.queue.clear')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah="calc(100dvh - 160px)">
            <Stack gap={2} data-testid="queue-list">
              {queue.map((item, i) => (
                // biome-ignore lint/a11y/noStaticElementInteractions: the keyboard moves a focused row with Alt + arrows.
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be queued twice, so position is part of identity.
                  key={`${item.hash}-${i}`}
                  className={`${classes.queueRow} ${reorderClasses.row}`}
                  data-current={i === index || undefined}
                  data-dragging={drag?.from === i || undefined}
                  data-over={dropSide(drag, i)}
                  {...{ [REORDER_INDEX_ATTRIBUTE]: i }}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: rows are focusable so Alt + arrows can reorder them.
                  tabIndex={0}
                  onKeyDown={(event) => {
                    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
                      event.preventDefault();
                      const to = event.key === 'ArrowUp' ? i - 1 : i + 1;
                      store().move(i, to);
                      const rows = event.currentTarget.parentElement?.children;
                      requestAnimationFrame(() => (rows?.[to] as HTMLElement | undefined)?.focus());
                    } else if (event.key === 'Enter') store().playIndex(i);
                  }}
                  aria-current={i === index ? 'true' : undefined}
                  data-testid="queue-row"
                >
                  <span
                    className={reorderClasses.handle}
                    aria-hidden
                    data-testid="queue-handle"
                    {...handleProps(i)}
                  >
                    <IconGripVertical size={18} />
                  </span>
                  <Cover item={item} size={38} thumbnail />
                  <Box miw={0} flex={1} style={{ cursor: 'pointer' }} onClick={() => store().playIndex(i)}>
                    <Text size="sm" fw={i === index ? 700 : 500} truncate="end">
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {i === index ? `${t('player.queue.nowPlaying')} · ` : ''}
                      {item.workTitle}
                    </Text>
                  </Box>
                  <ActionIcon.Group>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={40}
                      disabled={i === 0}
                      onClick={() => store().move(i, i - 1)}
                      aria-label={t('player.queue.moveUp', { title: item.title })}
                    >
                      <IconChevronUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={40}
                      disabled={i === queue.length - 1}
                      onClick={() => store().move(i, i + 1)}
                      aria-label={t('player.queue.moveDown', { title: item.title })}
                    >
                      <IconChevronDown size={18} />
                    </ActionIcon>
                  </ActionIcon.Group>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={40}
                    onClick={() => store().remove(i)}
                    aria-label={t('player.queue.remove', { title: item.title })}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Drawer>
  );
}
