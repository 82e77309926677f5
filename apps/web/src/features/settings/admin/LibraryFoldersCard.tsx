import { Anchor, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import type { LibraryFolderView } from '@sasayaki/api-contract';
import { IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyInfo } from '../../../lib/notify';
import { useSettingsEditor } from './editor';

/**
 * The library folders with their works: add one (the server checks it and starts a scan), remove one
 * after a confirmation that says how many works it hides.
 */
export function LibraryFoldersCard() {
  const { t } = useTranslation();
  const editor = useSettingsEditor();
  const { libraryFolders, libraryDirs } = editor.view;
  const locked = editor.isLocked('libraryDirs');
  const [path, setPath] = useState('');
  const [removing, setRemoving] = useState<LibraryFolderView | null>(null);
  const [scanNote, setScanNote] = useState<string | null>(null);
  const add = async () => {
    const saved = await editor.save({ libraryDirs: [...libraryDirs, path.trim()] });
    if (!saved) return;
    setPath('');
    setScanNote(
      saved.scanStarted ? t('adminSettings.folders.scanStarted') : t('adminSettings.folders.scanBusy'),
    );
  };
  const remove = async (folder: LibraryFolderView) => {
    setRemoving(null);
    const saved = await editor.save({ libraryDirs: libraryDirs.filter((dir) => dir !== folder.path) });
    if (saved) notifyInfo(t('adminSettings.folders.hidden', { count: saved.hiddenWorks }));
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="library-folders">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('adminSettings.folders.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminSettings.folders.description')}
        </Text>
        {libraryFolders.length === 0 && <Text>{t('adminSettings.folders.none')}</Text>}
        {libraryFolders.map((folder) => (
          <Group key={folder.path} justify="space-between" wrap="wrap" gap="xs" data-folder={folder.path}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {folder.path}
              </Text>
              <Text size="sm" c="dimmed">
                {t('adminSettings.folders.works', { count: folder.works })}
              </Text>
            </Stack>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={locked}
              onClick={() => setRemoving(folder)}
            >
              {t('adminSettings.folders.remove')}
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Group align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={t('adminSettings.folders.pathLabel')}
              placeholder={t('adminSettings.folders.pathPlaceholder')}
              value={path}
              onChange={(event) => setPath(event.currentTarget.value)}
              error={editor.errorOf('libraryDirs')}
              disabled={locked}
              style={{ flex: '1 1 240px' }}
            />
            <Button
              type="submit"
              leftSection={<IconFolderPlus size={18} />}
              disabled={locked || path.trim() === ''}
            >
              {t('adminSettings.folders.add')}
            </Button>
          </Group>
        </form>
        {locked && (
          <Text size="xs" c="dimmed">
            {t('adminSettings.locked')}
          </Text>
        )}
        {scanNote && (
          <Text size="sm" role="status">
            {scanNote}{' '}
            <Anchor component={Link} to="/admin/scanner">
              {t('adminSettings.folders.openScanner')}
            </Anchor>
          </Text>
        )}
      </Stack>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? t('adminSettings.folders.confirmTitle', { path: removing.path }) : ''}
        centered
      >
        <Stack>
          <Text>{t('adminSettings.folders.confirmBody', { count: removing?.works ?? 0 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('adminSettings.folders.cancel')}
            </Button>
            <Button color="red" onClick={() => removing && void remove(removing)}>
              {t('adminSettings.folders.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
