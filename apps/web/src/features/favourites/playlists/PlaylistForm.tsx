import { Button, Group, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
  PLAYLIST_PRIVACY,
  type PlaylistPrivacy,
} from '@sasayaki/api-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaylistFields } from './api';

const PRIVACY_KEYS = Object.keys(PLAYLIST_PRIVACY) as Array<keyof typeof PLAYLIST_PRIVACY>;

/** Create or edit a playlist: name, description and privacy (the server checks the same limits). */
export function PlaylistForm(props: {
  opened: boolean;
  initial: PlaylistFields;
  /** System playlists keep their name. */
  nameLocked?: boolean;
  busy: boolean;
  onClose(): void;
  onSubmit(fields: PlaylistFields): void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const nameMissing = fields.name.trim() === '';
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('favourites.playlists.form.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!nameMissing) props.onSubmit({ ...fields, name: fields.name.trim() });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('favourites.playlists.form.name')}
            value={fields.name}
            maxLength={PLAYLIST_NAME_MAX}
            disabled={props.nameLocked}
            required
            data-autofocus
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
          />
          <Textarea
            label={t('favourites.playlists.form.description')}
            value={fields.description}
            maxLength={PLAYLIST_DESCRIPTION_MAX}
            autosize
            minRows={2}
            onChange={(event) => setFields({ ...fields, description: event.currentTarget.value })}
          />
          <SegmentedControl
            aria-label={t('favourites.playlists.form.privacy')}
            value={String(fields.privacy)}
            onChange={(value) => setFields({ ...fields, privacy: Number(value) as PlaylistPrivacy })}
            data={PRIVACY_KEYS.map((key) => ({
              value: String(PLAYLIST_PRIVACY[key]),
              label: t(`favourites.playlists.privacy.${key}`),
            }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('favourites.playlists.form.cancel')}
            </Button>
            <Button type="submit" loading={props.busy} disabled={nameMissing}>
              {t('favourites.playlists.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
