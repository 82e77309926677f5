import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-config-'));

describe('metadata.providers / SASAYAKI_METADATA_PROVIDERS', () => {
  it('defaults to workinfo, dlsite, asmrone, kikoeru, folder, tags', () => {
    expect(loadConfig({ SASAYAKI_DATA: dataDir() }).metadata.providers).toEqual([
      'workinfo',
      'dlsite',
      'asmrone',
      'kikoeru',
      'folder',
      'tags',
    ]);
  });

  it('takes the order from the environment (over the file); a provider left out is off', () => {
    const dir = dataDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ metadata: { providers: ['folder', 'workinfo'] } }),
    );
    expect(loadConfig({ SASAYAKI_DATA: dir }).metadata.providers).toEqual(['folder', 'workinfo']);
    expect(
      loadConfig({ SASAYAKI_DATA: dir, SASAYAKI_METADATA_PROVIDERS: ' DLsite, workinfo ,tags' }).metadata
        .providers,
    ).toEqual(['dlsite', 'workinfo', 'tags']);
  });

  it.each([
    ['an unknown name', 'workinfo,dlsight', /"dlsight" is not a provider/],
    ['edit (hand edits always win)', 'edit,workinfo', /"edit" is not a provider/],
    ['a name twice', 'folder,tags,folder', /"folder" is listed twice/],
    ['nothing', ' , ', /at least one provider/],
  ])('refuses %s, naming the setting', (_what, value, message) => {
    const load = () => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_METADATA_PROVIDERS: value });
    expect(load).toThrow(/SASAYAKI_METADATA_PROVIDERS/);
    expect(load).toThrow(message);
  });

  it('names the file setting when the file is wrong', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ metadata: { providers: ['nope'] } }));
    expect(() => loadConfig({ SASAYAKI_DATA: dir })).toThrow(/metadata\.providers/);
  });
});
