import type { Work } from '@sasayaki/api-contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkTags } from '../../src/features/work/tags/WorkTags';
import { renderWithProviders } from '../render';
import { makeWork } from '../works/fixtures';

configure({ asyncUtilTimeout: 20_000 });

const work: Work = {
  ...makeWork(1),
  tags: [
    { id: 7, name: 'ASMR', i18n: {}, upvote: 3, downvote: 1, myVote: 1 },
    { id: 8, name: 'Healing', i18n: {}, upvote: 0, downvote: 0, myVote: 0 },
  ],
};

/** The session as `group`, and every vote the component sends (their JSON bodies). */
function signedInAs(group: 'user' | 'guest') {
  const votes: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/vote/vote-work-tag') {
        votes.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({}), { headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ user: { name: 'listener', group }, auth: true, reg: true }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return votes;
}

afterEach(() => vi.unstubAllGlobals());

describe('WorkTags', { timeout: 30_000 }, () => {
  it('shows a member each tag’s votes, their own pressed; a click votes, the same click takes it back', async () => {
    const votes = signedInAs('user');
    renderWithProviders(<WorkTags work={work} />);
    const up = await screen.findByRole('button', { name: 'Fits: vote “ASMR” up (3)' });
    expect(up.getAttribute('aria-pressed')).toBe('true');
    const down = screen.getByRole('button', { name: 'Does not fit: vote “Healing” down (0)' });
    expect(down.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(down);
    await waitFor(() => expect(votes).toEqual([{ workID: 1, tagID: 8, status: 2 }]));
    fireEvent.click(up);
    await waitFor(() => expect(votes).toContainEqual({ workID: 1, tagID: 7, status: 0 }));
    expect(screen.getByRole('link', { name: 'ASMR' }).getAttribute('href')).toBe('/works?tagId=7');
  });

  it('shows the guest plain tag chips, without votes', async () => {
    signedInAs('guest');
    renderWithProviders(<WorkTags work={work} />);
    expect(await screen.findByRole('link', { name: 'Healing' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
