import type { Work } from '@sasayaki/api-contract';
import classes from './rail.module.css';
import { WorkTileSkeleton } from './WorkSkeletons';
import { WorkTile } from './WorkTile';

/** Tiles shown while a rail's works load: about a wide screen's width of them. */
const SKELETONS = 8;

/**
 * Works in one row that scrolls sideways: the compact tile of the covers display mode (cover, title,
 * date), at a fixed size. `works` undefined: skeletons of the same size while they load.
 */
export function WorkRail({ works, label }: { works: Work[] | undefined; label: string }) {
  return (
    // No aria-busy: that marks the page's list loading (tests wait for it), and this row fills in later.
    <ul className={classes.rail} aria-label={label} data-loading={works === undefined || undefined}>
      {works
        ? works.map((work) => (
            <li key={work.id} className={classes.item}>
              <WorkTile work={work} />
            </li>
          ))
        : Array.from({ length: SKELETONS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
            <li key={index} className={classes.item}>
              <WorkTileSkeleton />
            </li>
          ))}
    </ul>
  );
}
