import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateCredentials } from './api';

export interface CredentialsFormProps {
  mode: 'login' | 'register';
  pending: boolean;
  onSubmit(name: string, password: string): void;
}

/** User name, password and (registering) the repeated password, checked by the spec's rules on submit. */
export function CredentialsForm({ mode, pending, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const registering = mode === 'register';
  const [values, setValues] = useState({ name: '', password: '', repeat: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateCredentials(values, registering) : {};
  const message = (key: string | undefined) => (key ? t(`auth.rules.${key}`) : undefined);
  const set = (field: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) => {
    // Read now: React clears currentTarget once the handler returns, before the updater runs.
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateCredentials(values, registering)).length > 0) return;
    onSubmit(values.name.trim(), values.password);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t(`auth.tabs.${mode}`)}>
      <Stack gap="sm">
        <TextInput
          label={t('auth.fields.username')}
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          value={values.name}
          onChange={set('name')}
          error={message(errors.name)}
          autoFocus
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete={registering ? 'new-password' : 'current-password'}
          leftSection={<IconLock size={16} />}
          value={values.password}
          onChange={set('password')}
          error={message(errors.password)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.showPassword') }}
        />
        {registering && (
          <PasswordInput
            label={t('auth.fields.repeatPassword')}
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            value={values.repeat}
            onChange={set('repeat')}
            error={message(errors.repeat)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.showPassword') }}
          />
        )}
        <Button type="submit" loading={pending} fullWidth mt="xs">
          {t(registering ? 'auth.actions.register' : 'auth.actions.login')}
        </Button>
      </Stack>
    </form>
  );
}
