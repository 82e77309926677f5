import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { connectNetworkGate, serverAnswered } from './network-events';
import { serverAnswers } from './server-health';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** English, then the reader's language when it says something else (the English reader reads it once). */
function bilingual(english: string, translated: string): string {
  return translated === english ? english : `${english} / ${translated}`;
}

/**
 * While the server cannot be reached, the bilingual 'Network Error' screen covers the app, and
 * `/api/health` is polled again and again with a growing back-off until it answers (spec section 2).
 * A request that fails without any response triggers a check. The app stays mounted underneath: the
 * player keeps playing what it has buffered, and the page is as it was when the server is back.
 */
export function NetworkGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [down, setDown] = useState(false);
  const [countdown, setCountdown] = useState(0);
  // `down` as the checks see it, at once (the state is for rendering).
  const downRef = useRef(false);
  const delay = useRef(FIRST_RETRY_MS);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const check = useCallback(async () => {
    clearTimeout(timer.current);
    if (await serverAnswers()) {
      const wasDown = downRef.current;
      downRef.current = false;
      delay.current = FIRST_RETRY_MS;
      setDown(false);
      if (wasDown) void queryClient.invalidateQueries();
      serverAnswered(wasDown);
      return;
    }
    downRef.current = true;
    setDown(true);
    const wait = delay.current;
    delay.current = Math.min(delay.current * 2, MAX_RETRY_MS);
    setCountdown(Math.round(wait / 1000));
    timer.current = setTimeout(() => void check(), wait);
  }, [queryClient]);

  useEffect(() => {
    void check();
    // A read or a write that got no response (its notification is left to this screen) starts a check;
    // while down, the next check is already scheduled: each failing request must not start another.
    const onFailure = (error: unknown) => {
      if (!downRef.current && error instanceof ApiError && error.isNetworkError) void check();
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') onFailure(event.query.state.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') onFailure(event.mutation.state.error);
    });
    const online = () => void check();
    window.addEventListener('online', online);
    const disconnect = connectNetworkGate(() => void check());
    return () => {
      disconnect();
      unsubscribeQueries();
      unsubscribeMutations();
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [check, queryClient]);

  useEffect(() => {
    if (!down || countdown <= 0) return;
    const tick = setTimeout(() => setCountdown((value) => value - 1), 1000);
    return () => clearTimeout(tick);
  }, [down, countdown]);

  return (
    <>
      {children}
      {down && (
        <Center
          pos="fixed"
          inset={0}
          p="md"
          role="alert"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1000 }}
          data-testid="network-error"
        >
          <Stack align="center" gap="xs">
            {/* Bilingual on purpose: the server that tells us the language may be the thing that is down. */}
            <Title order={1}>{bilingual('Network Error', t('common.network.title'))}</Title>
            <Text>{bilingual('Please check your network settings', t('common.network.message'))}</Text>
            {countdown > 0 && <Text c="dimmed">{t('common.network.retrying', { seconds: countdown })}</Text>}
            <Button variant="light" onClick={() => void check()}>
              {t('common.network.retryNow')}
            </Button>
          </Stack>
        </Center>
      )}
    </>
  );
}
