import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A genuine token's payload with some claims changed, under its original header and signature. */
function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${segment({ ...decodeJwt(token), ...changes })}.${signature}`;
}

/**
 * Tokens an attacker can make from one genuine token (and, for `expired`, what a stolen old token looks
 * like): each must be refused exactly as no token at all.
 */
export async function forgeTokens(
  genuine: string,
  secret: Uint8Array,
  administratorId: number,
): Promise<Record<string, string>> {
  const claims = decodeJwt(genuine);
  const [header, payload, signature] = genuine.split('.') as [string, string, string];
  const signatureBytes = Buffer.from(signature, 'base64url');
  signatureBytes[0] = (signatureBytes[0] ?? 0) ^ 0x01;
  const resign = (key: Uint8Array, expiresAt: number) =>
    new SignJWT({ name: claims.name, group: claims.group, pwv: claims.pwv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(expiresAt - 3600)
      .setExpirationTime(expiresAt)
      .sign(key);
  const now = Math.floor(Date.now() / 1000);
  return {
    'flipped signature byte': `${header}.${payload}.${signatureBytes.toString('base64url')}`,
    'alg none': `${segment({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'no signature': `${header}.${payload}.`,
    expired: await resign(secret, now - 60),
    'signed with another key': await resign(randomBytes(48), now + 3600),
    'group changed to administrator': withClaims(genuine, { group: 'administrator' }),
    "subject changed to the administrator's id": withClaims(genuine, { sub: String(administratorId) }),
  };
}
