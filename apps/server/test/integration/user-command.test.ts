import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand, UsageError } from '../../src/cli/user-command.js';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

describe('sasayaki user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { SASAYAKI_AUTH: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds, lists, changes the password of and removes users', async () => {
    expect(
      await runUserCommand(server.ctx, [
        'add',
        'listener',
        '--password',
        'secret1',
        '--group',
        'administrator',
      ]),
    ).toBe('Created listener (administrator)');
    expect(await runUserCommand(server.ctx, ['list'])).toMatch(/listener\s+administrator/);
    const changed = await runUserCommand(server.ctx, ['passwd', 'listener']);
    const password = /password: (\S+);/.exec(changed)?.[1] as string;
    expect(password).toHaveLength(16);
    await expect(server.ctx.accounts.login('listener', password, '127.0.0.1')).resolves.toHaveProperty(
      'token',
    );
    expect(await runUserCommand(server.ctx, ['rm', 'listener'])).toBe('Deleted listener');
  });

  it('explains bad input', async () => {
    await expect(runUserCommand(server.ctx, ['add', 'abc', '--password', 'secret1'])).rejects.toThrow(
      /at least 5/,
    );
    await expect(runUserCommand(server.ctx, ['add', 'abcdef', '--group', 'root'])).rejects.toThrow(
      UsageError,
    );
    await expect(runUserCommand(server.ctx, ['frobnicate', 'x'])).rejects.toThrow(/Usage/);
    await expect(runUserCommand(server.ctx, ['rm', 'admin'])).rejects.toThrow(/last administrator/);
    await expect(runUserCommand(server.ctx, ['rm', 'nobody'])).rejects.toThrow(/not found/);
  });
});
