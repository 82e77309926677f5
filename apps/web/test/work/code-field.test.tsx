import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeField } from '../../src/features/work/edit/CodeField';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

/** The edit dialog's code field (issue 12 item 5: the work's code; `PUT /api/admin/works/:id/code`). */
function show(current = 'RJ000001') {
  const onChanged = vi.fn();
  renderWithProviders(<CodeField id={current} current={current} onChanged={onChanged} />);
  return onChanged;
}

const typeCode = async (code: string) =>
  fireEvent.change(await screen.findByLabelText('Code'), { target: { value: code } });

describe('CodeField', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a change only for another code, sends it, and follows the work to the code the server gives', async () => {
    const { calls } = mockFetch(() => ({ body: { id: 1234567, source_id: 'RJ01234567' } }));
    const onChanged = show();
    const button = await screen.findByRole('button', { name: 'Change code' });
    expect(button).toHaveProperty('disabled', true);
    // The same code in another case is no change.
    await typeCode('rj000001');
    expect(button).toHaveProperty('disabled', true);
    await typeCode('  rj01234567 ');
    expect(button).toHaveProperty('disabled', false);
    await userEvent.click(button);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('RJ01234567'));
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toEqual([
      { url: '/api/admin/works/RJ000001/code', method: 'PUT', body: { code: 'rj01234567' } },
    ]);
  });

  it('shows why the server refused a code under the field (a taken code, a bad one), and clears it on typing', async () => {
    mockFetch(({ body }) =>
      (body as { code: string }).code === 'RJ200001'
        ? { status: 409, body: { error: 'RJ200001 is already a work' } }
        : {
            status: 400,
            body: {
              error: 'Invalid code: must be a work code such as RJ123456',
              errors: [{ param: 'code', location: 'body', msg: 'must be a work code such as RJ123456' }],
            },
          },
    );
    const onChanged = show();
    await typeCode('RJ200001');
    await userEvent.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByText('RJ200001 is already a work')).toBeTruthy();
    await typeCode('XX1');
    expect(screen.queryByText('RJ200001 is already a work')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByText('must be a work code such as RJ123456')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
