import { Drawer, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../lib/use-back-closes';
import { formatTime } from '../format';
import { useLyricsStore } from '../lyrics/lyrics-store';
import { useCurrentLine } from '../lyrics/use-current-line';
import { usePlayerStore } from '../store';
import { usePlayerUi } from '../ui-store';
import { LyricsSettings } from './LyricsSettings';
import classes from './player.module.css';

/** All lines, the current one highlighted and kept in view; click a line to seek to it. */
export function LyricsView() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const open = usePlayerUi((s) => s.lyricsOpen);
  useBackCloses(open, () => usePlayerUi.getState().setLyrics(false), 'lyrics');
  const lines = useLyricsStore((s) => s.lines);
  const loading = useLyricsStore((s) => s.loading);
  const offset = useLyricsStore((s) => s.offset);
  const index = useCurrentLine();
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || index < 0) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    row?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [open, index]);
  return (
    <Drawer
      opened={open}
      onClose={() => usePlayerUi.getState().setLyrics(false)}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '85%' : 460}
      zIndex={255}
      title={t('player.lyrics.title')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <Stack gap="sm">
        <LyricsSettings />
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="xl">
            {t(loading ? 'player.lyrics.loading' : 'player.lyrics.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={phone ? '55dvh' : 'calc(100dvh - 280px)'}>
            <div ref={listRef} data-testid="lyrics-lines">
              <Text size="xs" c="dimmed" mb={4}>
                {t('player.lyrics.clickToSeek')}
              </Text>
              {lines.map((line, i) => (
                <button
                  type="button"
                  // biome-ignore lint/suspicious/noArrayIndexKey: a track's lines never change order; times may repeat.
                  key={`${line.time}-${i}`}
                  className={classes.line}
                  data-index={i}
                  data-current={i === index || undefined}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => usePlayerStore.getState().seekTo(line.time + offset)}
                  title={formatTime(line.time + offset)}
                >
                  {line.text || '♪'}
                </button>
              ))}
            </div>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Drawer>
  );
}
