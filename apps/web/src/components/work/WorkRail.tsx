import type { Work } from '@sasayaki/api-contract';
import classes from './rail.module.css';
import { WorkRailRow } from './WorkRailRow';
import { WorkTileSkeleton } from './WorkSkeletons';
import { WorkTile } from './WorkTile';

/** Tiles shown while a rail's works load: about a wide screen's width of them. */
const SKELETONS = 8;

/**
 * Works in one row that scrolls sideways, at a fixed size: the compact tile of the covers display mode
 * (cover, title, date), or with `compact` (the list display mode) a small cover beside the title, the
 * code and the circle. `works` undefined: skeletons of the same size while they load.
 */
export function WorkRail({
  works,
  label,
  compact = false,
}: {
  works: Work[] | undefined;
  label: string;
  compact?: boolean;
}) {
  return (
    // No aria-busy: that marks the page's list loading (tests wait for it), and this row fills in later.
    <ul
      className={classes.rail}
      aria-label={label}
      data-loading={works === undefined || undefined}
      data-compact={compact || undefined}
    >
      {works
        ? works.map((work) => (
            <li key={work.id} className={classes.item}>
              {compact ? <WorkRailRow work={work} /> : <WorkTile work={work} />}
            </li>
          ))
        : Array.from({ length: SKELETONS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
            <li key={index} className={classes.item}>
              {compact ? <span className={classes.lineSkeleton} aria-hidden /> : <WorkTileSkeleton />}
            </li>
          ))}
    </ul>
  );
}
