import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENTRY, startE2eServer, WEB_DIR } from './e2e-server';
import { E2E_BASE_URL, E2E_PORT } from './env';

/**
 * Starts the built server on port 8920 with a fresh data folder: the demo library is generated and
 * scanned, accounts are on (admin / admin-password, guest / guest), registration is open. Resolves once
 * the first scan has finished; returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const [file, hint] of [
    [SERVER_ENTRY, 'npm run build'],
    [join(WEB_DIR, 'index.html'), 'npm run build -w @sasayaki/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`e2e: ${file} is missing: run \`${hint}\` first.`);
  }
  const inUse = await fetch(`${E2E_BASE_URL}/api/health`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`e2e: port ${E2E_PORT} is already in use; stop that server or set E2E_PORT.`);

  const data = await mkdtemp(join(tmpdir(), 'sasayaki-e2e-'));
  const removeData = async () => {
    if (!process.env.E2E_KEEP_DATA) await rm(data, { recursive: true, force: true });
    else console.log(`e2e: server data kept in ${data}`);
  };
  try {
    const server = await startE2eServer({
      port: E2E_PORT,
      data,
      logFile: join(data, 'server.log'),
      // Generating and scanning the demo library on a loaded machine.
      timeoutMs: 300_000,
      env: {
        SASAYAKI_AUTH: 'true',
        SASAYAKI_GUEST: 'true',
        SASAYAKI_REGISTRATION: 'true',
        // Every test signs in from the same address; the guest's real limit is tested by the server's suite.
        SASAYAKI_GUEST_REQUESTS_PER_MINUTE: '100000',
        SASAYAKI_LOGIN_FAILURES_PER_MINUTE: '1000',
      },
    });
    return async () => {
      await server.stop();
      await removeData();
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}
