import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../src/features/notices/Notices';
import { setIdleStarted } from '../idle-mock';
import { renderWithProviders } from '../render';

const showNotice = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../src/features/notices/show', () => ({ showNotice }));
vi.mock('../../src/lib/idle', () => import('../idle-mock'));

function serve(body: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            update_available: false,
            notifyUser: false,
            lockFileExists: false,
            lockReason: null,
            ...body,
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
}

beforeEach(() => {
  localStorage.clear();
  showNotice.mockClear();
  setIdleStarted(true);
});

describe('notices', { timeout: 20_000 }, () => {
  it('asks for the version only once start-up has reached its idle time (not in the first screen)', async () => {
    setIdleStarted(false);
    serve({ version: '1.2.0' });
    renderWithProviders(<Notices />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    setIdleStarted(true);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  });

  it('announces a version whose first segments changed for 10 s, then stores it', async () => {
    localStorage.setItem('localVersion', '1.1.3');
    serve({ version: '1.2.0' });
    renderWithProviders(<Notices />);
    await waitFor(() => expect(localStorage.getItem('localVersion')).toBe('1.2.0'));
    expect(showNotice).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'new version released', autoClose: 10_000 }),
    );
  });

  it('stays quiet when only the last segment changed, but stores the version', async () => {
    localStorage.setItem('localVersion', '1.1.3');
    serve({ version: '1.1.9' });
    renderWithProviders(<Notices />);
    await waitFor(() => expect(localStorage.getItem('localVersion')).toBe('1.1.9'));
    expect(showNotice).not.toHaveBeenCalled();
  });

  it('warns for 60 s when the server has a lock file', async () => {
    localStorage.setItem('localVersion', '1.1.3');
    serve({ version: '1.1.3', lockFileExists: true, lockReason: 'Schema upgrade' });
    renderWithProviders(<Notices />);
    await waitFor(() =>
      expect(showNotice).toHaveBeenCalledWith(
        expect.objectContaining({ autoClose: 60_000, color: 'orange' }),
      ),
    );
  });
});
