import { Chip, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PROGRESS_STATES, type ProgressState, type ReviewedWork } from '@sasayaki/api-contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { progressLabelKey } from '../../../components/review/progress';
import { WorkCard } from '../../../components/work/WorkCard';
import { WorkCardSkeleton } from '../../../components/work/WorkSkeletons';
import { notifyError } from '../../../lib/notify';
import { useFavourites, useRefreshFavourites } from '../api';
import classes from '../favourites.module.css';
import { favouritesPath, readListQuery, writeListQuery } from '../route';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { MinePanel } from './MinePanel';
import { SortBar } from './SortBar';

const ReviewDialog = lazy(() => import('../../../components/review/ReviewDialog'));

interface ReviewListProps {
  mode: 'review' | 'progress';
  state: ProgressState | null;
  userName: string;
}

/** The review view (everything the user rated, reviewed or marked) and the progress view (one state). */
export function ReviewList({ mode, state, userName }: ReviewListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = readListQuery(params);
  const filter = mode === 'progress' ? state : null;
  const { data, isPending, error } = useFavourites({ ...query, filter });
  const refresh = useRefreshFavourites();
  const [editing, setEditing] = useState<ReviewedWork | null>(null);

  useEffect(() => {
    if (error) notifyError(error, { ignoreUnauthorized: true });
  }, [error]);

  const go = (next: Partial<typeof query>, nextState = state) =>
    navigate(`${favouritesPath(mode, nextState)}${writeListQuery({ ...query, ...next })}`);

  return (
    <Stack gap="md">
      {mode === 'progress' && (
        // Chips wrap onto a second line on a narrow phone: every state stays in sight.
        <Chip.Group value={state ?? 'marked'} onChange={(value) => go({ page: 1 }, value as ProgressState)}>
          <Group gap={8} role="radiogroup" aria-label={t('favourites.stateLabel')}>
            {PROGRESS_STATES.map((value) => (
              <Chip key={value} value={value} size="md">
                {t(progressLabelKey(value))}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {data ? t('favourites.total', { count: data.pagination.totalCount }) : '\u00a0'}
        </Text>
        <SortBar
          order={query.order}
          sort={query.sort}
          onChange={(order, sort) => go({ order, sort, page: 1 })}
        />
      </Group>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <WorkCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : !data || data.works.length === 0 ? (
        <EmptyState
          message={
            mode === 'progress'
              ? t('favourites.empty.progress', { state: t(progressLabelKey(state ?? 'marked')) })
              : t('favourites.empty.review')
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" verticalSpacing="lg">
          {data.works.map((work, index) => (
            <div key={work.id} className={classes.item}>
              <div className={classes.cardSlot}>
                <WorkCard work={work} eager={index < 4} />
              </div>
              <MinePanel
                work={work}
                userName={userName}
                mode={mode}
                onChanged={refresh}
                onEdit={setEditing}
              />
            </div>
          ))}
        </SimpleGrid>
      )}
      {data && (
        <ListPagination
          page={query.page}
          pageSize={data.pagination.pageSize}
          totalCount={data.pagination.totalCount}
          onChange={(page) => go({ page })}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <ReviewDialog
            opened
            workId={editing.id}
            initial={{
              rating: editing.userRating,
              progress: editing.progress,
              review_text: editing.review_text,
            }}
            onClose={(changed) => {
              setEditing(null);
              if (changed) void refresh();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
