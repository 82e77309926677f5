import type { Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { Cover } from './Cover';
import classes from './work.module.css';

/** The thumbnail display mode: the square cover with its code, date and title. */
export function WorkTile({ work, eager = false }: { work: Work; eager?: boolean }) {
  return (
    <Link
      to={`/work/${work.source_id}`}
      className={`${classes.tile} ${classes.focusable}`}
      title={work.title}
    >
      <Cover work={work} size="thumb" linked={false} eager={eager} />
      <span className={classes.tileCaption}>
        <span
          style={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {work.title}
        </span>
      </span>
    </Link>
  );
}
