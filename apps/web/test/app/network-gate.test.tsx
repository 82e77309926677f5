import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import i18next from 'i18next';
import { rateLimitedUntil, resetRateLimit } from '../../src/api/rate-limit';
import { NetworkGate } from '../../src/app/layout/NetworkGate';
import { theme } from '../../src/app/theme';

/** Counts its mounts: the network screen must cover the app, never unmount it (the player lives there). */
let mounts = 0;
function Child() {
  useEffect(() => {
    mounts++;
  }, []);
  return <p>the page</p>;
}

function renderGate() {
  const client = new QueryClient();
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <NetworkGate>
          <Child />
        </NetworkGate>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('NetworkGate', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    resetRateLimit();
    mounts = 0;
    await i18next.changeLanguage('en');
  });

  it('covers the page while the server is down and keeps it mounted, then uncovers it', async () => {
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!up) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 200 });
      }),
    );
    renderGate();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('the page')).toBeTruthy();
    up = true;
    await act(async () => screen.getByRole('button', { name: 'Retry now' }).click());
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('the page')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('leaves a 429 from health to the rate-limit notice: no network screen, the pause noted', async () => {
    // A guest over their limit on the first load: every request answers 429, health included.
    const health = vi.fn(
      async () => new Response('Too many requests', { status: 429, headers: { 'Retry-After': '30' } }),
    );
    vi.stubGlobal('fetch', health);
    renderGate();
    await vi.waitFor(() => expect(health).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(rateLimitedUntil()).toBeGreaterThan(Date.now() + 25_000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('says Network Error once in English, twice (English and the reader’s language) otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderGate();
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading').textContent).toBe('Network Error');
    expect(alert.textContent?.match(/Please check your network settings/g)).toHaveLength(1);
    await act(async () => {
      await i18next.changeLanguage('ja');
    });
    expect(screen.getByRole('heading').textContent).toBe('Network Error / ネットワークエラー');
  });
});
