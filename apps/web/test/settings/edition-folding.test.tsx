import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../src/features/settings/SettingsPage';
import { useEditionFolding } from '../../src/lib/edition-folding';
import { renderWithProviders } from '../render';

configure({ asyncUtilTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  useEditionFolding.setState({ fold: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ user: { name: 'guest', group: 'guest' }, auth: true, reg: true })),
  );
});

describe('one card per work', { timeout: 60_000 }, () => {
  it('is off at first, and the settings switch keeps it in this browser', async () => {
    renderWithProviders(<SettingsPage />);
    const toggle = await screen.findByRole('switch', { name: 'One card per work' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    expect(useEditionFolding.getState().fold).toBe(true);
    expect(localStorage.getItem('sasayaki.foldEditions')).toBe('1');
    await userEvent.click(toggle);
    expect(useEditionFolding.getState().fold).toBe(false);
    expect(localStorage.getItem('sasayaki.foldEditions')).toBeNull();
  });
});
