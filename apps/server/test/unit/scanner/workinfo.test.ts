import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWorkInfo, readWorkInfoFile } from '../../../src/scanner/workinfo.js';

describe('parseWorkInfo', () => {
  it('reads the Work shape and ignores unknown fields', () => {
    const result = parseWorkInfo(
      JSON.stringify({
        title: 'T',
        circle: { id: 7, name: 'C' },
        vas: [{ id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', name: 'V' }, { name: 'W' }],
        tags: [{ id: 1, name: 'tag', i18n: { 'en-us': { name: 'tag' }, xx: { name: 'no' } } }],
        release: '2020-01-02T00:00:00Z',
        age_category_string: 'adult',
        extra: 1,
      }),
    );
    expect(result).toEqual({
      ok: true,
      metadata: expect.objectContaining({
        title: 'T',
        circle: { id: 7, name: 'C' },
        vas: [
          { id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', name: 'V' },
          { id: null, name: 'W' },
        ],
        tags: [{ id: 1, name: 'tag', i18n: { 'en-us': { name: 'tag' } } }],
        release: '2020-01-02',
        age: 'adult',
        nsfw: true,
      }),
    });
  });

  it('accepts circle_id + name and the short age field', () => {
    const result = parseWorkInfo(JSON.stringify({ circle_id: 3, name: 'C', age: 'r15', nsfw: false }));
    // The workinfo provider's answer holds only what the file says: no title here.
    expect(result.ok && result.metadata).toEqual({ circle: { id: 3, name: 'C' }, age: 'r15', nsfw: false });
  });

  it('drops fields of the wrong shape, keeps the rest', () => {
    const result = parseWorkInfo(
      JSON.stringify({
        title: 5,
        price: 'abc',
        dl_count: 10,
        vas: 'nope',
        tags: [{ name: '' }, { name: 'ok' }],
      }),
    );
    expect(result.ok && result.metadata).toEqual({ dlCount: 10, tags: [{ id: null, name: 'ok', i18n: {} }] });
  });

  it("reads DLsite's edition fields: language editions, translation info, original, series, source", () => {
    const result = parseWorkInfo(
      JSON.stringify({
        language_editions: [
          { workno: 'RJ01000001', lang: 'JPN', label: '日本語', display_order: 1 },
          {
            workno: 'RJ01000002',
            lang: 'ENG',
            label: 'English',
            display_order: '2',
            edition_type: 'language',
            edition_id: 7,
          },
          { lang: 'no workno' },
        ],
        translation_info: { is_translation: true, original_workno: 'RJ01000001' },
        original_workno: 'RJ01000001',
        lang: 'ENG',
        title_id: 'SRI0000123',
        title_name: 'Series',
        source_type: 'DLSITE',
        source_url: 'https://www.dlsite.com/maniax/work/=/product_id/RJ01000002.html',
      }),
    );
    expect(result.ok && result.metadata).toEqual({
      languageEditions: [
        { workno: 'RJ01000001', lang: 'JPN', label: '日本語', display_order: 1 },
        {
          workno: 'RJ01000002',
          lang: 'ENG',
          label: 'English',
          display_order: 2,
          edition_type: 'language',
          edition_id: 7,
        },
      ],
      translationInfo: { is_translation: true, original_workno: 'RJ01000001' },
      originalWorkno: 'RJ01000001',
      lang: 'ENG',
      series: { id: 'SRI0000123', name: 'Series' },
      sourceType: 'DLSITE',
      sourceUrl: 'https://www.dlsite.com/maniax/work/=/product_id/RJ01000002.html',
    });
    expect(parseWorkInfo(JSON.stringify({ series: { id: 5, name: 'S' } }))).toEqual({
      ok: true,
      metadata: { series: { id: '5', name: 'S' } },
    });
  });

  it('reports a file that is not JSON or not an object', () => {
    expect(parseWorkInfo('{ "title": ')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not valid JSON'),
    });
    expect(parseWorkInfo('[1]')).toMatchObject({ ok: false });
  });
});

describe('readWorkInfoFile', () => {
  const root = mkdtempSync(join(tmpdir(), 'sasayaki-workinfo-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    writeFileSync(join(root, name), text);
    return join(root, name);
  };

  it('reads and parses the sidecar', async () => {
    const path = write('good.json', JSON.stringify({ title: 'T' }));
    expect(await readWorkInfoFile(path, root)).toEqual({
      kind: 'read',
      metadata: expect.objectContaining({ title: 'T' }),
    });
  });

  it('tells a file it cannot read from a text that is not a workinfo', async () => {
    expect(await readWorkInfoFile(join(root, 'gone.json'), root)).toMatchObject({
      kind: 'unreadable',
      cause: 'file',
      message: expect.stringMatching(/^Cannot read: /),
    });
    expect(await readWorkInfoFile(write('broken.json', '{'), root)).toMatchObject({
      kind: 'unreadable',
      cause: 'content',
      message: expect.stringMatching(/^workinfo.json is not valid JSON/),
    });
  });

  it('does not read a file over 1 MiB', async () => {
    const path = write('huge.json', `{"title":"${'x'.repeat(1024 * 1024)}"}`);
    expect(await readWorkInfoFile(path, root)).toMatchObject({ kind: 'unreadable', cause: 'file' });
  });
});
