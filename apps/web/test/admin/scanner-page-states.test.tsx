import type { ScanHistory as ScanHistoryBody, ScanState, ScanSummary } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanHistory } from '../../src/features/admin/ScanHistory';
import { ScanProgress } from '../../src/features/admin/ScanProgress';
import { UnavailableRoots } from '../../src/features/admin/UnavailableRoots';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

const counts = (extra: Partial<ScanState['counts']> = {}): ScanState['counts'] => ({
  found: 60,
  added: 0,
  updated: 0,
  removed: 0,
  failed: 0,
  skipped: 0,
  unchanged: 0,
  ...extra,
});

const state = (extra: Partial<ScanState> = {}): ScanState => ({
  id: 7,
  mode: 'incremental',
  running: false,
  status: 'finished',
  startedAt: '2026-11-24T20:00:00Z',
  finishedAt: '2026-11-24T20:00:04Z',
  counts: counts(),
  current: null,
  errors: [],
  ...extra,
});

const summary = (id: number, extra: Partial<ScanSummary> = {}): ScanSummary => ({
  id,
  mode: 'incremental',
  running: false,
  status: 'finished',
  startedAt: '2026-11-24T20:00:00Z',
  finishedAt: '2026-11-24T20:01:05Z',
  counts: counts({ added: 2, unchanged: 58 }),
  durationMs: 65_000,
  errorCount: 0,
  warningCount: 0,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('ScanProgress', () => {
  it('says "60 works unchanged" after a scan with nothing to do, not "0 of 60"', () => {
    mockFetch();
    renderWithProviders(<ScanProgress state={state({ counts: counts({ unchanged: 60 }) })} />);
    expect(screen.getByTestId('scan-processed').textContent).toBe('60 works unchanged');
    expect(document.querySelector('[data-count="unchanged"]')?.textContent).toBe('60');
  });

  it('counts unchanged works among those handled when some changed', () => {
    mockFetch();
    renderWithProviders(<ScanProgress state={state({ counts: counts({ added: 2, unchanged: 58 }) })} />);
    expect(screen.getByTestId('scan-processed').textContent).toBe('60 of 60 works');
  });

  it('while a watcher scan runs: its mode and progress', () => {
    mockFetch();
    renderWithProviders(
      <ScanProgress
        state={state({
          mode: 'watch',
          running: true,
          status: 'running',
          finishedAt: null,
          counts: counts({ found: 3, unchanged: 1 }),
        })}
      />,
    );
    expect(screen.getByTestId('scan-processed').textContent).toBe('1 of 3 works');
    expect(screen.getByText('Unchanged works are counted without being read again.')).toBeTruthy();
  });
});

describe('UnavailableRoots', () => {
  it('names each folder not mounted and how many of its works are hidden', () => {
    mockFetch();
    renderWithProviders(
      <UnavailableRoots
        roots={[
          { path: '/mnt/nas/asmr', works: 1200, since: '2026-11-24T20:00:00Z' },
          { path: '/media/usb', works: 1, since: '2026-11-24T21:00:00Z' },
        ]}
      />,
    );
    const notice = screen.getByTestId('unavailable-roots');
    expect(within(notice).getByText('Library folders not mounted')).toBeTruthy();
    expect(within(notice).getByText(/^\/mnt\/nas\/asmr: 1200 works unavailable since/)).toBeTruthy();
    expect(within(notice).getByText(/^\/media\/usb: 1 work unavailable since/)).toBeTruthy();
    expect(within(notice).getByText(/never removed/)).toBeTruthy();
  });

  it('shows nothing when every folder is there', () => {
    mockFetch();
    renderWithProviders(<UnavailableRoots roots={[]} />);
    expect(screen.queryByTestId('unavailable-roots')).toBeNull();
  });
});

describe('ScanHistory', () => {
  const history = (scans: ScanSummary[], totalCount = scans.length): ScanHistoryBody => ({
    scans,
    pagination: { currentPage: 1, pageSize: 10, totalCount },
  });

  it('lists past scans and opens one to read its problems', async () => {
    const { calls } = mockFetch(
      (call) => {
        if (call.url.startsWith('/api/scan/history?'))
          return {
            body: history([
              summary(9, { mode: 'watch', errorCount: 1, warningCount: 2 }),
              summary(8, { status: 'cancelled', durationMs: 3000 }),
            ]),
          };
        if (call.url === '/api/scan/history/9')
          return {
            body: state({
              id: 9,
              errors: [{ path: '/lib/RJ1 Work', message: 'Cannot read folder', level: 'error' }],
            }),
          };
        return undefined;
      },
      { name: 'admin', group: 'administrator' },
    );
    renderWithProviders(<ScanHistory />);
    const row = await screen.findByTestId('scan-history-9');
    expect(within(row).getByText('watcher')).toBeTruthy();
    expect(within(row).getByText('Finished')).toBeTruthy();
    expect(within(row).getByText('1:05')).toBeTruthy();
    expect(
      within(row).getByText('60 found: 2 added, 0 updated, 58 unchanged, 0 missing', { exact: false }),
    ).toBeTruthy();
    expect(within(row).getByText('1 errors, 2 warnings')).toBeTruthy();
    expect(within(screen.getByTestId('scan-history-8')).getByText('Cancelled')).toBeTruthy();
    // Details are asked for only when a row is opened.
    expect(calls.some((call) => call.url === '/api/scan/history/9')).toBe(false);
    fireEvent.click(within(row).getByRole('button'));
    expect(await within(row).findByText('Cannot read folder')).toBeTruthy();
    // Each problem: its level's badge and the path before the message.
    expect(within(row).getByText('Errors')).toBeTruthy();
    expect(within(row).getByText('/lib/RJ1 Work:', { exact: false })).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/scan/history/')).map((call) => call.url)).toEqual(
      ['/api/scan/history/9'],
    );
  });

  it('pages through the history', async () => {
    const { calls } = mockFetch(
      (call) =>
        call.url.startsWith('/api/scan/history?')
          ? { body: history([summary(call.url.includes('page=2') ? 1 : 11)], 11) }
          : undefined,
      { name: 'admin', group: 'administrator' },
    );
    renderWithProviders(<ScanHistory />);
    await screen.findByTestId('scan-history-11');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByTestId('scan-history-1');
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/scan/history?page=2&pageSize=10'),
    );
  });

  it('says when no scan has run', async () => {
    mockFetch((call) => (call.url.startsWith('/api/scan/history?') ? { body: history([]) } : undefined), {
      name: 'admin',
      group: 'administrator',
    });
    renderWithProviders(<ScanHistory />);
    expect(await screen.findByText('No scan has run yet.')).toBeTruthy();
  });
});
