import { lazy, Suspense } from 'react';
import { useIdleStarted } from '../../../lib/idle';
import { useSession } from '../../auth/session';

// Its own chunk (Mantine's Accordion and Table, whose scroll container brings floating-ui along): a third
// of the work page's code, which its first load carried for a closed section at the page's foot.
const SourcesAccordion = lazy(() =>
  import('./SourcesAccordion').then((module) => ({ default: module.SourcesAccordion })),
);

/**
 * Administrators only: the work's metadata sources, at the page's foot. Shown from start-up's idle time
 * on, so its chunk is not fetched beside the first screen's (issue 14's phone budget).
 */
export function MetadataSources({ id }: { id: string }) {
  const session = useSession();
  const idle = useIdleStarted();
  if (session.data?.user?.group !== 'administrator' || !idle) return null;
  return (
    <Suspense fallback={null}>
      <SourcesAccordion id={id} />
    </Suspense>
  );
}
