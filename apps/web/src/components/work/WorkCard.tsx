import type { Work } from '@sasayaki/api-contract';
import { Link } from 'react-router';
import { CardPlaylistButton } from '../playlist/CardPlaylistButton';
import { Cover } from './Cover';
import {
  CircleLink,
  isKnownSfw,
  Price,
  ReviewCount,
  Sales,
  SfwChip,
  StoreLink,
  SubtitleChip,
  TagChips,
  VaChips,
} from './chips';
import { EditionChips } from './editions';
import { StarRatingDisplay } from './StarRatingDisplay';
import classes from './work.module.css';

/**
 * The rich card of the detail display mode: cover, title, circle, rating, price, sales and chips (its
 * other language editions in the library first, each opening that edition), and for members a button
 * over the cover's corner with "Add to playlist". Plain
 * elements and CSS (the look of Mantine's bordered Card, Stack and Group): a page of twelve rendered
 * through Mantine's style props cost the works page about half a second of main thread.
 */
export function WorkCard({ work, eager = false }: { work: Work; eager?: boolean }) {
  return (
    <article className={classes.card}>
      <Cover work={work} size="sam" eager={eager} />
      <CardPlaylistButton work={work} />
      <div className={classes.cardBody}>
        <Link to={`/work/${work.source_id}`} className={`${classes.title} ${classes.clamp2}`}>
          {work.title}
        </Link>
        <CircleLink work={work} fz="xs" />
        <div className={classes.line}>
          <StarRatingDisplay work={work} size="xs" />
          <ReviewCount work={work} />
          <StoreLink work={work} />
        </div>
        <div className={classes.line} data-align="baseline">
          <Price work={work} />
          <Sales work={work} />
        </div>
        {(isKnownSfw(work) || work.has_subtitle) && (
          <div className={classes.line} data-gap="tight">
            <SfwChip work={work} size="xs" />
            <SubtitleChip work={work} size="xs" />
          </div>
        )}
        <EditionChips work={work} />
        <TagChips tags={work.tags} size="xs" />
        <VaChips vas={work.vas} size="xs" />
      </div>
    </article>
  );
}
