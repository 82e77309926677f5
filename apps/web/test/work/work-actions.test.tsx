import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkActions } from '../../src/features/work/WorkActions';
import { renderWithProviders } from '../render';
import { makeWork } from '../works/fixtures';

configure({ asyncUtilTimeout: 20_000 });

function signedInAs(group: 'user' | 'administrator') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ user: { name: 'listener', group }, auth: true, reg: true }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

beforeEach(() => signedInAs('user'));
afterEach(() => vi.unstubAllGlobals());

describe('WorkActions', { timeout: 30_000 }, () => {
  it('offers to write a review, and to edit it once one is written', async () => {
    const { unmount } = renderWithProviders(
      <WorkActions id="RJ000001" work={{ ...makeWork(1), review_text: null }} />,
    );
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    unmount();
    renderWithProviders(<WorkActions id="RJ000001" work={{ ...makeWork(1), review_text: 'Lovely.' }} />);
    expect(await screen.findByRole('button', { name: 'Edit your review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('offers Edit (the metadata dialog) to administrators only', async () => {
    const { unmount } = renderWithProviders(<WorkActions id="RJ000001" work={makeWork(1)} />);
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    unmount();
    signedInAs('administrator');
    renderWithProviders(<WorkActions id="RJ000001" work={makeWork(1)} />);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
