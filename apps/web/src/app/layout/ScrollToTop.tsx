import { useWindowScroll } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';

// Its affix, portal and transition are not needed until the page has been scrolled down (200 KB budget).
const ScrollToTopButton = lazy(() => import('./ScrollToTopButton'));

/** A back-to-top button once the page is scrolled more than 400 px down. */
export function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  const shown = scroll.y > 400;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (shown) setWanted(true);
  }, [shown]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton shown={shown} onTop={() => scrollTo({ y: 0 })} />
    </Suspense>
  );
}
