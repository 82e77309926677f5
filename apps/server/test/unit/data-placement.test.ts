import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

const base = mkdtempSync(join(tmpdir(), 'sasayaki-placement-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function load(data: string, library: string, env: Record<string, string> = {}) {
  return loadConfig({ SASAYAKI_DATA: data, SASAYAKI_LIBRARY: library, ...env });
}

function refusal(data: string, library: string, env: Record<string, string> = {}): ConfigError {
  try {
    load(data, library, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('where the data folder may be', () => {
  it('refuses a data folder inside a library folder, naming both, even before it exists', () => {
    const library = join(base, 'library-a');
    mkdirSync(library);
    const data = join(library, 'sasayaki-data');
    const error = refusal(data, library);
    expect(error.setting).toBe('SASAYAKI_DATA');
    expect(error.message).toContain(data);
    expect(error.message).toContain(library);
  });

  it('refuses a data folder that is a library folder', () => {
    const library = join(base, 'library-b');
    mkdirSync(library);
    expect(refusal(library, `${join(base, 'elsewhere')}:${library}`).message).toContain(library);
  });

  it('compares real paths: a library reached through a link, or a data folder under a link into a library', () => {
    const library = join(base, 'library-c');
    mkdirSync(library);
    const linkToLibrary = join(base, 'link-to-library-c');
    symlinkSync(library, linkToLibrary);
    refusal(join(library, 'data'), linkToLibrary);
    refusal(join(linkToLibrary, 'data'), library);
  });

  it('refuses an SQLite file configured inside a library folder', () => {
    const library = join(base, 'library-d');
    mkdirSync(library);
    const error = refusal(join(base, 'data-d'), library, {
      DATABASE_URL: `sqlite:${join(library, 'db.sqlite')}`,
    });
    expect(error.message).toContain('database file');
  });

  it('refuses a library that is the secrets folder inside the data folder', () => {
    const data = join(base, 'data-e');
    expect(refusal(data, join(data, 'secrets')).message).toContain('secrets');
  });

  it('accepts a library inside the data folder (the demo library) and folders side by side', () => {
    const data = join(base, 'data-f');
    expect(load(data, join(data, 'demo-library')).libraryDirs).toEqual([join(data, 'demo-library')]);
    expect(load(join(base, 'data-g'), join(base, 'data-g-library')).dataDir).toBe(join(base, 'data-g'));
  });
});
