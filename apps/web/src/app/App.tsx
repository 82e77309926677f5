import { ColorSchemeScript, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { darkKeyColorSchemeManager } from './color-scheme';
import { LazyNotifications } from './layout/LazyNotifications';
import { NetworkGate } from './layout/NetworkGate';
import { RateLimitNotice } from './layout/RateLimitNotice';
import { queryClient } from './query-client';
import { createRouter } from './router';
import { theme } from './theme';

const colorSchemeManager = darkKeyColorSchemeManager();

export function App() {
  const [router] = useState(createRouter);
  return (
    <>
      <ColorSchemeScript defaultColorScheme="auto" />
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <LazyNotifications />
        <QueryClientProvider client={queryClient}>
          <NetworkGate>
            <RouterProvider router={router} />
          </NetworkGate>
          <RateLimitNotice />
        </QueryClientProvider>
      </MantineProvider>
    </>
  );
}
