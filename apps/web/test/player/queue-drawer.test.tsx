import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayerStore } from '../../src/player/store';
import { QueueDrawer } from '../../src/player/ui/QueueDrawer';
import { usePlayerUi } from '../../src/player/ui-store';
import { renderWithProviders } from '../render';
import { queueItem } from './queue-item';

const titles = () => usePlayerStore.getState().queue.map((item) => item.title);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  usePlayerStore.getState().setQueue([queueItem(1), queueItem(2), queueItem(3)], 0);
  usePlayerUi.setState({ queueOpen: true });
});

describe('QueueDrawer', { timeout: 30_000 }, () => {
  it('moves a track up and down with its buttons (no keyboard or mouse drag needed)', async () => {
    renderWithProviders(<QueueDrawer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move “Track 3” up' }));
    expect(titles()).toEqual(['Track 1', 'Track 3', 'Track 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Move “Track 1” down' }));
    expect(titles()).toEqual(['Track 3', 'Track 1', 'Track 2']);
    // The playing track moved with its row.
    expect(usePlayerStore.getState().queueIndex).toBe(1);
    // The ends cannot move further.
    expect(screen.getByRole('button', { name: 'Move “Track 3” up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move “Track 2” down' })).toHaveProperty('disabled', true);
  });

  it('drags a row by its grip with a finger (pointer events from a touch)', async () => {
    renderWithProviders(<QueueDrawer />);
    const handles = await screen.findAllByTestId('queue-handle');
    const rows = screen.getAllByTestId('queue-row');
    // jsdom has no layout: the row under the finger is the third one.
    document.elementFromPoint = () => rows[2] as Element;
    act(() => {
      fireEvent.pointerDown(handles[0] as Element, { pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerMove(handles[0] as Element, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: 10,
        clientY: 200,
      });
    });
    expect(rows[2]?.getAttribute('data-over')).toBe('below');
    act(() => {
      fireEvent.pointerUp(handles[0] as Element, { pointerId: 1, pointerType: 'touch' });
    });
    expect(titles()).toEqual(['Track 2', 'Track 3', 'Track 1']);
  });
});
