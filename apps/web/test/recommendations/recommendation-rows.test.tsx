import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecommendationSlot } from '../../src/features/works/recommendations/RecommendationSlot';
import { renderWithProviders } from '../render';
import { type Call, mockFetch } from '../review/fetch-mock';
import { makeWork } from '../works/fixtures';

// Idle time begins at once here (2 s after start in the app).
vi.mock('../../src/lib/idle', () => ({ useIdleStarted: () => true, whenIdle: () => Promise.resolve() }));

const page = (ids: number[]) => ({
  body: {
    works: ids.map((id) => makeWork(id, { title: `Work ${id}` })),
    pagination: { currentPage: 1, pageSize: 20, totalCount: ids.length },
  },
});

/** Answers popular and recommend-for-user as given (a status for a failure). */
function serve(answers: { popular: number[] | number; forYou?: number[] | number }, group = 'user') {
  return mockFetch(
    (call: Call) => {
      const answer = call.url.endsWith('/popular') ? answers.popular : answers.forYou;
      if (answer === undefined) return undefined;
      return typeof answer === 'number' ? { status: answer, body: { error: 'broken' } } : page(answer);
    },
    { name: group === 'guest' ? 'guest' : 'listener', group },
  );
}

const recommenderCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/recommender/'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the works page’s recommendation rows', () => {
  it('a guest sees Popular only, and "For you" is never asked', async () => {
    const { calls } = serve({ popular: [1, 2, 3] }, 'guest');
    renderWithProviders(<RecommendationSlot />);
    const row = await screen.findByRole('list', { name: 'Popular' });
    expect(within(row).getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Popular' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(recommenderCalls(calls).map((call) => call.url)).toEqual(['/api/recommender/popular']);
  });

  it('a member with history gets "For you" first (personal picks only) and "Popular" beside it', async () => {
    const { calls } = serve({ popular: [1, 2], forYou: [7, 8, 9] });
    renderWithProviders(<RecommendationSlot />);
    const forYou = await screen.findByRole('tab', { name: 'For you' });
    expect(forYou.getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('list', { name: 'For you' })).getByText('Work 8')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Popular' }));
    expect(await screen.findByRole('list', { name: 'Popular' })).toBeTruthy();
    const personal = recommenderCalls(calls).find((call) => call.url.endsWith('/recommend-for-user'));
    expect(personal?.body).toMatchObject({ personalOnly: true, page: 1 });
  });

  it('a new member (nothing personal yet) sees Popular only', async () => {
    serve({ popular: [1, 2], forYou: [] });
    renderWithProviders(<RecommendationSlot />);
    expect(await screen.findByRole('list', { name: 'Popular' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'For you' })).toBeNull();
  });

  it('empty or failing answers hide the band without an error', async () => {
    serve({ popular: 500, forYou: [] });
    renderWithProviders(<RecommendationSlot />);
    expect(screen.getByTestId('recommendations')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('recommendations')).toBeNull());
  });

  it('a failing "For you" leaves Popular standing', async () => {
    serve({ popular: [4], forYou: 500 });
    renderWithProviders(<RecommendationSlot />);
    expect(await screen.findByRole('list', { name: 'Popular' })).toBeTruthy();
  });

  it('in the list display mode: lines of a small cover, the title, the code and the circle, in a lower band', async () => {
    serve({ popular: [1, 2, 3] }, 'guest');
    renderWithProviders(<RecommendationSlot compact />);
    // Reserved at the first render, before the band's chunk and answers: the list below never moves.
    expect(screen.getByTestId('recommendations').dataset.compact).toBe('true');
    const row = await screen.findByRole('list', { name: 'Popular' });
    expect(row.dataset.compact).toBe('true');
    const links = within(row).getAllByRole('link');
    expect(links).toHaveLength(3);
    const first = makeWork(1);
    expect(links[0]?.getAttribute('href')).toBe(`/work/${first.source_id}`);
    expect(links[0]?.textContent).toBe(`Work 1${first.source_id} · ${first.circle.name}`);
  });

  it('in the covers and cards modes: the tiles, in the taller band', async () => {
    serve({ popular: [1] }, 'guest');
    renderWithProviders(<RecommendationSlot />);
    expect(screen.getByTestId('recommendations').dataset.compact).toBeUndefined();
    const row = await screen.findByRole('list', { name: 'Popular' });
    expect(row.dataset.compact).toBeUndefined();
    // The tile: the cover (with its code) and the title over it; no circle line.
    expect(within(row).getByRole('link').textContent).not.toContain(makeWork(1).circle.name);
  });
});
