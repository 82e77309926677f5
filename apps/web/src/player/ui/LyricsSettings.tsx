import { ActionIcon, Button, FileButton, Group, Menu, SegmentedControl, Text, Tooltip } from '@mantine/core';
import type { TrackNode } from '@sasayaki/api-contract';
import { IconMinus, IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notifyWarning } from '../../lib/notify';
import { readChoice, useLyricsStore, writeChoice } from '../lyrics/lyrics-store';
import { formatOf } from '../lyrics/parse';
import { loadLyrics } from '../lyrics/use-lyrics-loader';
import { usePipStore } from '../pip/pip-store';
import { workIdOf } from '../queue-rules';
import { usePlayerStore } from '../store';
import { useSharedConfig } from '../use-shared-config';

const MAX_LOCAL_BYTES = 2 * 1024 * 1024;

function subtitleFiles(nodes: TrackNode[], path = ''): { hash: string; name: string }[] {
  return nodes.flatMap((node) => {
    if (node.type === 'folder') return subtitleFiles(node.children, `${path}${node.title}/`);
    return node.type === 'text' && /\.(lrc|vtt|srt|txt)$/i.test(node.title)
      ? [{ hash: node.hash, name: `${path}${node.title}` }]
      : [];
  });
}

/** Subtitle source (matching, another file of the work, a local file), offset, lines and display mode. */
export function LyricsSettings() {
  const { t } = useTranslation();
  const hash = usePlayerStore((s) => s.queue[s.queueIndex]?.hash ?? null);
  const source = useLyricsStore((s) => s.source);
  const offset = useLyricsStore((s) => s.offset);
  const twoLines = useLyricsStore((s) => s.bar.twoLines);
  const { subtitleDisplayMode } = useSharedConfig();
  const pip = usePipStore();
  const workId = hash ? workIdOf(hash) : null;
  const tree = useQuery({
    queryKey: ['player', 'tracks', workId],
    queryFn: () => api<TrackNode[]>(`/api/tracks/${workId}`),
    enabled: !!workId,
    staleTime: 60_000,
  });
  if (!hash || !workId) return null;
  const choose = (choice: Parameters<typeof writeChoice>[1]) => {
    writeChoice(hash, choice);
    void loadLyrics(hash, choice);
  };
  const onLocal = async (file: File | null) => {
    if (!file) return;
    if (!formatOf(file.name)) return notifyWarning(t('player.lyrics.unsupported'));
    if (file.size > MAX_LOCAL_BYTES) return notifyWarning(t('player.lyrics.tooLarge'));
    choose({ kind: 'local', name: file.name, text: await file.text() });
  };
  const choice = readChoice(hash);
  const sourceLabel =
    source.kind === 'local'
      ? t('player.lyrics.localName', { name: source.name })
      : (source.name ?? t('player.lyrics.auto'));
  return (
    <Group gap="xs" justify="space-between">
      <Menu position="bottom-start" withinPortal zIndex={300}>
        <Menu.Target>
          <Button variant="light" size="compact-sm" maw={220}>
            <Text size="xs" truncate="end">{`${t('player.lyrics.source')}: ${sourceLabel}`}</Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
          <Menu.Item onClick={() => choose(null)} fw={!choice ? 700 : undefined}>
            {t('player.lyrics.auto')}
          </Menu.Item>
          {subtitleFiles(tree.data ?? []).map((file) => (
            <Menu.Item
              key={file.hash}
              onClick={() => choose({ kind: 'work', hash: file.hash, name: file.name })}
              fw={choice?.kind === 'work' && choice.hash === file.hash ? 700 : undefined}
            >
              {file.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <FileButton onChange={(file) => void onLocal(file)} accept=".lrc,.vtt,.srt">
            {(props) => (
              <Menu.Item {...props} leftSection={<IconUpload size={14} />} closeMenuOnClick={false}>
                {t('player.lyrics.local')}
              </Menu.Item>
            )}
          </FileButton>
          <Menu.Label maw={260}>{t('player.lyrics.localHint')}</Menu.Label>
        </Menu.Dropdown>
      </Menu>
      <Group gap={4} wrap="nowrap" aria-label={t('player.lyrics.offset')} role="group">
        <Text size="xs" c="dimmed">
          {t('player.lyrics.offset')}
        </Text>
        <ActionIcon
          size="sm"
          variant="subtle"
          onClick={() => useLyricsStore.getState().setOffset(workId, offset - 0.5)}
          aria-label={t('player.lyrics.earlier')}
        >
          <IconMinus size={14} />
        </ActionIcon>
        <Text size="xs" ff="monospace" w={52} ta="center" data-testid="lyrics-offset">
          {t('player.lyrics.offsetValue', {
            value: offset > 0 ? `+${offset.toFixed(1)}` : offset.toFixed(1),
          })}
        </Text>
        <ActionIcon
          size="sm"
          variant="subtle"
          onClick={() => useLyricsStore.getState().setOffset(workId, offset + 0.5)}
          aria-label={t('player.lyrics.later')}
        >
          <IconPlus size={14} />
        </ActionIcon>
        <Tooltip label={t('player.lyrics.reset')}>
          <ActionIcon
            size="sm"
            variant="subtle"
            disabled={offset === 0}
            onClick={() => useLyricsStore.getState().setOffset(workId, 0)}
            aria-label={t('player.lyrics.reset')}
          >
            <IconRefresh size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <SegmentedControl
        size="xs"
        aria-label={t('player.lyrics.lines')}
        value={twoLines ? '2' : '1'}
        onChange={(v) => useLyricsStore.getState().setBar({ twoLines: v === '2' })}
        data={[
          { value: '1', label: t('player.lyrics.oneLine') },
          { value: '2', label: t('player.lyrics.twoLines') },
        ]}
      />
      <SegmentedControl
        size="xs"
        aria-label={t('player.lyrics.display')}
        value={pip.open ? 'pip' : subtitleDisplayMode === 'pip' ? 'pip' : 'in-app'}
        onChange={(v) => {
          if ((v === 'pip') !== pip.open) void pip.toggle();
        }}
        data={[
          { value: 'in-app', label: t('player.lyrics.inApp') },
          { value: 'pip', label: t('player.lyrics.pip') },
        ]}
      />
    </Group>
  );
}
