import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended profile (19 MiB, 2 passes): 25-35 ms a hash on this class of
 * machine, inside the 20-60 ms the accounts issue asks for.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown name answers as slowly as a wrong password. */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password);
}
