import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fetchSession, isUnauthorized, SESSION_QUERY_KEY } from '../../features/auth/session';

/**
 * Screens under the main layout need a session. A 401 sends the visitor to /login, remembering where
 * they were going so login can bring them back (spec sections 4 and 8).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 5 * 60_000 });
  if (session.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (isUnauthorized(session.error)) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
