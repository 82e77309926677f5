import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../components/review/use-session-user';
import { useAfterFirstPaint } from '../../../lib/after-paint';
import { useIdleStarted } from '../../../lib/idle';
import classes from './recommendations.module.css';

const RecommendationBand = lazy(() => import('./RecommendationBand'));

/**
 * The place of the works page's "For you" and "Popular" rows, above the list. Its height is reserved at
 * the first render, and its content (code, requests, covers) comes once the list has painted and the
 * start-up's idle time has begun, so the list's first screen and its largest paint do not wait for it or
 * move. Left out (and the height given back) only when neither row has works or both requests failed.
 * `compact` (the list display mode): the rows as lines of small covers and titles, in a lower band.
 */
export function RecommendationSlot({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  // Both: idle time begins 2 s after start, and a later visit of the page must still wait for its paint.
  const painted = useAfterFirstPaint();
  const idle = useIdleStarted();
  const [empty, setEmpty] = useState(false);
  const onEmpty = useCallback(() => setEmpty(true), []);

  if (empty) return null;
  return (
    <section
      className={classes.band}
      aria-label={t('recommend.heading')}
      data-testid="recommendations"
      data-compact={compact || undefined}
    >
      {painted && idle && user && (
        <Suspense fallback={null}>
          <RecommendationBand member={user.group !== 'guest'} compact={compact} onEmpty={onEmpty} />
        </Suspense>
      )}
    </section>
  );
}
