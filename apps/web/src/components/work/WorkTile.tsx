import type { Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { Cover } from './Cover';
import classes from './work.module.css';

const clamp2 = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/** The thumbnail display mode: the square cover with its code, and the title and date over its foot. */
export function WorkTile({ work, eager = false }: { work: Work; eager?: boolean }) {
  return (
    <Link
      to={`/work/${work.source_id}`}
      className={`${classes.tile} ${classes.focusable}`}
      title={work.title}
    >
      <Cover work={work} size="thumb" linked={false} eager={eager} withDate={false} />
      <span className={classes.tileCaption}>
        <span style={clamp2}>{work.title}</span>
        {work.release && <span className={classes.tileDate}>{work.release}</span>}
      </span>
    </Link>
  );
}
