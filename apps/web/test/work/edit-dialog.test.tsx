import type { WorkMetadataView } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWork } from '../../src/features/work/api';
import { EditMetadataDialog } from '../../src/features/work/edit/EditMetadataDialog';
import { renderWithProviders } from '../render';
import { mockFetch } from '../review/fetch-mock';
import { makeWork } from '../works/fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({
  notifySuccess: notify.success,
  notifyError: (error: Error) => notify.error(error.message),
}));

const none = { value: null, source: null, providers: [], edit: null };
const edit = { edited_at: '2026-11-25T00:00:00.000Z', edited_by: 'admin' };

const VIEW: WorkMetadataView = {
  id: 1,
  source_id: 'RJ000001',
  fields: {
    title: {
      value: 'Hand title',
      source: 'edit',
      providers: [{ provider: 'dlsite', value: 'DLsite title' }],
      edit: { value: 'Hand title', ...edit },
    },
    circle: { value: { id: 1, name: 'Circle' }, source: 'workinfo', providers: [], edit: null },
    vas: none,
    tags: none,
    release: { value: '2022-10-08', source: 'folder', providers: [], edit: null },
    age: none,
    price: { value: 1320, source: 'dlsite', providers: [], edit: null },
    series: none,
  },
  cover: { edit: null, images: [] },
};

function open(onClose = vi.fn()) {
  renderWithProviders(<EditMetadataDialog id="RJ000001" work={makeWork(1)} onClose={onClose} />);
  return onClose;
}

describe('EditMetadataDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    notify.success.mockReset();
    notify.error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each field with its source, and a revert naming the value it gives back', async () => {
    mockFetch(({ url }) => (url.includes('/metadata') ? { body: VIEW } : { body: [] }));
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Edit metadata' });
    expect(await within(dialog).findByLabelText('Title')).toHaveProperty('value', 'Hand title');
    expect(within(dialog).getByText('Source: edited by hand')).toBeTruthy();
    expect(within(dialog).getByText('Source: DLsite')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Revert to “DLsite title” (DLsite): Title' }),
    ).toBeTruthy();
    // Only the edited field can be reverted.
    expect(within(dialog).getAllByRole('button', { name: /^Revert/ })).toHaveLength(1);
  });

  it('sends only what changed and shows the server’s field errors under their inputs', async () => {
    const { calls } = mockFetch(({ url, method }) => {
      if (method === 'PUT')
        return {
          status: 400,
          body: {
            error: 'Invalid release: must be a date that exists',
            errors: [{ param: 'release', location: 'body', msg: 'must be a date that exists' }],
          },
        };
      return url.includes('/metadata') ? { body: VIEW } : { body: [] };
    });
    const onClose = open();
    const dialog = await screen.findByRole('dialog', { name: 'Edit metadata' });
    fireEvent.change(await within(dialog).findByLabelText('Release date'), {
      target: { value: '2023-02-28' },
    });
    fireEvent.change(within(dialog).getByLabelText('Price (JPY)'), { target: { value: '990' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('must be a date that exists')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ release: '2023-02-28', price: 990 });
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the providers’ tags again after reverting the tags', async () => {
    const edited = makeWork(1);
    const reverted = { ...edited, tags: edited.tags.filter((tag) => tag.id === 9) };
    let tagsEdited = true;
    const tagsView = (withEdit: boolean): WorkMetadataView => ({
      ...VIEW,
      fields: {
        ...VIEW.fields,
        tags: {
          value: withEdit ? edited.tags : reverted.tags,
          source: withEdit ? 'edit' : 'workinfo',
          providers: [{ provider: 'workinfo', value: reverted.tags }],
          edit: withEdit ? { value: edited.tags, ...edit } : null,
        },
      },
    });
    mockFetch(({ url, method }) => {
      if (method === 'DELETE') {
        tagsEdited = false;
        return { body: tagsView(false) };
      }
      if (url.startsWith('/api/work/')) return { body: tagsEdited ? edited : reverted };
      return url.includes('/metadata') ? { body: tagsView(tagsEdited) } : { body: [] };
    });
    // As on the work page: the work's own query is there beside the dialog.
    function Page() {
      const work = useWork('RJ000001', 'RJ000001');
      return work.data ? <EditMetadataDialog id="RJ000001" work={work.data} onClose={vi.fn()} /> : null;
    }
    renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit metadata' });
    // The picked tags are pills (the options list holds every name too).
    const pill = { selector: '.mantine-Pill-label' };
    expect(await within(dialog).findByText('Massage', pill)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Revert to .*: Tags$/ }));
    await waitFor(() => expect(within(dialog).queryByText('Massage', pill)).toBeNull());
    expect(within(dialog).getByText('耳かき', pill)).toBeTruthy();
  });
});
