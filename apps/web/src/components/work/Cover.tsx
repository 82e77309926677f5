import { useState } from 'react';
import { Link } from 'react-router';
import { type CoverSize, type CoverWork, coverSrc } from './cover-src';
import classes from './work.module.css';

/** The pictures' sizes, so the box is laid out before they arrive (aspect ratios in work.module.css). */
const DIMENSIONS: Record<CoverSize, { width: number; height: number }> = {
  thumb: { width: 240, height: 240 },
  sam: { width: 300, height: 225 },
  main: { width: 560, height: 420 },
};

interface CoverProps {
  work: CoverWork;
  /** thumb: the 240x240 square; sam: the ~300 px card cover; main: the full cover. */
  size?: CoverSize;
  /** Show the RJ code and the release date over the picture. */
  overlays?: boolean;
  /** Link the cover to the work page. */
  linked?: boolean;
  /**
   * The first screenful: loaded at once and ahead of other images (it is what the page is waited on
   * for); everything else lazily, as it nears the view.
   */
  eager?: boolean;
  radius?: number | string;
  /** Draw the release date (tiles put it in their caption instead). */
  withDate?: boolean;
}

/** A work's cover, lazy-loaded, with its RJ code and release date laid over it. */
export function Cover({
  work,
  size = 'sam',
  overlays = true,
  linked = true,
  eager = false,
  radius,
  withDate = true,
}: CoverProps) {
  const [loaded, setLoaded] = useState(false);
  const body = (
    <div
      className={classes.cover}
      data-size={size}
      // Covers fade in as they load, but not the first screen's: the page's largest paint is its first
      // cover, which the start-up read preloads, and a fade held that paint back (transparent until React
      // heard `load` and rendered again, then 200 ms of fading: issue 14's phone budget).
      data-loaded={eager || loaded || undefined}
      style={radius !== undefined ? { borderRadius: radius } : undefined}
    >
      <img
        src={coverSrc(work, size)}
        // A work named only by its code would repeat the RJ badge beside it (image-redundant-alt).
        alt={overlays && work.title.toLowerCase() === work.source_id.toLowerCase() ? '' : work.title}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        // Decoded off the main thread, except the first screen's, painted with the frame that shows it.
        decoding={eager ? 'auto' : 'async'}
        ref={(image) => {
          // A cached image can finish before React listens for `load`.
          if (image?.complete) setLoaded(true);
        }}
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(true)}
        {...DIMENSIONS[size]}
      />
      {overlays && (
        <>
          <span className={classes.rj}>{work.source_id}</span>
          {withDate && work.release && <span className={classes.release}>{work.release}</span>}
        </>
      )}
    </div>
  );
  if (!linked) return body;
  return (
    <Link to={`/work/${work.source_id}`} className={classes.coverLink} aria-label={work.title} tabIndex={-1}>
      {body}
    </Link>
  );
}
