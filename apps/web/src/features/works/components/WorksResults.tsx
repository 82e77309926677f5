import { Card } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { WorkCard } from '../../../components/work/WorkCard';
import { WorkRow } from '../../../components/work/WorkRow';
import { WorkCardSkeleton, WorkRowSkeleton, WorkTileSkeleton } from '../../../components/work/WorkSkeletons';
import { WorkTile } from '../../../components/work/WorkTile';
import { useRevealedCount } from '../../../lib/after-paint';
import type { DisplayMode } from '../list-state';
import classes from './works.module.css';

/** How many items render first and load eagerly: about the first screenful on a wide screen. */
const EAGER = 8;
/**
 * How many more items render after each paint once the first screenful is up: a small commit each (a
 * phone's two cards, then three at a time), so none is a long task.
 */
const REVEAL_STEP = 3;
/** Below this width a card takes the whole width (works.module.css): a screenful is two cards. */
const ONE_COLUMN_QUERY = '(max-width: 36em)';

/**
 * The first screenful of `mode`. A phone shows two cards: rendering eight before the first paint, and
 * fetching eight covers at high priority beside the first one, held up its first screen (Lighthouse at
 * the phone size: blocking time and the largest paint).
 */
function firstScreenful(mode: DisplayMode): number {
  return mode === 'detail' && window.matchMedia?.(ONE_COLUMN_QUERY).matches ? 2 : EAGER;
}

/** A page of works in the chosen display mode; skeletons (`works` undefined) while the first load runs. */
export function WorksResults({
  works,
  mode,
  pageSize,
}: {
  works: Work[] | undefined;
  mode: DisplayMode;
  pageSize: number;
}) {
  // The first screenful renders first; the rest of the page a few at a time after it has been painted.
  const eager = firstScreenful(mode);
  const all: (Work | string)[] = works ?? Array.from({ length: pageSize }, (_, index) => `skeleton-${index}`);
  const slots = all.slice(0, useRevealedCount(all.length, eager, REVEAL_STEP));
  if (mode === 'list') {
    return (
      <Card withBorder padding={0} radius="md">
        {slots.map((work, index) =>
          typeof work !== 'string' ? (
            <WorkRow key={work.id} work={work} eager={index < eager} />
          ) : (
            <WorkRowSkeleton key={work} />
          ),
        )}
      </Card>
    );
  }
  const Item = mode === 'thumbnail' ? WorkTile : WorkCard;
  const Skeleton = mode === 'thumbnail' ? WorkTileSkeleton : WorkCardSkeleton;
  return (
    <div className={classes.grid} data-mode={mode}>
      {slots.map((work, index) =>
        typeof work !== 'string' ? (
          <Item key={work.id} work={work} eager={index < eager} />
        ) : (
          <Skeleton key={work} />
        ),
      )}
    </div>
  );
}
