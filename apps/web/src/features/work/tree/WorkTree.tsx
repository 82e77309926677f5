import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TrackFile, TrackNode, Work } from '@sasayaki/api-contract';
import { IconFileZip } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDuration } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import type { QueueItem } from '../../../player/api';
import {
  enqueue,
  fileIdOf,
  isResumable,
  playNext,
  playTracks,
  startChoiceFor,
  togglePlayback,
  usePlayerState,
  useResumeState,
} from '../../../player/api';
import { useTracks } from '../api';
import type { StartPromptProps } from '../StartPrompt';
import { download } from './download';
import { TreeBreadcrumbs } from './TreeBreadcrumbs';
import { type RowAction, TreeRow } from './TreeRow';
import {
  autoDescend,
  childrenAt,
  type FolderPath,
  filesUnder,
  folderQueue,
  isFolder,
  parsePath,
  summarize,
  toQueueItem,
  zipPath,
} from './tree';

// The viewers are their own chunks, loaded when a text or image is first opened.
const TextViewer = lazy(() => import('./TextViewer'));
const ImageLightbox = lazy(() => import('./ImageLightbox'));
const StartPrompt = lazy(() => import('../StartPrompt'));

type Viewer =
  | { kind: 'text'; file: TrackFile }
  | { kind: 'image'; images: TrackFile[]; index: number }
  | null;

/** A track to start once the listener has chosen where (the "ask" resume setting). */
type PendingStart = Omit<StartPromptProps, 'onChoose' | 'onClose'> & { items: QueueItem[]; index: number };

const audioOf = (nodes: TrackNode[]) => filesUnder(nodes).filter((file) => file.type === 'audio');

/** The work's files: folders by URL (`?path=`), play, view, download, and each item's menu. */
export function WorkTree({ id, work }: { id: string; work: Work }) {
  const { t } = useTranslation();
  const tracks = useTracks(id);
  const [params, setParams] = useSearchParams();
  const currentHash = usePlayerState((state) => state.queue[state.queueIndex]?.hash);
  const playing = usePlayerState((state) => state.playing);
  const [viewer, setViewer] = useState<Viewer>(null);
  const [pendingStart, setPendingStart] = useState<PendingStart | null>(null);
  const resumeState = useResumeState(work.id);

  useEffect(() => {
    if (tracks.error) notifyError(tracks.error, { ignoreUnauthorized: true });
  }, [tracks.error]);

  const root = tracks.data ?? [];
  const path = autoDescend(root, parsePath(params.get('path')));
  const level = childrenAt(root, path);
  const summary = summarize(level ?? []);

  const openPath = (next: FolderPath) =>
    setParams(next.length ? { path: JSON.stringify(next) } : {}, { preventScrollReset: true });

  const act = (action: RowAction, node: TrackNode) => {
    if (isFolder(node)) {
      const folderPath = [...path, node.title];
      if (action === 'open') openPath(folderPath);
      else if (action === 'playAll')
        playTracks(
          audioOf(node.children).map((file) => toQueueItem(file, work)),
          0,
        );
      else if (action === 'enqueue') enqueue(audioOf(node.children).map((file) => toQueueItem(file, work)));
      else if (action === 'downloadZip') download(zipPath(work.id, folderPath));
      return;
    }
    if (action === 'playNext') playNext(toQueueItem(node, work));
    else if (action === 'enqueue') enqueue([toQueueItem(node, work)]);
    else if (action === 'download') download(node.mediaDownloadUrl);
    else if (node.type === 'audio') {
      if (node.hash === currentHash) togglePlayback();
      else {
        const queue = folderQueue(level ?? [], node, work);
        const choice = startChoiceFor(resumeState, fileIdOf(node.hash));
        if (choice.kind === 'ask')
          setPendingStart({ ...queue, title: node.title, position: choice.position });
        else
          playTracks(queue.items, queue.index, { position: choice.kind === 'resume' ? choice.position : 0 });
      }
    } else if (node.type === 'text') setViewer({ kind: 'text', file: node });
    else if (node.type === 'image') {
      const images = (level ?? []).filter((item): item is TrackFile => item.type === 'image');
      setViewer({ kind: 'image', images, index: Math.max(0, images.indexOf(node)) });
    } else download(node.mediaDownloadUrl);
  };

  // One function for every row and every render, so a row re-renders only when its own file, or whether
  // it is the current or playing track, changes: a track change re-rendered every row (with its menu)
  // and held up the main thread the browser needs to start the sound.
  const latestAct = useRef(act);
  latestAct.current = act;
  const onAction = useCallback((action: RowAction, node: TrackNode) => latestAct.current(action, node), []);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="work-tree-title"
      id="work-tree"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" align="baseline">
            <Title order={2} fz="h4" id="work-tree-title">
              {t('work.tree.title')}
            </Title>
            {tracks.data && (
              <Text fz="sm" c="dimmed">
                {t('work.tree.total', { count: summary.files, duration: formatDuration(summary.duration) })}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            {path.length > 0 && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileZip size={14} />}
                onClick={() => download(zipPath(work.id, path))}
              >
                {t('work.tree.downloadFolder')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileZip size={14} />}
              onClick={() => download(zipPath(work.id))}
            >
              {t('work.tree.downloadWork')}
            </Button>
          </Group>
        </Group>
        {path.length > 0 && <TreeBreadcrumbs path={path} onOpen={openPath} />}
        {tracks.isPending ? (
          <Stack gap={6}>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={44} />
            ))}
          </Stack>
        ) : level === null ? (
          <Text c="dimmed">{t('work.tree.notFound')}</Text>
        ) : level.length === 0 ? (
          <Text c="dimmed">{t('work.tree.empty')}</Text>
        ) : (
          <div>
            {level.map((node) => {
              const current = !isFolder(node) && node.hash === currentHash;
              const saved = isFolder(node) ? undefined : resumeState?.files[fileIdOf(node.hash)];
              return (
                <TreeRow
                  key={isFolder(node) ? `folder:${node.title}` : node.hash}
                  node={node}
                  current={current}
                  playing={current && playing}
                  savedPosition={saved && isResumable(saved.position, saved.duration) ? saved.position : null}
                  onAction={onAction}
                />
              );
            })}
          </div>
        )}
      </Stack>
      <Suspense fallback={null}>
        {viewer?.kind === 'text' && <TextViewer file={viewer.file} onClose={() => setViewer(null)} />}
        {viewer?.kind === 'image' && (
          <ImageLightbox images={viewer.images} start={viewer.index} onClose={() => setViewer(null)} />
        )}
        {pendingStart && (
          <StartPrompt
            title={pendingStart.title}
            position={pendingStart.position}
            onClose={() => setPendingStart(null)}
            onChoose={(position) => {
              setPendingStart(null);
              playTracks(pendingStart.items, pendingStart.index, { position });
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
