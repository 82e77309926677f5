import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../src/auth/token.service.js';

const secret = (byte: number) => new Uint8Array(32).fill(byte);
const USER = { id: 7, name: 'alice01', group: 'user' };

describe('TokenService', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('imports its key once, not for every signature and check (work on a login’s event loop)', async () => {
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    const tokens = new TokenService(secret(1), 3600);
    for (let i = 0; i < 3; i++) {
      const token = await tokens.sign(USER, 'v1');
      expect(await tokens.verify(token)).toEqual({ userId: 7, passwordVersion: 'v1' });
    }
    expect(imports).toHaveBeenCalledTimes(1);
  });

  it('refuses a token signed with another secret, and one that is not a token', async () => {
    const token = await new TokenService(secret(2), 3600).sign(USER, 'v1');
    const tokens = new TokenService(secret(1), 3600);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });
});
