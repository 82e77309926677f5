import { Group, Stack, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../lazy-tooltip/LazyTooltip';
import { Stars } from './Stars';
import classes from './work.module.css';

type RatedWork = Pick<Work, 'rate_average_2dp' | 'rate_count' | 'rate_count_detail' | 'userRating'>;

/** The per-star bars of `rate_count_detail`, five stars first, with the average and the count. */
export function RatingDistribution({ work }: { work: RatedWork }) {
  const { t } = useTranslation();
  const byPoint = new Map(work.rate_count_detail.map((row) => [row.review_point, row]));
  return (
    <Stack gap={4} p={4} aria-label={t('workCard.rating.distribution')}>
      <Text fz="xs" fw={600}>
        {t('workCard.rating.distribution')}
      </Text>
      {[5, 4, 3, 2, 1].map((point) => {
        const row = byPoint.get(point);
        return (
          <Group key={point} gap={6} wrap="nowrap">
            <Text fz="xs" w={44}>
              {t('workCard.rating.stars', { count: point })}
            </Text>
            <div className={classes.bar}>
              <div className={classes.barFill} style={{ width: `${row?.ratio ?? 0}%` }} />
            </div>
            <Text fz="xs" w={36} ta="right">
              {row?.ratio ?? 0}%
            </Text>
          </Group>
        );
      })}
      <Text fz="xs" mt={2}>
        {t('workCard.rating.average')}: {(work.rate_average_2dp ?? 0).toFixed(2)} ·{' '}
        {t('workCard.rating.count', { count: work.rate_count ?? 0 })}
      </Text>
    </Stack>
  );
}

interface StarRatingDisplayProps {
  work: RatedWork;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Show the average number and the count beside the stars. */
  withNumbers?: boolean;
}

/**
 * Read-only stars: the user's own rating in the theme colour when there is one, else the average in
 * amber; hovering, focusing or tapping shows the distribution. Plain elements, since every card of the
 * first screen shows one.
 */
export function StarRatingDisplay({ work, size = 'sm', withNumbers = true }: StarRatingDisplayProps) {
  const { t } = useTranslation();
  const average = work.rate_average_2dp ?? 0;
  const mine = work.userRating;
  const count = work.rate_count ?? 0;
  const label = count
    ? t('workCard.rating.label', { average: average.toFixed(2) })
    : t('workCard.rating.none');
  return (
    <LazyTooltip
      label={<RatingDistribution work={work} />}
      events={{ hover: true, focus: true, touch: true }}
      withArrow
      multiline
      disabled={!count}
      takeOver="first-use"
    >
      <span
        role="img"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus opens the distribution for keyboard users
        tabIndex={0}
        aria-label={label}
        className={`${classes.rating} ${classes.focusable}`}
      >
        <span
          title={mine ? t('workCard.rating.mine', { rating: mine }) : undefined}
          style={{ display: 'inline-flex' }}
        >
          <Stars
            value={mine ?? average}
            size={size}
            color={mine ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-yellow-5)'}
          />
        </span>
        {withNumbers && (
          <span
            className={`${classes.text} ${classes.dimmed}`}
            style={{
              fontSize: `var(--mantine-font-size-${size === 'lg' ? 'sm' : 'xs'})`,
              whiteSpace: 'nowrap',
            }}
          >
            {count ? (
              <>
                <span className={classes.average}>{average.toFixed(2)}</span> ({count})
              </>
            ) : (
              t('workCard.rating.none')
            )}
          </span>
        )}
      </span>
    </LazyTooltip>
  );
}
