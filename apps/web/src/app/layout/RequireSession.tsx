import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isUnauthorized, useSession } from '../../features/auth/session';

/**
 * Screens under the main layout need a session. A 401 sends the visitor to /login, remembering where
 * they were going so login can bring them back (spec sections 4 and 8).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
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
