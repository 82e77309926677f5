import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { resetRateLimit } from '../../src/api/rate-limit';
import { RequireSession } from '../../src/app/layout/RequireSession';
import { retryDelay, shouldRetry } from '../../src/app/query-client';
import { theme } from '../../src/app/theme';
import { useSession } from '../../src/features/auth/session';

let mounts = 0;
/** A screen that reads the session, as the top bar and the sidebar do. */
function Page() {
  useSession();
  useEffect(() => {
    mounts++;
  }, []);
  return <p>the page</p>;
}

describe('RequireSession when the session answers 429 or 500', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetRateLimit();
    mounts = 0;
  });

  it.each([
    [429, { 'retry-after': '1' }],
    [500, {}],
  ])('%i: the page mounts once and the session is not asked again in a loop', async (status, headers) => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'no' }), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // The app's retry policy, with the back-off shortened so the test sees it end.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: shouldRetry, retryDelay: (n, e) => retryDelay(n, e) / 20 } },
    });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <RequireSession>
              <Page />
            </RequireSession>
          ),
        },
      ],
      { initialEntries: ['/works'] },
    );
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByText('the page', undefined, { timeout: 5_000 });
    const asked = fetchMock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(mounts).toBe(1);
    expect(fetchMock.mock.calls.length).toBe(asked);
  });
});
