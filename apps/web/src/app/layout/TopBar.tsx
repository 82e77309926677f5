import { ActionIcon, Anchor, Burger, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowLeft, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';

/** Spec section 9: search debounce 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Menu, back, the title link home, and the keyword search: typing goes to `works?keyword=…` (or `works`
 * when emptied) after 500 ms, and the box follows the URL when it changes by other means.
 */
export function TopBar({ onMenu, menuOpened }: { onMenu(): void; menuOpened: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const urlKeyword = location.pathname === '/works' ? (params.get('keyword') ?? '') : '';
  const [keyword, setKeyword] = useState(urlKeyword);

  useEffect(() => setKeyword(urlKeyword), [urlKeyword]);

  const go = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    if (trimmed === urlKeyword) return;
    navigate(trimmed ? `/works?keyword=${encodeURIComponent(trimmed)}` : '/works');
  }, SEARCH_DEBOUNCE_MS);

  const change = (value: string) => {
    setKeyword(value);
    go(value);
  };

  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap">
      <Burger opened={menuOpened} onClick={onMenu} size="sm" aria-label={t('common.nav.menu')} />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('common.nav.back')}
        onClick={() => navigate(-1)}
      >
        <IconArrowLeft size={20} />
      </ActionIcon>
      <Anchor component={Link} to="/" fw={700} fz="lg" underline="never" c="inherit" visibleFrom="xs">
        {t('common.appName')}
      </Anchor>
      <TextInput
        role="searchbox"
        aria-label={t('common.nav.search')}
        placeholder={t('common.nav.searchPlaceholder')}
        value={keyword}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            go.flush?.();
          }
        }}
        leftSection={<IconSearch size={16} />}
        rightSection={
          keyword ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('common.actions.close')}
              onClick={() => change('')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        style={{ flex: 1, maxWidth: 560, marginLeft: 'auto' }}
      />
    </Group>
  );
}
