import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLinks } from '../../src/app/layout/AdminLinks';
import { setIdleStarted } from '../idle-mock';
import { renderWithProviders } from '../render';

vi.mock('../../src/lib/idle', () => import('../idle-mock'));

beforeEach(() => {
  setIdleStarted(false);
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
    setIdleStarted(true);
    await waitFor(() => expect(screen.getByText('3')).toBeTruthy());
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toContain('/api/admin/feedback/open-count');
  });
});
