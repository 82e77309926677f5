import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalWorkForm } from '../../src/features/admin/LocalWorkForm';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';

const notify = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({ notifySuccess: notify.success }));

const ADMIN = { name: 'admin', group: 'administrator' };
const FOLDER = '/music/asmr/My recordings/Night 1';

const typePath = async (path: string) =>
  fireEvent.change(await screen.findByLabelText('Folder'), { target: { value: path } });

/** The scanner page's form that makes a codeless folder a work (issue 12 item 6: from the browser). */
describe('LocalWorkForm', { timeout: 30_000 }, () => {
  beforeEach(() => notify.success.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the folder, says the local code it got, and empties the field', async () => {
    const { calls } = mockFetch(
      ({ url }) =>
        url === '/api/admin/works/local'
          ? { body: { id: 1000000002, source_id: 'LOCAL-000002' } }
          : undefined,
      ADMIN,
    );
    renderWithProviders(<LocalWorkForm />);
    const button = await screen.findByRole('button', { name: 'Make it a work' });
    expect(button).toHaveProperty('disabled', true);
    await typePath(`  ${FOLDER} `);
    await userEvent.click(button);
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('LOCAL-000002: it appears with the scan', 3000),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { url: '/api/admin/works/local', method: 'POST', body: { path: FOLDER } },
    ]);
    expect((screen.getByLabelText('Folder') as HTMLInputElement).value).toBe('');
  });

  it('shows why the server refused the folder under the field, and clears it on typing', async () => {
    mockFetch(
      ({ body }) =>
        (body as { path?: string } | undefined)?.path === FOLDER
          ? { status: 409, body: { error: `${FOLDER} is already a work or inside one (RJ123456)` } }
          : {
              status: 400,
              body: {
                error: 'Invalid path: must be inside a library folder',
                errors: [{ param: 'path', location: 'body', msg: 'must be inside a library folder' }],
              },
            },
      ADMIN,
    );
    renderWithProviders(<LocalWorkForm />);
    await typePath('/tmp/elsewhere');
    await userEvent.click(screen.getByRole('button', { name: 'Make it a work' }));
    expect(await screen.findByText('must be inside a library folder')).toBeTruthy();
    await typePath(FOLDER);
    expect(screen.queryByText('must be inside a library folder')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make it a work' }));
    expect(await screen.findByText(`${FOLDER} is already a work or inside one (RJ123456)`)).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
