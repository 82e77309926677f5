import type { Envelope, Work } from '@sasayaki/api-contract';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cover } from '../../src/components/work/Cover';
import { removeEarlyCover } from '../../src/components/work/early-cover';
import WorkPage from '../../src/features/work/WorkPage';
import { startWorkReads, workKey } from '../../src/features/work/work-request';
import { WorksResults } from '../../src/features/works/components/WorksResults';
import { startWorksListRead } from '../../src/features/works/list-request';
import { DISPLAY_MODES, useListPreferences } from '../../src/features/works/list-state';
import { adoptStartUpReads } from '../../src/lib/start-up-read';
import { usePlayerActivation } from '../../src/player/activation';
import { renderWithProviders } from '../render';
import { makeWork } from '../works/fixtures';

/**
 * The first screen's largest paint is a cover (issue 14, Lighthouse at the phone size): its picture is
 * asked for as soon as the start-up fetch of the list or the work answers, not once the page rendered
 * its <img>; and the work page's player waits until the page has painted its work and start-up's idle
 * time has begun.
 */

const works = [makeWork(123456), makeWork(654321)];

// Start-up's idle time (lib/idle.ts: 2 s after start) begins when a test says so.
const idle = vi.hoisted(() => {
  let begin: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  return { started, begin };
});
vi.mock('../../src/lib/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/idle')>()),
  whenIdle: () => idle.started,
}));

function serve(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    ),
  );
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    priority: link.getAttribute('fetchpriority'),
  }));

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  // startWorkReads paints the work's cover from the entry (early-cover.ts), outside React's tree.
  removeEarlyCover();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  usePlayerActivation.setState({ activated: false });
});

describe('the first cover, preloaded at start-up', () => {
  it.each(DISPLAY_MODES)('on the works list in %s mode is the picture its first item shows', async (mode) => {
    useListPreferences.setState({ displayMode: mode });
    const envelope: Envelope = { works, pagination: { currentPage: 1, pageSize: 12, totalCount: 2 } };
    serve(envelope);
    startWorksListRead('', Promise.resolve());
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    renderWithProviders(<WorksResults works={works} mode={mode} pageSize={12} />);
    const first = document.querySelector('img[src*="/api/cover/"]');
    expect(preloads()).toEqual([{ href: first?.getAttribute('src'), priority: 'high' }]);
  });

  it('on a work page is its main cover, and a failed fetch preloads nothing', async () => {
    serve(works[0]);
    startWorkReads('RJ123456', Promise.resolve());
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()).toEqual([{ href: '/api/cover/123456.jpg?type=main', priority: 'high' }]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"No such work"}', { status: 404 })),
    );
    const client = new QueryClient();
    adoptStartUpReads(client, startWorkReads('RJ654321', Promise.resolve()));
    await vi.waitFor(() => expect(client.getQueryState(workKey('RJ654321'))?.status).toBe('error'));
    expect(preloads()).toHaveLength(1);
  });
});

describe('the first screen’s cover', () => {
  it('is opaque from its first paint, while a lazy one fades in once loaded', () => {
    renderWithProviders(
      <>
        <Cover work={works[0] as Work} linked={false} eager />
        <Cover work={works[1] as Work} linked={false} />
      </>,
    );
    const [eager, lazy] = [...document.querySelectorAll('img')].map((image) => image.parentElement);
    // The largest paint would wait for `load`, a render and 200 ms of fading (work.module.css).
    expect(eager?.hasAttribute('data-loaded')).toBe(true);
    expect(lazy?.hasAttribute('data-loaded')).toBe(false);
  });
});

describe('the work page', () => {
  it('loads the player once it has painted its work and start-up’s idle time has begun, not at mount', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    // Frames are painted only when the test says so (React Query's own timers run).
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    const { queryClient } = renderWithProviders(<WorkPage />, { path: '/work/RJ123456', route: '/work/:id' });
    expect(usePlayerActivation.getState().activated).toBe(false);
    queryClient.setQueryData(workKey('RJ123456'), works[0]);
    // The work is on screen, its frame not painted yet.
    expect(await screen.findByRole('heading', { name: works[0]?.title })).toBeTruthy();
    expect(usePlayerActivation.getState().activated).toBe(false);
    // Painted, but idle time has not begun: the cover's largest paint may not have been shown yet.
    vi.advanceTimersToNextFrame();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(usePlayerActivation.getState().activated).toBe(false);
    idle.begin();
    await vi.waitFor(() => {
      vi.advanceTimersToNextFrame();
      expect(usePlayerActivation.getState().activated).toBe(true);
    });
  });
});
