import type { TrackNode } from '@sasayaki/api-contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TreeRow } from '../../src/features/work/tree/TreeRow';
import { renderWithProviders } from '../render';

/**
 * A row's ⋮ menu (Mantine's Menu: a popover with floating-ui and ids set in a layout effect) mounts
 * when it is first opened, not with the row: a work page mounted one per track in its first commit
 * (issue 14's phone budget). Opened, it works as before, by button and by right-click. (Its items are
 * found by text: they are hidden while the dropdown's transition runs.)
 */

const track = {
  type: 'audio',
  title: 'Track 1',
  hash: 'RJ123456/0',
  workTitle: 'Work',
  mediaStreamUrl: '/api/media/stream/RJ123456/0',
  mediaDownloadUrl: '/api/media/download/RJ123456/0',
  duration: 65,
  size: 1000,
} as unknown as TrackNode;

/** A mounted Mantine popover gives its target an id of its own (`mantine-…`), opened or not. */
const popovers = () => document.querySelectorAll('[id^="mantine-"]').length;

describe('TreeRow menu', () => {
  it('mounts no popover until opened, then offers the row actions', async () => {
    const onAction = vi.fn();
    renderWithProviders(<TreeRow node={track} current={false} playing={false} onAction={onAction} />);
    const more = screen.getByRole('button', { name: 'More actions: Track 1' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(popovers()).toBe(0);

    await act(async () => fireEvent.click(more));
    fireEvent.click(await screen.findByText('Play next'));
    expect(onAction).toHaveBeenCalledWith('playNext', track);
    await waitFor(() => expect(screen.queryByText('Play next')).toBeNull());

    // Opened again from the same (now mounted) button.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'More actions: Track 1' })));
    expect(await screen.findByText('Download')).toBeTruthy();
  });

  it('opens on right-click', async () => {
    renderWithProviders(<TreeRow node={track} current={false} playing={false} onAction={vi.fn()} />);
    const row = screen.getByRole('button', { name: 'More actions: Track 1' }).parentElement as HTMLElement;
    await act(async () => fireEvent.contextMenu(row));
    expect(await screen.findByText('Add to queue')).toBeTruthy();
  });
});
