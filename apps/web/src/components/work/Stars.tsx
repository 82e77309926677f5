import { IconStarFilled } from '@tabler/icons-react';
import classes from './work.module.css';

const SIZES = { xs: 14, sm: 16, md: 20, lg: 24 } as const;

/**
 * Five read-only stars filled to `value` (any fraction): a grey row with a coloured row clipped over
 * it. Lighter than an input, since cards only show ratings.
 */
export function Stars({
  value,
  size = 'sm',
  color,
}: {
  value: number;
  size?: keyof typeof SIZES;
  color: string;
}) {
  const px = SIZES[size];
  const percent = Math.max(0, Math.min(5, value)) * 20;
  const row = (
    <>
      {[1, 2, 3, 4, 5].map((star) => (
        <IconStarFilled key={star} size={px} />
      ))}
    </>
  );
  return (
    <span className={classes.stars} aria-hidden>
      <span className={classes.starsEmpty}>{row}</span>
      <span className={classes.starsFull} style={{ width: `${percent}%`, color }}>
        {row}
      </span>
    </span>
  );
}
