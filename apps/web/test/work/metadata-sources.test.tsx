import type { WorkMetadataSources } from '@sasayaki/api-contract';
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetadataSources } from '../../src/features/work/sources/MetadataSources';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

configure({ asyncUtilTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const SOURCES: WorkMetadataSources = {
  id: 300001,
  source_id: 'RJ300001',
  order: ['workinfo', 'dlsite', 'folder', 'tags'],
  fields: { title: 'dlsite', circle: 'folder', release: 'edit' },
  providers: [
    {
      provider: 'dlsite',
      status: 'not_found',
      message: 'delisted',
      fetched_at: '2026-11-24T00:00:00Z',
      next_fetch_at: '2026-12-01T00:00:00Z',
    },
    {
      provider: 'folder',
      status: 'ok',
      message: null,
      fetched_at: '2026-11-24T00:00:00Z',
      next_fetch_at: null,
    },
  ],
};

describe('MetadataSources', { timeout: 30_000 }, () => {
  it('shows administrators each field’s source and each provider’s last answer, fetched when opened', async () => {
    const { calls } = mockFetch(() => ({ body: SOURCES }), { name: 'admin', group: 'administrator' });
    renderWithProviders(<MetadataSources id="RJ300001" />);
    // Shown from start-up's idle time on (lib/idle.ts: 2 s after start).
    const toggle = await screen.findByRole('button', { name: 'Sources' }, { timeout: 5_000 });
    expect(calls.some((call) => call.url.includes('metadata-sources'))).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('Hand edit')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/admin/works/RJ300001/metadata-sources');
    const row = (field: string) => screen.getByText(field).closest('tr')?.textContent;
    expect(row('Title')).toBe('TitleDLsite');
    expect(row('Circle')).toBe('CircleFolder name');
    expect(row('Release date')).toBe('Release dateHand edit');
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.getByText('delisted')).toBeTruthy();
  });

  it('shows nothing to other users', async () => {
    const { calls } = mockFetch(() => ({ body: SOURCES }));
    const { container } = renderWithProviders(<MetadataSources id="RJ300001" />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.textContent).not.toContain('Sources');
    expect(calls.some((call) => call.url.includes('metadata-sources'))).toBe(false);
  });
});
