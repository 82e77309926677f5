import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../src/features/settings/SettingsPage';
import {
  DEFAULT_SHARED_CONFIG,
  normaliseSubtitleDisplayMode,
  readSharedConfig,
  SHARED_CONFIG_EVENT,
  writeSharedConfig,
} from '../../src/lib/shared-config';
import { renderWithProviders } from '../render';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ user: { name: 'guest', group: 'guest' }, auth: true, reg: true }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

describe('sharedConfig', () => {
  it('defaults to 5 s rewind, 30 s forward, fluentFirst, in-app subtitles and asking to resume', () => {
    expect(readSharedConfig()).toEqual({
      rewindSeekTime: 5,
      forwardSeekTime: 30,
      qualityBehavior: 'fluentFirst',
      subtitleDisplayMode: 'in-app',
      resumeMode: 'ask',
    });
    expect(DEFAULT_SHARED_CONFIG.forwardSeekTime).toBe(30);
  });

  it('reads the ecosystem shape and fills in what is missing or wrong', () => {
    localStorage.setItem(
      'sharedConfig',
      JSON.stringify({
        rewindSeekTime: 10,
        forwardSeekTime: 'x',
        qualityBehavior: 'qualityFirst',
        resumeMode: 'sometimes',
      }),
    );
    expect(readSharedConfig()).toEqual({
      rewindSeekTime: 10,
      forwardSeekTime: 30,
      qualityBehavior: 'qualityFirst',
      subtitleDisplayMode: 'in-app',
      resumeMode: 'ask',
    });
    localStorage.setItem('sharedConfig', JSON.stringify({ resumeMode: 'never' }));
    expect(readSharedConfig().resumeMode).toBe('never');
    localStorage.setItem('sharedConfig', 'not json');
    expect(readSharedConfig()).toEqual(DEFAULT_SHARED_CONFIG);
  });

  it('turns any subtitle mode other than pip into in-app', () => {
    expect(normaliseSubtitleDisplayMode('pip')).toBe('pip');
    expect(normaliseSubtitleDisplayMode('in-app')).toBe('in-app');
    for (const other of ['PIP', 'desktop', '', null, undefined, 3]) {
      expect(normaliseSubtitleDisplayMode(other)).toBe('in-app');
    }
    localStorage.setItem('sharedConfig', JSON.stringify({ subtitleDisplayMode: 'floating' }));
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');
  });

  it('merges writes, stores them and tells the app', () => {
    const heard = vi.fn();
    window.addEventListener(SHARED_CONFIG_EVENT, heard);
    writeSharedConfig({ forwardSeekTime: 15 });
    writeSharedConfig({ subtitleDisplayMode: 'pip' });
    expect(JSON.parse(localStorage.getItem('sharedConfig') ?? '{}')).toEqual({
      rewindSeekTime: 5,
      forwardSeekTime: 15,
      qualityBehavior: 'fluentFirst',
      subtitleDisplayMode: 'pip',
      resumeMode: 'ask',
    });
    expect(heard).toHaveBeenCalledTimes(2);
    window.removeEventListener(SHARED_CONFIG_EVENT, heard);
  });
});

describe('settings page', { timeout: 20_000 }, () => {
  it('shows the stored values and writes changes to sharedConfig', async () => {
    localStorage.setItem(
      'sharedConfig',
      JSON.stringify({ rewindSeekTime: 10, subtitleDisplayMode: 'weird' }),
    );
    renderWithProviders(<SettingsPage />);
    const rewind = screen.getByRole('radiogroup', { name: 'Rewind seek time' });
    expect((within(rewind).getByLabelText('10 s') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('In the app') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByText('Quality first'));
    await userEvent.click(screen.getByText('Picture-in-picture'));
    await userEvent.click(screen.getByText('Always resume'));
    expect(JSON.parse(localStorage.getItem('sharedConfig') ?? '{}')).toEqual({
      rewindSeekTime: 10,
      forwardSeekTime: 30,
      qualityBehavior: 'qualityFirst',
      subtitleDisplayMode: 'pip',
      resumeMode: 'always',
    });
  });

  it('shows the server settings to administrators only', async () => {
    renderWithProviders(<SettingsPage />);
    await screen.findByText('Player');
    expect(screen.queryByText('Server (administrators)')).toBeNull();
  });
});
