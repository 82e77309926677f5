import { afterNextPaint } from '../../lib/after-paint';
import { type CoverSize, type CoverWork, coverSrc } from './cover-src';
import classes from './early-cover.module.css';

/**
 * How long the entry waits at most for the early cover before it runs the app anyway (a slow or missing
 * picture must not hold the app back). On a phone's network the app's chunk arrives after the cover, so
 * the wait costs nothing there; on a fast one it is the cover's own load.
 */
export const EARLY_COVER_WAIT_MS = 1_500;

let settled: Promise<void> = Promise.resolve();
let drawn: HTMLElement | null = null;
/** The page has painted its own cover (or was left): a late answer draws nothing. */
let dismissed = false;

/**
 * Paints a work page's cover from the entry (main.tsx), as soon as the start-up read of the work answers,
 * at the place where WorkHeader draws it (early-cover.module.css), before the app's code has run: the
 * page's largest paint no longer waits for the app's chunk, its evaluation and first render (on a
 * 4x-throttled phone about a second, issue 14's phone budget). It lies over the page's own cover, the
 * same picture in the same box, until that one has painted (`removeEarlyCover`). Decorative to
 * assistive technology: the page's cover, with its alternative text, is the one they read.
 */
export function paintEarlyCover(work: Promise<CoverWork>, size: CoverSize): void {
  dismissed = false;
  settled = new Promise((resolve) => {
    const cap = setTimeout(resolve, EARLY_COVER_WAIT_MS);
    const done = () => {
      clearTimeout(cap);
      resolve();
    };
    work.then((answer) => {
      if (dismissed) {
        done();
        return;
      }
      const image = document.createElement('img');
      image.alt = '';
      image.width = 560;
      image.height = 420;
      image.fetchPriority = 'high';
      // Painted with the frame that shows it, like the page's own first cover.
      image.decoding = 'sync';
      image.onload = () => afterNextPaint(done);
      image.onerror = () => {
        removeEarlyCover();
        done();
      };
      image.src = coverSrc(answer, size);
      drawn = box(image);
      document.body.appendChild(drawn);
    }, done);
  });
}

/** Wraps the picture in the boxes that place it where the work page's cover goes. */
function box(image: HTMLImageElement): HTMLElement {
  let inner: HTMLElement = image;
  for (const name of ['cover', 'header', 'column', 'page'] as const) {
    const outer = document.createElement('div');
    outer.className = classes[name] ?? '';
    outer.appendChild(inner);
    inner = outer;
  }
  inner.setAttribute('aria-hidden', 'true');
  inner.dataset.testid = 'early-cover';
  return inner;
}

/**
 * Resolves once the early cover has painted, failed, or not come within `EARLY_COVER_WAIT_MS`; at once
 * when none was asked for. The entry runs the app after it: an app evaluated before that paint is part
 * of the largest paint's path again (Lighthouse counts every script that ran before it).
 */
export function earlyCoverSettled(): Promise<void> {
  return settled;
}

/** Takes the early cover away (the work page, once its own cover has painted or when it goes). */
export function removeEarlyCover(): void {
  dismissed = true;
  drawn?.remove();
  drawn = null;
}
