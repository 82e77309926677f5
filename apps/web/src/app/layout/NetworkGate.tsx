import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

const HEALTH_TIMEOUT_MS = 5_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      cache: 'no-store',
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * While the server cannot be reached, the whole app gives way to the bilingual 'Network Error' screen,
 * and `/api/health` is polled again and again with a growing back-off until it answers (spec section 2).
 * A request that fails without any response triggers a check.
 */
export function NetworkGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [down, setDown] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const delay = useRef(FIRST_RETRY_MS);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const check = useCallback(async () => {
    clearTimeout(timer.current);
    if (await healthy()) {
      delay.current = FIRST_RETRY_MS;
      setDown((wasDown) => {
        if (wasDown) void queryClient.invalidateQueries();
        return false;
      });
      return;
    }
    setDown(true);
    const wait = delay.current;
    delay.current = Math.min(delay.current * 2, MAX_RETRY_MS);
    setCountdown(Math.round(wait / 1000));
    timer.current = setTimeout(() => void check(), wait);
  }, [queryClient]);

  useEffect(() => {
    void check();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      const error = event.query.state.error;
      if (event.type === 'updated' && error instanceof ApiError && error.isNetworkError) void check();
    });
    const online = () => void check();
    window.addEventListener('online', online);
    return () => {
      unsubscribe();
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [check, queryClient]);

  useEffect(() => {
    if (!down || countdown <= 0) return;
    const tick = setTimeout(() => setCountdown((value) => value - 1), 1000);
    return () => clearTimeout(tick);
  }, [down, countdown]);

  if (!down) return children;
  return (
    <Center h="100vh" p="md" role="alert">
      <Stack align="center" gap="xs">
        {/* Bilingual on purpose: the server that tells us the language may be the thing that is down. */}
        <Title order={1}>Network Error / {t('common.network.title')}</Title>
        <Text>Please check your network settings</Text>
        <Text>{t('common.network.message')}</Text>
        {countdown > 0 && <Text c="dimmed">{t('common.network.retrying', { seconds: countdown })}</Text>}
        <Button variant="light" onClick={() => void check()}>
          {t('common.network.retryNow')}
        </Button>
      </Stack>
    </Center>
  );
}
