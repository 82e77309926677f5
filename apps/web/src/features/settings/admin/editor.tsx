import type {
  AdminSettingKey,
  AdminSettingsChange,
  AdminSettingsSaved,
  AdminSettingsView,
} from '@sasayaki/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ADMIN_SETTINGS_QUERY_KEY, saveAdminSettings } from './api';

export interface SettingsEditor {
  view: AdminSettingsView;
  /** Saves a change; resolves with the answer, or null when it was refused (the field shows why). */
  save(change: AdminSettingsChange): Promise<AdminSettingsSaved | null>;
  /** The server's reason a setting's last change was refused. */
  errorOf(key: AdminSettingKey): string | undefined;
  /** An environment-set setting, whichever it is: shown, not changed (the server answers 409). */
  isLocked(key: AdminSettingKey): boolean;
}

const EditorContext = createContext<SettingsEditor | null>(null);

export function useSettingsEditor(): SettingsEditor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useSettingsEditor outside SettingsEditorProvider');
  return editor;
}

/** `libraryDirs.0` → `libraryDirs`: a 400 names the value's path inside the body. */
const settingOf = (param: string) => param.split('.')[0] ?? param;

/** The first setting a refusal names: a 400's field, else the 409's message naming it. */
function refusedKey(error: ApiError, change: AdminSettingsChange): AdminSettingKey | undefined {
  const named = error.fieldErrors.map((issue) => settingOf(issue.param)).find((key) => key in change);
  if (named) return named as AdminSettingKey;
  const keys = Object.keys(change) as AdminSettingKey[];
  return keys.find((key) => error.serverMessage?.includes(key)) ?? keys[0];
}

export function SettingsEditorProvider({ view, children }: { view: AdminSettingsView; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<AdminSettingKey, string>>>({});
  const editor: SettingsEditor = {
    view,
    async save(change) {
      const keys = Object.keys(change) as AdminSettingKey[];
      try {
        const saved = await saveAdminSettings(change);
        const { hiddenWorks: _hidden, scanStarted: _scan, ...now } = saved;
        queryClient.setQueryData(ADMIN_SETTINGS_QUERY_KEY, now);
        setErrors((before) =>
          Object.fromEntries(
            Object.entries(before).filter(([key]) => !keys.includes(key as AdminSettingKey)),
          ),
        );
        notifySuccess(t('adminSettings.saved'));
        return saved;
      } catch (error) {
        const key =
          error instanceof ApiError && (error.status === 400 || error.status === 409)
            ? refusedKey(error, change)
            : undefined;
        if (!key || !(error instanceof ApiError)) {
          notifyError(error);
          return null;
        }
        const message =
          error.fieldErrors.find((issue) => settingOf(issue.param) === key)?.msg ??
          error.serverMessage ??
          error.message;
        setErrors((before) => ({ ...before, [key]: message }));
        return null;
      }
    },
    errorOf: (key) => errors[key],
    isLocked: (key) => view.sources[key] === 'environment',
  };
  return <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>;
}
