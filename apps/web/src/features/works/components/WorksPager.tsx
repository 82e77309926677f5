import { Button, Divider, Group, Pagination, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './works.module.css';

interface WorksPagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

/** Pagination with a quick jump ('go to page N') and the END marker on the last page. */
export function WorksPager({ page, pages, onPage }: WorksPagerProps) {
  const { t } = useTranslation();
  const [jump, setJump] = useState('');
  if (pages < 1) return null;

  const go = () => {
    const target = Number.parseInt(jump, 10);
    if (!Number.isFinite(target) || target < 1) return;
    setJump('');
    onPage(Math.min(target, pages));
  };

  return (
    <>
      {pages > 1 && (
        <Group justify="center" gap="md" wrap="wrap" component="nav" aria-label={t('works.pagination.label')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            siblings={1}
            boundaries={1}
            withEdges={false}
            getControlProps={(control) =>
              control === 'previous' || control === 'next'
                ? { 'aria-label': t(`works.pagination.${control}`) }
                : {}
            }
          />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              go();
            }}
          >
            <Group gap={6} wrap="nowrap">
              <TextInput
                aria-label={t('works.pagination.jump')}
                placeholder={t('works.pagination.jump')}
                value={jump}
                onChange={(event) => setJump(event.currentTarget.value.replace(/\D/g, ''))}
                inputMode="numeric"
                enterKeyHint="go"
                w={110}
                size="sm"
              />
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('works.pagination.of', { pages })}
              </Text>
              <Button type="submit" variant="default" size="sm" disabled={jump === ''}>
                {t('works.pagination.go')}
              </Button>
            </Group>
          </form>
        </Group>
      )}
      {page >= pages && (
        <Divider
          my="lg"
          labelPosition="center"
          label={
            <Text span c="dimmed" fz="sm" className={classes.end}>
              {t('works.end')}
            </Text>
          }
        />
      )}
    </>
  );
}
