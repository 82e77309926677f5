import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecommendations } from '../../../components/work/recommendations-api';
import { WorkRail } from '../../../components/work/WorkRail';
import classes from './recommendations.module.css';

type Row = 'forYou' | 'popular';
const LABELS: Record<Row, string> = { forYou: 'recommend.forYou', popular: 'recommend.popular' };

/**
 * The band's content (its own chunk, loaded after the list's first paint): "For you" for a member whose
 * history recommends something (the server answers an empty list otherwise: `personalOnly`), "Popular"
 * for everyone, one row shown at a time under a tab each, so the band keeps one row's height whatever
 * arrives. A row with nothing, or whose request failed, is left out; with neither, `onEmpty`. `compact`:
 * the list display mode's lines (WorkRail).
 */
export default function RecommendationBand({
  member,
  compact,
  onEmpty,
}: {
  member: boolean;
  compact: boolean;
  onEmpty(): void;
}) {
  const { t } = useTranslation();
  const popular = useRecommendations('popular', {}, true);
  const forYou = useRecommendations('recommend-for-user', { personalOnly: true }, member);
  const [chosen, setChosen] = useState<Row | null>(null);
  const works: Record<Row, typeof popular.data> = { forYou: forYou.data, popular: popular.data };
  const rows = (['forYou', 'popular'] as const).filter((row) => (works[row]?.works.length ?? 0) > 0);
  const settled = !popular.isPending && (!member || !forYou.isPending);
  const empty = settled && rows.length === 0;
  useEffect(() => {
    if (empty) onEmpty();
  }, [empty, onEmpty]);

  // "For you" first when it has works; nothing is picked until it is known whether it has.
  const shown = chosen ?? (settled ? rows[0] : undefined);
  return (
    <>
      {rows.length > 1 && settled ? (
        <div className={classes.heading} role="tablist" aria-label={t('recommend.heading')}>
          {rows.map((row) => (
            <button
              key={row}
              type="button"
              role="tab"
              id={`recommend-tab-${row}`}
              aria-selected={row === shown}
              aria-controls="recommend-panel"
              className={classes.tab}
              onClick={() => setChosen(row)}
            >
              {t(LABELS[row])}
            </button>
          ))}
        </div>
      ) : (
        <h2 className={classes.heading}>{t(shown ? LABELS[shown] : 'recommend.heading')}</h2>
      )}
      <div id="recommend-panel" role={rows.length > 1 ? 'tabpanel' : undefined} data-testid="recommend-row">
        <WorkRail
          works={shown ? works[shown]?.works : undefined}
          label={t(shown ? LABELS[shown] : 'recommend.heading')}
          compact={compact}
        />
      </div>
    </>
  );
}
