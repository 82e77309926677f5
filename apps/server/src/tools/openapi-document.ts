import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createContext } from '../context.js';
import { OPENAPI_FILE } from '../http/plugins/openapi.plugin.js';

export { OPENAPI_FILE };

/** Builds the app on a throw-away data folder and returns its OpenAPI document as stable JSON text. */
export async function generateOpenApiDocument(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-openapi-'));
  const ctx = await createContext(
    loadConfig({
      SASAYAKI_DATA: dataDir,
      SASAYAKI_SCAN_ON_STARTUP: 'false',
      SASAYAKI_ADMIN_PASSWORD: 'throw-away-password',
    }),
    pino({ level: 'silent' }),
  );
  try {
    const app = await buildApp(ctx, { openApi: true });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return text;
  } finally {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node dist/tools/openapi-document.js` rewrites the committed document.
if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OPENAPI_FILE, await generateOpenApiDocument());
  console.log(`wrote ${OPENAPI_FILE.pathname}`);
}
