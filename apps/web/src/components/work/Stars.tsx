import classes from './work.module.css';

const SIZES = { xs: 14, sm: 16, md: 20, lg: 24 } as const;

/** Tabler's star-filled (24 x 24) after its starting point: relative moves only, so it can be repeated. */
const STAR =
  'l-6.38 .925l-.113 .023a1 1 0 0 0 -.44 1.684l4.622 4.499l-1.09 6.355l-.013 .11a1 1 0 0 0 1.464 .944l5.706 -3l5.693 3l.1 .046a1 1 0 0 0 1.352 -1.1l-1.091 -6.355l4.624 -4.5l.078 -.085a1 1 0 0 0 -.633 -1.62l-6.38 -.926l-2.852 -5.78a1 1 0 0 0 -1.794 0l-2.853 5.78z';
/** Five of them side by side, each 24 units right of the last. */
const ROW = [0, 1, 2, 3, 4].map((star) => `M${8.243 + 24 * star} 7.34${STAR}`).join('');

/** One row of five stars: a single SVG (a card used to draw ten icons for its two rows). */
function StarRow({ px }: { px: number }) {
  return (
    <svg width={px * 5} height={px} viewBox="0 0 120 24" fill="currentColor" aria-hidden>
      <path d={ROW} />
    </svg>
  );
}

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
  return (
    <span className={classes.stars} aria-hidden>
      <span className={classes.starsEmpty}>
        <StarRow px={px} />
      </span>
      <span className={classes.starsFull} style={{ width: `${percent}%`, color }}>
        <StarRow px={px} />
      </span>
    </span>
  );
}
