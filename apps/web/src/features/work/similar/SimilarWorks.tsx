import { Title } from '@mantine/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecommendations } from '../../../components/work/recommendations-api';
import { WorkRail } from '../../../components/work/WorkRail';
import { useIdleStarted } from '../../../lib/idle';

/** Starts asking this far before the section scrolls into view. */
const AHEAD = '300px';

/** True once `ref`'s element comes near the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * "Similar works" below the tracks (`item-neighbors`): asked once the section nears the screen and the
 * start-up's idle time has begun, so the work page's first load pays nothing for it. Hidden when the
 * server has none or the request fails.
 */
export function SimilarWorks({ workId }: { workId: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const idle = useIdleStarted();
  const similar = useRecommendations('item-neighbors', { itemId: workId }, near && idle);
  if (similar.isError || similar.data?.works.length === 0) return null;
  return (
    <section ref={ref} data-testid="similar-works" aria-label={t('recommend.similar')}>
      <Title order={2} fz="lg" mb={6}>
        {t('recommend.similar')}
      </Title>
      <WorkRail works={similar.data?.works} label={t('recommend.similar')} />
    </section>
  );
}
