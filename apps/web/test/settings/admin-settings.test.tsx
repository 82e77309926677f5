import type { AdminSettingsView } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminSettingsSection from '../../src/features/settings/admin/AdminSettingsSection';
import SettingsPage from '../../src/features/settings/SettingsPage';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

const ADMIN = { name: 'admin', group: 'administrator' };

function settings(extra: Partial<AdminSettingsView> = {}): AdminSettingsView {
  const values = {
    libraryDirs: ['/srv/asmr'],
    registration: false,
    guest: true,
    dlsiteFetch: true,
    guestRequestsPerMinute: 60,
    guestCoversPerMinute: 600,
    guestConcurrentStreams: 2,
    loginFailuresPerMinute: 10,
    loginAddressFailuresPerMinute: 30,
    loginSlowdownMaxMs: 2000,
    transcodeCacheMegabytes: 2048,
    transcodeBitrateKbps: 96,
    scanDepth: 5,
    scanSchedule: 'daily 04:00',
    watch: 'events' as const,
    metadataProviders: ['workinfo', 'dlsite', 'folder', 'tags'] as AdminSettingsView['metadataProviders'],
    trustProxy: '',
    corsOrigins: [],
  };
  const sources = Object.fromEntries(
    Object.keys(values).map((key) => [key, 'default']),
  ) as AdminSettingsView['sources'];
  return {
    ...values,
    sources: { ...sources, scanDepth: 'environment', guest: 'environment', corsOrigins: 'file' },
    libraryFolders: [{ path: '/srv/asmr', works: 42 }],
    ...extra,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the administrator settings', () => {
  it('shows each setting with its source; an environment value is read-only, the switches too', async () => {
    mockFetch(() => ({ body: settings() }), ADMIN);
    renderWithProviders(<AdminSettingsSection />);
    const depth = await screen.findByRole('textbox', { name: 'Folder depth' });
    expect((depth as HTMLInputElement).disabled).toBe(true);
    expect(
      within(document.querySelector('[data-setting="scanDepth"]') as HTMLElement).getByText('Environment'),
    ).toBeTruthy();
    expect(screen.getByTestId('source-corsOrigins').textContent).toBe('Config file');
    // Guests, registration and DLsite are no exception: the environment's value is the operator's.
    const guest = screen.getByRole('switch', { name: 'Guest access' }) as HTMLInputElement;
    expect(guest.disabled).toBe(true);
    expect(screen.getByTestId('source-guest').textContent).toBe('Environment');
    expect(
      within(document.querySelector('[data-setting="guest"]') as HTMLElement).getByText(/change it there/),
    ).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Registration' }) as HTMLInputElement).disabled).toBe(false);
    expect(
      (screen.getByRole('textbox', { name: 'Guest requests a minute' }) as HTMLInputElement).disabled,
    ).toBe(false);
  });

  it('saves a switch at once and a number when the field is left', async () => {
    const { calls } = mockFetch(
      (call) => ({ body: { ...settings(), ...(call.body as object), hiddenWorks: 0, scanStarted: false } }),
      ADMIN,
    );
    renderWithProviders(<AdminSettingsSection />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Registration' }));
    const streams = screen.getByRole('textbox', { name: 'Guest streams at once' });
    await userEvent.clear(streams);
    await userEvent.type(streams, '4');
    fireEvent.blur(streams);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { registration: true },
        { guestConcurrentStreams: 4 },
      ]),
    );
  });

  it('shows the reason a folder is refused beside the field', async () => {
    mockFetch(
      (call) =>
        call.method === 'PUT'
          ? {
              status: 400,
              body: {
                error: 'Invalid setting libraryDirs: /nowhere does not exist',
                errors: [
                  {
                    param: 'libraryDirs',
                    location: 'body',
                    msg: '/nowhere does not exist',
                    value: '/nowhere',
                  },
                ],
              },
            }
          : { body: settings() },
      ADMIN,
    );
    renderWithProviders(<AdminSettingsSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Folder to add' }), '/nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    expect(await screen.findByText('/nowhere does not exist')).toBeTruthy();
  });

  it('asks before removing a folder, saying how many works it hides', async () => {
    const { calls } = mockFetch(
      (call) =>
        call.method === 'PUT'
          ? {
              body: {
                ...settings({ libraryDirs: [], libraryFolders: [] }),
                hiddenWorks: 42,
                scanStarted: false,
              },
            }
          : { body: settings() },
      ADMIN,
    );
    renderWithProviders(<AdminSettingsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/42 works will be hidden/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove folder' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ libraryDirs: [] }),
    );
    expect(await screen.findByText('No library folder: add one.')).toBeTruthy();
  });

  it('is not shown to members, who do not load it', async () => {
    const { calls } = mockFetch();
    renderWithProviders(<SettingsPage />);
    await screen.findByText('Player');
    expect(screen.queryByText('Server (administrators)')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/config/admin'))).toBe(false);
  });
});
