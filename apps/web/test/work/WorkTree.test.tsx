import type { Work } from '@sasayaki/api-contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkTree } from '../../src/features/work/tree/WorkTree';
import { renderWithProviders } from '../render';
import { makeWork } from '../works/fixtures';
import { sampleTree } from './fixtures';

configure({ asyncUtilTimeout: 20_000 });

const work: Work = makeWork(123456);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(sampleTree()), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = (path: string) =>
  renderWithProviders(<WorkTree id="RJ123456" work={work} />, { path, route: '/work/:id' });

describe('WorkTree', { timeout: 60_000 }, () => {
  it('auto-descends through the single wrapping folder and shows counts and durations', async () => {
    render('/work/RJ123456');
    expect(await screen.findByText('mp3')).toBeTruthy();
    // Breadcrumbs show where auto-descend went.
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('RJ123456')).toBeTruthy();
    // mp3 holds 2 items and 3860 s of audio; wav 1 item of 10 s.
    expect(screen.getByText('2 items · 01:04:20')).toBeTruthy();
    expect(screen.getByText('1 item · 00:10')).toBeTruthy();
    // The level's total: 7 files, 01:04:30.
    expect(screen.getByText('7 files · 01:04:30')).toBeTruthy();
  });

  it('opens the folder in ?path= with breadcrumbs, and entering a folder pushes the path', async () => {
    const { router } = render(`/work/RJ123456?path=${encodeURIComponent('["RJ123456","mp3"]')}`);
    fireEvent.click(await screen.findByRole('button', { name: 'SE無し' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('path')).toBe(
        '["RJ123456","mp3","SE無し"]',
      ),
    );
    expect(await screen.findByText('01:00:00')).toBeTruthy();
    expect(screen.getByText('01:05')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('SE無し').getAttribute('aria-current')).toBe('location');
    fireEvent.click(within(crumbs).getByText('mp3'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('path')).toBe('["RJ123456","mp3"]'),
    );
  });

  it('says so when the path does not exist', async () => {
    render(`/work/RJ123456?path=${encodeURIComponent('["gone"]')}`);
    expect(await screen.findByText('This folder does not exist in the work any more.')).toBeTruthy();
  });
});
