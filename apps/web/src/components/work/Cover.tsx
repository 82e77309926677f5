import { Badge, Box, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { mediaUrl } from '../../api/client';
import classes from './work.module.css';

export type CoverSize = 'thumb' | 'sam' | 'main';

type CoverWork = Pick<
  Work,
  'source_id' | 'title' | 'release' | 'thumbnailCoverUrl' | 'samCoverUrl' | 'mainCoverUrl'
>;

const URL_OF: Record<CoverSize, (work: CoverWork) => string> = {
  thumb: (work) => work.thumbnailCoverUrl,
  sam: (work) => work.samCoverUrl,
  main: (work) => work.mainCoverUrl,
};

interface CoverProps {
  work: CoverWork;
  /** thumb: the 240x240 square; sam: the ~300 px card cover; main: the full cover. */
  size?: CoverSize;
  /** Show the RJ code and the release date over the picture. */
  overlays?: boolean;
  /** Link the cover to the work page. */
  linked?: boolean;
  /** The first screenful loads eagerly; everything else lazily. */
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
    <Box
      className={classes.cover}
      data-size={size}
      data-loaded={loaded || undefined}
      style={radius !== undefined ? { borderRadius: radius } : undefined}
    >
      <img
        src={mediaUrl(URL_OF[size](work))}
        // A work named only by its code would repeat the RJ badge beside it (image-redundant-alt).
        alt={overlays && work.title.toLowerCase() === work.source_id.toLowerCase() ? '' : work.title}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        ref={(image) => {
          // A cached image can finish before React listens for `load`.
          if (image?.complete) setLoaded(true);
        }}
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(true)}
        width={size === 'thumb' ? 240 : size === 'sam' ? 300 : 560}
        height={size === 'thumb' ? 240 : size === 'sam' ? 225 : 420}
      />
      {overlays && (
        <>
          <Badge className={classes.rj} size="sm" radius="sm" variant="filled" color="dark">
            {work.source_id}
          </Badge>
          {withDate && work.release && (
            <Text span className={classes.release} fz="xs">
              {work.release}
            </Text>
          )}
        </>
      )}
    </Box>
  );
  if (!linked) return body;
  return (
    <Link to={`/work/${work.source_id}`} className={classes.coverLink} aria-label={work.title} tabIndex={-1}>
      {body}
    </Link>
  );
}
