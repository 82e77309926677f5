import { Button, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { changeCode } from './api';

interface CodeFieldProps {
  id: string;
  current: string;
  /** The work now lives under `code`. */
  onChanged(code: string): void;
}

/** The work's code (RJ…, BJ…, VJ…): another code moves the work there, with everything users attached. */
export function CodeField({ id, current, onChanged }: CodeFieldProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (next: string) => changeCode(id, next),
    onSuccess: (answer) => onChanged(answer.source_id),
    onError: (failure) =>
      setError(
        failure instanceof ApiError ? (failure.fieldErrors[0]?.msg ?? failure.message) : String(failure),
      ),
  });
  const trimmed = code.trim();

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={t('workEdit.fields.code')}
        description={t('workEdit.code.hint')}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1 }}
        maxLength={20}
      />
      <Button
        variant="light"
        disabled={!trimmed || trimmed.toUpperCase() === current.toUpperCase()}
        loading={change.isPending}
        onClick={() => change.mutate(trimmed)}
        mb={error ? 22 : 0}
      >
        {t('workEdit.code.change')}
      </Button>
    </Group>
  );
}
