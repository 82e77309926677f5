import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './env';

const DESKTOP = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;
const PHONE = {
  browserName: 'chromium',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;
/** Specs that time the product against a budget of the issues (e2e/README.md). */
const TIMED = /player-seek\.spec\.ts$/;

/**
 * End-to-end tests of the built product in Debian's Chromium (never `playwright install`). The global
 * setup starts `apps/server/dist/main.js serve` on the demo library; run `npm run build` first, then
 * `npm run test:e2e`. See e2e/README.md.
 */
export default defineConfig({
  testDir: './tests',
  // Per port, so two runs side by side (E2E_PORT) do not delete each other's artefacts.
  outputDir: join(tmpdir(), `sasayaki-e2e-results-${E2E_PORT}`),
  globalSetup: './global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: TIMED, use: DESKTOP },
    // Tests tagged @desktop-only (helpers.ts DESKTOP_ONLY) test logic, not layout: run them once.
    { name: 'phone', testIgnore: TIMED, grepInvert: /@desktop-only/, use: PHONE },
    // Timed to the user's budget (sound within 1 s of a seek): run after everything else, one at a time,
    // so they time the product, not a second browser and server busy beside them on CI's two cores.
    { name: 'desktop-timed', testMatch: TIMED, dependencies: ['desktop', 'phone'], use: DESKTOP },
    { name: 'phone-timed', testMatch: TIMED, dependencies: ['desktop-timed'], use: PHONE },
  ],
});
