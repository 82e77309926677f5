import type { MetadataFetchProgress } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetadataFetchPanel } from '../../src/features/admin/MetadataFetchPanel';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

const progress = (extra: Partial<MetadataFetchProgress> = {}): MetadataFetchProgress => ({
  enabled: true,
  running: false,
  startedAt: '2026-11-24T20:00:00Z',
  finishedAt: '2026-11-24T20:05:00Z',
  done: 40,
  fetched: 35,
  notFound: 3,
  failed: 2,
  waiting: 7,
  current: null,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('MetadataFetchPanel', () => {
  it('shows the counts and starts a fetch', async () => {
    const { calls } = mockFetch(() => ({
      status: 202,
      body: progress({ running: true, current: 'RJ01234567' }),
    }));
    renderWithProviders(<MetadataFetchPanel progress={progress()} />);
    expect(screen.getByText('DLsite metadata')).toBeTruthy();
    for (const [key, value] of Object.entries({
      done: 40,
      fetched: 35,
      notFound: 3,
      failed: 2,
      waiting: 7,
    })) {
      expect(document.querySelector(`[data-count="metadata-${key}"]`)?.textContent).toBe(String(value));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Fetch now' }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/scan/metadata'),
    );
  });

  it('offers to stop a running fetch, and says when fetching is off', () => {
    mockFetch();
    const running = renderWithProviders(
      <MetadataFetchPanel progress={progress({ running: true, current: 'RJ146932' })} />,
    );
    expect(screen.getByText('Fetching… now RJ146932')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop fetching' })).toBeTruthy();
    running.unmount();
    renderWithProviders(<MetadataFetchPanel progress={progress({ enabled: false })} />);
    expect(screen.getByText(/Fetching from DLsite is off/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Fetch now' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
