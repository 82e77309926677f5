import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { ApiError } from '../../src/api/client';
import { noteRateLimit, resetRateLimit } from '../../src/api/rate-limit';
import { RateLimitNotice } from '../../src/app/layout/RateLimitNotice';
import { theme } from '../../src/app/theme';

const TIP =
  "Tip: If you use guest login, you will be limited by speed. It's better to register your own account.";

function Reader({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['list'], queryFn: read, retry: false });
  return <p>{query.data ?? 'no data'}</p>;
}

function renderNotice(client: QueryClient, read: () => Promise<string>) {
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <Reader read={read} />
        <RateLimitNotice />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('RateLimitNotice', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetRateLimit();
  });

  it('counts down the seconds with the guest tip, then asks the failed read once more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const read = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('Too many requests', 429, '', 'Too many requests', 5))
      .mockResolvedValue('works');
    const client = new QueryClient();
    renderNotice(client, read);
    await act(async () => noteRateLimit(5));
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(screen.getByText(/Loading again in [45] s/)).toBeTruthy();
    expect(screen.getByText(TIP)).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(screen.queryByTestId('rate-limit-notice')).toBeNull();
    expect(await screen.findByText('works')).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('leaves the guest tip out for a user with an account', async () => {
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], { user: { name: 'listener', group: 'user' }, auth: true, reg: true });
    renderNotice(client, async () => 'works');
    await act(async () => noteRateLimit(5));
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(screen.queryByText(TIP)).toBeNull();
  });
});
