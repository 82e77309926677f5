import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify';
import { fetchSession, GUEST, isUnauthorized, login, register, SESSION_QUERY_KEY } from './session';

export type SignInKind = 'login' | 'register' | 'guest';

/** Where to go after signing in: the route that sent the visitor here (RequireSession's state.from), else /. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  return from.startsWith('/login') ? '/' : from;
}

/**
 * Logs in, registers or continues as the guest; then the success notice, a fresh session (every cached
 * answer belonged to the previous user) and back to the previous route (spec sections 4 and 8).
 */
export function useSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<SignInKind | null>(null);

  const submit = async (kind: SignInKind, name: string, password: string) => {
    setPending(kind);
    try {
      if (kind === 'register') await register(name, password);
      else if (kind === 'guest') await login(GUEST.name, GUEST.password);
      else await login(name, password);
      notifySuccess(t(kind === 'register' ? 'auth.success.register' : 'auth.success.login'));
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      // The session is fetched anew before leaving, so the layout never sees the old 401.
      await queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 });
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      // Spec section 8: a 401 on login is a warning with the server's error.
      if (isUnauthorized(error)) notifyWarning((error as Error).message);
      else notifyError(error);
    } finally {
      setPending(null);
    }
  };
  return { submit, pending };
}
