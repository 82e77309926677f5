import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../src/features/notices/Notices';
import { renderWithProviders } from '../render';

const showNotice = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../src/features/notices/show', () => ({ showNotice }));
// Start-up's idle time, begun unless a test says otherwise.
const idle = vi.hoisted(() => ({ started: true, listeners: new Set<() => void>() }));
vi.mock('../../src/lib/idle', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    idle.listeners.add(listener);
    return () => idle.listeners.delete(listener);
  };
  return { useIdleStarted: () => useSyncExternalStore(subscribe, () => idle.started) };
});

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
  idle.started = true;
});

describe('notices', { timeout: 20_000 }, () => {
  it('asks for the version only once start-up has reached its idle time (not in the first screen)', async () => {
    idle.started = false;
    serve({ version: '1.2.0' });
    renderWithProviders(<Notices />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    act(() => {
      idle.started = true;
      for (const listener of idle.listeners) listener();
    });
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
