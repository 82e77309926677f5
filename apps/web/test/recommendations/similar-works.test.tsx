import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimilarWorks } from '../../src/features/work/similar/SimilarWorks';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';
import { makeWork } from '../works/fixtures';

vi.mock('../../src/lib/idle', () => ({ useIdleStarted: () => true, whenIdle: () => Promise.resolve() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Similar works on the work page', () => {
  it('asks item-neighbors for the work and shows the answer as a row of tiles', async () => {
    const { calls } = mockFetch(() => ({
      body: {
        works: [makeWork(5, { title: 'Neighbour A' }), makeWork(6, { title: 'Neighbour B' })],
        pagination: { currentPage: 1, pageSize: 20, totalCount: 2 },
      },
    }));
    renderWithProviders(<SimilarWorks workId={1087228} />);
    const row = await screen.findByRole('list', { name: 'Similar works' });
    expect(await within(row).findByText('Neighbour B')).toBeTruthy();
    expect(calls).toEqual([
      {
        url: '/api/recommender/item-neighbors',
        method: 'POST',
        body: { page: 1, pageSize: 20, itemId: 1087228 },
      },
    ]);
  });

  it('hides itself when there are none, or when the request fails', async () => {
    mockFetch(() => ({ body: { works: [], pagination: { currentPage: 1, pageSize: 20, totalCount: 0 } } }));
    const { unmount } = renderWithProviders(<SimilarWorks workId={1} />);
    await waitFor(() => expect(screen.queryByTestId('similar-works')).toBeNull());
    unmount();
    mockFetch(() => ({ status: 500, body: { error: 'broken' } }));
    renderWithProviders(<SimilarWorks workId={2} />);
    await waitFor(() => expect(screen.queryByTestId('similar-works')).toBeNull());
  });
});
