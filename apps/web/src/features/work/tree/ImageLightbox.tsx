import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import type { TrackFile } from '@sasayaki/api-contract';
import { IconChevronLeft, IconChevronRight, IconDownload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/client';
import { download } from './download';

/** The folder's images, one at a time: arrows (buttons, keyboard, swipe) move through them. */
export default function ImageLightbox({
  images,
  start,
  onClose,
}: {
  images: TrackFile[];
  start: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const swipe = useRef<number | null>(null);
  const image = images[index];
  const count = images.length;
  const move = (step: number) => setIndex((value) => (value + step + count) % count);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((value) => (value - 1 + count) % count);
      if (event.key === 'ArrowRight') setIndex((value) => (value + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  if (!image) return null;
  const next = images[(index + 1) % count];
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding={0}
      styles={{ content: { background: '#000' }, body: { height: '100%' } }}
      aria-label={image.title}
    >
      <div
        style={{
          position: 'relative',
          height: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          color: '#fff',
        }}
        onPointerDown={(event) => {
          swipe.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (swipe.current !== null && Math.abs(event.clientX - swipe.current) > 60 && count > 1) {
            move(event.clientX < swipe.current ? 1 : -1);
          }
          swipe.current = null;
        }}
      >
        <Group justify="space-between" p="sm" wrap="nowrap">
          <Text fz="sm" c="gray.3" truncate>
            {t('work.lightbox.counter', { index: index + 1, total: count })} · {image.title}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray.3"
              size="lg"
              aria-label={t('work.lightbox.download')}
              onClick={() => download(image.mediaDownloadUrl)}
            >
              <IconDownload size={20} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray.3"
              size="lg"
              aria-label={t('work.lightbox.close')}
              onClick={onClose}
              data-autofocus
            >
              <IconX size={22} />
            </ActionIcon>
          </Group>
        </Group>
        <div
          style={{
            flex: 1,
            minHeight: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: 8,
          }}
        >
          <img
            key={image.hash}
            src={mediaUrl(image.mediaStreamUrl)}
            alt={image.title}
            decoding="async"
            draggable={false}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', userSelect: 'none' }}
          />
          {next && count > 1 && <link rel="prefetch" href={mediaUrl(next.mediaStreamUrl)} />}
        </div>
        {count > 1 && (
          <>
            <ActionIcon
              variant="filled"
              color="dark"
              radius="xl"
              size={44}
              aria-label={t('work.lightbox.previous')}
              onClick={() => move(-1)}
              style={{
                position: 'absolute',
                left: 12,
                top: '50%',
                transform: 'translateY(-50%)',
                opacity: 0.8,
              }}
            >
              <IconChevronLeft size={26} />
            </ActionIcon>
            <ActionIcon
              variant="filled"
              color="dark"
              radius="xl"
              size={44}
              aria-label={t('work.lightbox.next')}
              onClick={() => move(1)}
              style={{
                position: 'absolute',
                right: 12,
                top: '50%',
                transform: 'translateY(-50%)',
                opacity: 0.8,
              }}
            >
              <IconChevronRight size={26} />
            </ActionIcon>
          </>
        )}
      </div>
    </Modal>
  );
}
