import { Alert, Text } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { rateLimitedUntil, subscribeRateLimit } from '../../api/rate-limit';
import { SESSION_QUERY_KEY, type Session } from '../../features/auth/session';

const secondsLeft = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * Once the pause is over, the reads on screen that it failed are asked once more: each one's own retry
 * has been spent by then, and nothing else would bring back a page that showed the 429.
 */
export function refetchRateLimited(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => query.state.error instanceof ApiError && query.state.error.isRateLimited,
  });
}

/**
 * The server's 429 anywhere in the app: the seconds left before reads go out again and, unless the user
 * is known to have an account of their own, the spec's tip about the guest's limit (section 2). The page
 * stays as it is underneath.
 */
export function RateLimitNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const until = useSyncExternalStore(subscribeRateLimit, rateLimitedUntil);
  const [seconds, setSeconds] = useState(() => secondsLeft(until));

  useEffect(() => {
    setSeconds(secondsLeft(until));
    if (secondsLeft(until) === 0) return;
    const tick = setInterval(() => {
      const left = secondsLeft(until);
      setSeconds(left);
      if (left > 0) return;
      clearInterval(tick);
      void refetchRateLimited(queryClient);
    }, 1000);
    return () => clearInterval(tick);
  }, [until, queryClient]);

  if (seconds === 0) return null;
  const group = queryClient.getQueryData<Session>(SESSION_QUERY_KEY)?.user?.group;
  return (
    <Alert
      data-testid="rate-limit-notice"
      color="yellow"
      title={t('common.rateLimit.title')}
      pos="fixed"
      top={64}
      left="50%"
      maw="min(480px, calc(100vw - 24px))"
      w="100%"
      style={{ transform: 'translateX(-50%)', zIndex: 400 }}
    >
      <Text size="sm">{t('common.rateLimit.waiting', { seconds })}</Text>
      {group !== undefined && group !== 'guest' ? null : (
        <Text size="sm" mt={4}>
          {t('works.guestTip')}
        </Text>
      )}
    </Alert>
  );
}
