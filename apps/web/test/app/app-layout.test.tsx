import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../src/app/layout/AppLayout';
import { renderWithProviders } from '../render';

/**
 * The layout renders once when it mounts, on a phone as on a desktop (issue 14's phone budget): asking
 * the phone query in an effect rendered the top bar, the sidebar and the player's slots a second time
 * inside the first screen's commit, a sixth of a second of a 4x-throttled phone's main thread.
 */

const renders = vi.hoisted(() => ({ topBar: 0 }));
vi.mock('../../src/app/layout/TopBar', () => ({
  TopBar: () => {
    renders.topBar += 1;
    return null;
  },
}));
vi.mock('../../src/app/layout/Sidebar', () => ({ Sidebar: () => null }));
vi.mock('../../src/app/layout/PlayerSlots', () => ({ PlayerSlots: () => null }));
vi.mock('../../src/features/notices/Notices', () => ({ Notices: () => null }));

afterEach(() => {
  vi.restoreAllMocks();
  renders.topBar = 0;
});

describe('AppLayout', () => {
  it.each([true, false])('renders once when it mounts (phone: %s)', async (phone) => {
    const original = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...original(query),
      matches: phone && query.includes('max-width: 47.99em'),
    }));
    renderWithProviders(<AppLayout />, { path: '/works' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(renders.topBar).toBe(1);
  });
});
