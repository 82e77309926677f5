import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackDialog } from '../../src/components/feedback/FeedbackDialog';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({
  notifySuccess: notify.success,
  notifyError: (error: Error) => notify.error(error.message),
}));

function open(onClose = vi.fn()) {
  renderWithProviders(<FeedbackDialog opened workId={42} onClose={onClose} />);
  return onClose;
}

async function chooseCategory(label: string) {
  await userEvent.click(screen.getByPlaceholderText('Choose a category'));
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

describe('FeedbackDialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    notify.success.mockReset();
    notify.error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the seven categories with their labels', async () => {
    mockFetch();
    open();
    await userEvent.click(await screen.findByPlaceholderText('Choose a category'));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'No files',
      'Some files are missing',
      'Cannot be played',
      'Not the original files',
      'Subtitles do not match the audio',
      'Files are broken',
      'Other',
    ]);
  });

  it('requires both fields and shows the prompts as the messages; nothing is sent', async () => {
    const { calls } = mockFetch();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('What problems have you encountered?', { selector: '.mantine-Select-error' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Please tell us the details', { selector: '.mantine-Textarea-error' }),
    ).toBeTruthy();
    await chooseCategory('Cannot be played');
    fireEvent.change(screen.getByRole('textbox', { name: /Please tell us the details/ }), {
      target: { value: '   ' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Please tell us the details', { selector: '.mantine-Textarea-error' }),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('posts { work_id, category, details } and thanks the user', async () => {
    const { calls } = mockFetch(() => ({ status: 201, body: { message: 'Feedback received' } }));
    const onClose = open();
    await screen.findByRole('dialog', { name: 'Feedback' });
    await chooseCategory('Subtitles do not match the audio');
    fireEvent.change(screen.getByRole('textbox', { name: /Please tell us the details/ }), {
      target: { value: 'Track 3 subtitles are 2 s late' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/feedback',
        method: 'POST',
        body: { work_id: 42, category: 'subtitleNotMatch', details: 'Track 3 subtitles are 2 s late' },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('Thank you for your feedback');
  });

  it('the title bar has a named close button', async () => {
    const { calls } = mockFetch();
    const onClose = open();
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal (the guest) as an error and stays open", async () => {
    mockFetch(() => ({ status: 403, body: { error: 'Register to send feedback' } }), {
      name: 'guest',
      group: 'guest',
    });
    const onClose = open();
    await screen.findByRole('dialog');
    await chooseCategory('Other');
    fireEvent.change(screen.getByRole('textbox', { name: /Please tell us the details/ }), {
      target: { value: 'Hello' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Register to send feedback'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
