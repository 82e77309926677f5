import { isUnknownCircle, type Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { Cover } from './Cover';
import classes from './rail.module.css';

/**
 * A rail's work in the list display mode: a small cover beside the title and, under it, the code and the
 * circle, on one line each, as the list's rows name a work. One link, so a row of them reads and tabs as
 * the tiles do.
 */
export function WorkRailRow({ work }: { work: Work }) {
  return (
    <Link to={`/work/${work.source_id}`} className={classes.line} title={work.title}>
      <span className={classes.lineCover}>
        <Cover work={work} size="thumb" overlays={false} linked={false} />
      </span>
      <span className={classes.lineText}>
        <span className={classes.lineTitle}>{work.title}</span>
        <span className={classes.lineFacts}>
          {work.source_id}
          {!isUnknownCircle(work.circle) && ` · ${work.circle.name}`}
        </span>
      </span>
    </Link>
  );
}
