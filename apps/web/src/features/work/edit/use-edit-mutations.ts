import type { WorkMetadataEdit, WorkMetadataView } from '@sasayaki/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { noteCoverChanged } from '../../../lib/cover-version';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { invalidateWorkMetadata, metadataKey, refreshMetadata, revertField, saveMetadata } from './api';
import { type DraftField, errorsByField } from './edit-draft';

interface EditCallbacks {
  onSaved(): void;
  onFieldErrors(errors: Partial<Record<string, string>>): void;
  onReverted(field: DraftField, next: WorkMetadataView): Promise<void> | void;
}

/**
 * The Edit dialog's writes: save, revert a field, pick a cover, refresh. Each answer is the dialog's new
 * view; every screen showing the work is asked again, and a 400's field errors go back to the form.
 */
export function useEditMutations(id: string, view: WorkMetadataView, callbacks: EditCallbacks) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const applied = (next: WorkMetadataView) => {
    // A new cover keeps its address: the covers of this tab ask for it past the browser's cache.
    if (next.cover.edit?.edited_at !== view.cover.edit?.edited_at)
      noteCoverChanged(next.source_id, next.cover.edit?.edited_at ?? `scanned ${Date.now()}`);
    queryClient.setQueryData(metadataKey(id), next);
    invalidateWorkMetadata(queryClient, id);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.fieldErrors.length)
      callbacks.onFieldErrors(errorsByField(error.fieldErrors));
    else notifyError(error);
  };

  const save = useMutation({
    mutationFn: (body: WorkMetadataEdit) => saveMetadata(id, body),
    onSuccess: (next) => {
      applied(next);
      notifySuccess(t('workEdit.saved'));
      callbacks.onSaved();
    },
    onError: failed,
  });
  const revert = useMutation({
    mutationFn: (field: DraftField | 'cover') => revertField(id, field),
    onSuccess: async (next, field) => {
      applied(next);
      notifySuccess(t('workEdit.reverted'));
      if (field !== 'cover') await callbacks.onReverted(field, next);
    },
    onError: failed,
  });
  const refresh = useMutation({
    mutationFn: () => refreshMetadata(id),
    onSuccess: () => {
      notifySuccess(t('workEdit.refreshStarted'));
      invalidateWorkMetadata(queryClient, id);
    },
    onError: (error) => notifyError(error),
  });
  const pickCover = (fileId: number) => saveMetadata(id, { cover: { fileId } }).then(applied, failed);

  return { save, revert, refresh, pickCover, applied };
}
