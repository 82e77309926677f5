import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  /** The user's session version when the token was issued (auth/session-version.ts): a later one revokes it. */
  passwordVersion: string;
}

/** Signs and checks the JWTs of contract section 3 (HS256, per-installation secret, with expiry). */
export class TokenService {
  /**
   * The secret as a WebCrypto key, imported once: given the bytes, jose imports them again for every
   * signature and check, on the event loop of a login (bench/README.md, "Accounts").
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly lifetimeSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  get lifetime(): number {
    return this.lifetimeSeconds;
  }

  async sign(user: { id: number; name: string; group: string }, version: string): Promise<string> {
    return new SignJWT({ name: user.name, group: user.group, pwv: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(await this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.pwv !== 'string') return null;
      return { userId, passwordVersion: payload.pwv };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
