import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const REG_QUERY_KEY = ['auth', 'reg'] as const;

/** Whether the server takes registrations (`GET /api/auth/reg`); the register tab shows only then. */
export async function fetchRegistrationOpen(): Promise<boolean> {
  const { reg } = await api<{ reg: boolean }>('/api/auth/reg');
  return reg === true;
}

export function useRegistrationOpen() {
  return useQuery({ queryKey: REG_QUERY_KEY, queryFn: fetchRegistrationOpen, staleTime: 5 * 60_000 });
}

/** Spec section 9: user names and passwords are at least 5 characters. */
export const MIN_CREDENTIAL_LENGTH = 5;

export type CredentialsError = 'usernameLength' | 'passwordLength' | 'repeatMismatch';

export interface CredentialsInput {
  name: string;
  password: string;
  /** Only when registering. */
  repeat?: string;
}

/** The form's rules (spec section 5), as message keys per field; an empty object when all is well. */
export function validateCredentials(
  input: CredentialsInput,
  registering: boolean,
): Partial<Record<'name' | 'password' | 'repeat', CredentialsError>> {
  const errors: Partial<Record<'name' | 'password' | 'repeat', CredentialsError>> = {};
  if (input.name.trim().length < MIN_CREDENTIAL_LENGTH) errors.name = 'usernameLength';
  if (input.password.length < MIN_CREDENTIAL_LENGTH) errors.password = 'passwordLength';
  if (registering && input.repeat !== input.password) errors.repeat = 'repeatMismatch';
  return errors;
}
