import { Button, Group, Loader, Modal, ScrollArea, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TrackFile } from '@sasayaki/api-contract';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/client';
import { download } from './download';

/** Decodes with the charset the server detected (Shift-JIS and GBK text files are common in works). */
async function readText(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  const charset = /charset=([^;]+)/i.exec(response.headers.get('content-type') ?? '')?.[1]?.trim();
  const bytes = await response.arrayBuffer();
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

type State = { status: 'loading' } | { status: 'done'; text: string } | { status: 'error'; message: string };

/** A text file (txt, lrc, vtt, srt, ass, md) in a modal, as written: monospace, wrapped. */
export default function TextViewer({ file, onClose }: { file: TrackFile; onClose(): void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    readText(mediaUrl(file.mediaStreamUrl), controller.signal).then(
      (text) => setState({ status: 'done', text }),
      (error: Error) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: error.message });
      },
    );
    return () => controller.abort();
  }, [file.mediaStreamUrl]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.title}
        </Text>
      }
      size="xl"
      fullScreen={phone}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('work.viewer.close') }}
    >
      {state.status === 'loading' && (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('work.viewer.loading')} />
        </Group>
      )}
      {state.status === 'error' && <Text c="red">{t('work.viewer.failed', { message: state.message })}</Text>}
      {state.status === 'done' && (
        <pre
          style={{
            margin: 0,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK JP", monospace',
            fontSize: 13,
            lineHeight: 1.6,
          }}
        >
          {state.text}
        </pre>
      )}
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(file.mediaDownloadUrl)}
        >
          {t('work.viewer.download')}
        </Button>
      </Group>
    </Modal>
  );
}
