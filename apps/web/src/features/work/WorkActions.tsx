import { Button, Group, Stack, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { IconEdit, IconMessageReport, IconPencil, IconPlaylistAdd } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuOnFirstClick } from '../../components/lazy-menu/MenuOnFirstClick';
import { ProgressSelect } from '../../components/review/progress';
import { useSession } from '../auth/session';
import { useSetProgress, workKey } from './api';

// The playlists' menu and the dialogs are their own chunks, loaded when first opened.
const PlaylistMenu = lazy(() =>
  import('../../components/playlist/PlaylistMenu').then((module) => ({ default: module.PlaylistMenu })),
);
const ReviewDialog = lazy(() =>
  import('../../components/review/ReviewDialog').then((module) => ({ default: module.ReviewDialog })),
);
const FeedbackDialog = lazy(() =>
  import('../../components/feedback/FeedbackDialog').then((module) => ({ default: module.FeedbackDialog })),
);
const EditMetadataDialog = lazy(() => import('./edit/EditMetadataDialog'));

/**
 * The progress dropdown, write-review and feedback; the guest sees them disabled with a hint. Administrators
 * also get Edit (the metadata dialog).
 */
export function WorkActions({ id, work }: { id: string; work: Work }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const user = session.data?.user;
  const guest = !user || user.group === 'guest';
  const progress = useSetProgress(id, work.id, user?.name ?? '');
  const administrator = user?.group === 'administrator';
  const [dialog, setDialog] = useState<'review' | 'feedback' | 'edit' | null>(null);

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <ProgressSelect value={work.progress} onChange={(state) => progress.mutate(state)} disabled={guest} />
        <Button
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden />}
          disabled={guest}
          onClick={() => setDialog('review')}
        >
          {t(work.review_text?.trim() ? 'work.actions.editReview' : 'work.actions.writeReview')}
        </Button>
        <MenuOnFirstClick
          button={
            <Button
              variant="light"
              leftSection={<IconPlaylistAdd size={16} aria-hidden />}
              disabled={guest}
              aria-haspopup="menu"
            >
              {t('playlistMenu.add')}
            </Button>
          }
          menu={(button) => <PlaylistMenu workId={work.id} target={button} defaultOpened />}
        />
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconMessageReport size={16} aria-hidden />}
          disabled={guest}
          onClick={() => setDialog('feedback')}
        >
          {t('work.actions.feedback')}
        </Button>
        {administrator && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconEdit size={16} aria-hidden />}
            onClick={() => setDialog('edit')}
          >
            {t('workEdit.open')}
          </Button>
        )}
      </Group>
      {guest && session.data && (
        <Text fz="xs" c="dimmed">
          {t('work.actions.guestHint')}
        </Text>
      )}
      <Suspense fallback={null}>
        {dialog === 'review' && (
          <ReviewDialog
            opened
            workId={work.id}
            initial={{ rating: work.userRating, progress: work.progress, review_text: work.review_text }}
            onClose={(changed) => {
              setDialog(null);
              if (changed) void queryClient.invalidateQueries({ queryKey: workKey(id) });
            }}
          />
        )}
        {dialog === 'feedback' && <FeedbackDialog opened workId={work.id} onClose={() => setDialog(null)} />}
        {dialog === 'edit' && <EditMetadataDialog id={id} work={work} onClose={() => setDialog(null)} />}
      </Suspense>
    </Stack>
  );
}
