import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

describe('serving the web app', () => {
  let built: TestServer;
  let unbuilt: TestServer;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'sasayaki-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Sasayaki</title>');
    writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1)');
    built = await startTestServer('sqlite', { SASAYAKI_WEB_DIR: webDir });
    unbuilt = await startTestServer('sqlite', { SASAYAKI_WEB_DIR: join(webDir, 'nothing-here') });
  });
  afterAll(async () => {
    await built?.close();
    await unbuilt?.close();
  });

  it('serves index.html for the app routes and files from the build', async () => {
    for (const url of ['/', '/works?page=2', '/work/RJ123456', '/favourites/progress/listening']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Sasayaki</title>');
    }
    const asset = await built.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers / with a short note when the web app is not built', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/Sasayaki is running/);
  });
});
