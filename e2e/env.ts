/** Shared by the config, the global setup and the helpers: where the e2e server runs and who can log in. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8920);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const ACCOUNTS = {
  admin: { name: 'admin', password: 'admin-password' },
  guest: { name: 'guest', password: 'guest' },
} as const;
