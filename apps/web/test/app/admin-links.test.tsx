import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLinks } from '../../src/app/layout/AdminLinks';
import { renderWithProviders } from '../render';

// Start-up's idle time, not begun until the test says so.
const idle = vi.hoisted(() => ({ started: false, listeners: new Set<() => void>() }));
vi.mock('../../src/lib/idle', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    idle.listeners.add(listener);
    return () => idle.listeners.delete(listener);
  };
  return { useIdleStarted: () => useSyncExternalStore(subscribe, () => idle.started) };
});

beforeEach(() => {
  idle.started = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ open: 3 })),
  );
});

describe('AdminLinks', () => {
  it("asks for the inbox's open count only once start-up has reached its idle time", async () => {
    renderWithProviders(<AdminLinks onFollow={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    act(() => {
      idle.started = true;
      for (const listener of idle.listeners) listener();
    });
    await waitFor(() => expect(screen.getByText('3')).toBeTruthy());
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toContain('/api/admin/feedback/open-count');
  });
});
