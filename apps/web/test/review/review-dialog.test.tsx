import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewDialog } from '../../src/components/review/ReviewDialog';
import { renderWithProviders } from '../render';
import { mockFetch } from './fetch-mock';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({
  notifySuccess: notify.success,
  notifyError: (error: Error) => notify.error(error.message),
}));

const initial = { rating: 3.5, progress: 'listening' as const, review_text: 'Lovely rain sounds' };

function open(onClose = vi.fn(), values = initial) {
  renderWithProviders(<ReviewDialog opened workId={123456} initial={values} onClose={onClose} />);
  return onClose;
}

function star(value: number) {
  return screen.getByRole('radio', { name: `${value} stars` });
}

describe('ReviewDialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    notify.success.mockReset();
    notify.error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens with the current rating, progress and review text', async () => {
    mockFetch();
    open();
    expect(await screen.findByRole('dialog', { name: 'Write a review' })).toBeTruthy();
    expect((star(3.5) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('3.5 / 5')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Listening' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Listened' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('Lovely rain sounds');
  });

  it('closing without an action reports changed=false and sends nothing', async () => {
    const { calls } = mockFetch();
    const onClose = open();
    // The footer's Close (the title bar's × is the first).
    const buttons = await screen.findAllByRole('button', { name: 'Close' });
    await userEvent.click(buttons[buttons.length - 1] as HTMLElement);
    expect(onClose).toHaveBeenCalledWith(false);
    expect(calls).toHaveLength(0);
  });

  it('submits half stars, toggled progress and the text with PUT ?starOnly=false, then reports changed', async () => {
    const { calls } = mockFetch(() => ({ body: { message: 'Review saved' } }));
    const onClose = open();
    await screen.findByRole('dialog');
    fireEvent.keyDown(star(4.5), { key: 'Enter' });
    expect(screen.getByText('4.5 / 5')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Listening' })); // toggles it off
    await userEvent.click(screen.getByRole('checkbox', { name: 'Listened' }));
    fireEvent.change(screen.getByLabelText('Your review'), {
      target: { value: 'Even better the second time' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      {
        url: '/api/review?starOnly=false',
        method: 'PUT',
        body: {
          user_name: 'listener',
          work_id: 123456,
          rating: 4.5,
          review_text: 'Even better the second time',
          progress: 'listened',
        },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('Review saved');
  });

  it('toggles progress off and clears the rating; an empty rating and text are not blocked', async () => {
    const { calls } = mockFetch();
    const onClose = open();
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Clear rating' }));
    expect(screen.getByText('Not rated')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Listening' }));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]?.body).toEqual({
      user_name: 'listener',
      work_id: 123456,
      rating: null,
      review_text: '',
      progress: null,
    });
  });

  it('delete asks a second yes/no confirmation; "No" keeps everything', async () => {
    const { calls } = mockFetch();
    const onClose = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete marker' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete marker' });
    expect(within(confirm).getByText(/Delete your rating, review and progress/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete marker' })).toBeNull());
    expect(calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("the title bars' close buttons are named; closing the confirmation keeps the dialog", async () => {
    const { calls } = mockFetch();
    const onClose = open();
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    // The title bar's × and the footer's Close.
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete marker' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete marker' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete marker' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(onClose).toHaveBeenCalledWith(false);
    expect(calls).toHaveLength(0);
  });

  it('"Yes" sends DELETE /api/review?work_id=N and reports changed', async () => {
    const { calls } = mockFetch(() => ({ body: { message: 'Marker deleted' } }));
    const onClose = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete marker' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete marker' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([{ url: '/api/review?work_id=123456', method: 'DELETE', body: undefined }]);
    expect(notify.success).toHaveBeenCalledWith('Marker deleted');
  });

  it("shows the server's error (the guest's 403) and stays open", async () => {
    mockFetch(() => ({ status: 403, body: { error: 'Guests cannot write reviews: please register' } }), {
      name: 'guest',
      group: 'guest',
    });
    const onClose = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Guests cannot write reviews: please register'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("falls back to 'status statusText' when the body has no error", async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('500 Error'));
  });
});
