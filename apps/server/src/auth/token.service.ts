import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  /** The user's session version when the token was issued (auth/session-version.ts): a later one revokes it. */
  passwordVersion: string;
}

/** Signs and checks the JWTs of contract section 3 (HS256, per-installation secret, with expiry). */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly lifetimeSeconds: number,
  ) {}

  get lifetime(): number {
    return this.lifetimeSeconds;
  }

  sign(user: { id: number; name: string; group: string }, version: string): Promise<string> {
    return new SignJWT({ name: user.name, group: user.group, pwv: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.pwv !== 'string') return null;
      return { userId, passwordVersion: payload.pwv };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
