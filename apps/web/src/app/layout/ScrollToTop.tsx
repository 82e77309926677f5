import { lazy, Suspense, useEffect, useState } from 'react';

// Its affix, portal and transition are not needed until the page has been scrolled down (200 KB budget).
const ScrollToTopButton = lazy(() => import('./ScrollToTopButton'));

const SHOWN_FROM_PX = 400;

/**
 * A back-to-top button once the page is scrolled more than 400 px down. The position is read on scroll
 * events only: reading it when mounting (as Mantine's useWindowScroll does) made the browser lay out
 * the whole first screen inside React's commit, a tenth of a second before it would have anyway.
 */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SHOWN_FROM_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  useEffect(() => {
    if (shown) setWanted(true);
  }, [shown]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton shown={shown} onTop={() => window.scrollTo({ top: 0, behavior: 'smooth' })} />
    </Suspense>
  );
}
