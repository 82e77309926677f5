import { mediaUrl } from '../../api/client';
import type { QueueItem } from '../types';
import classes from './player.module.css';

/** The work's cover for a queue item (token in the URL, as `<img>` cannot send headers). */
export function Cover({
  item,
  size,
  thumbnail = false,
}: {
  item: QueueItem;
  size?: number;
  thumbnail?: boolean;
}) {
  const url = thumbnail ? item.coverUrl.replace(/type=main\b/, 'type=240x240') : item.coverUrl;
  return (
    <img
      src={mediaUrl(url)}
      alt=""
      loading="lazy"
      className={size ? undefined : classes.cover}
      width={size}
      height={size}
      style={size ? { objectFit: 'cover', borderRadius: 6, flex: 'none', display: 'block' } : undefined}
    />
  );
}
