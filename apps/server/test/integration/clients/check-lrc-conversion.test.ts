import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LibraryServer, startLibraryServer } from '../../helpers/library-server.js';
import { DATABASE_KINDS } from '../../helpers/test-context.js';

const VTT = `WEBVTT

NOTE a comment

1
00:00:01.000 --> 00:00:03.000
<v Narrator>Hello
there

00:00:05.500 --> 00:00:09.000
Never <00:00:06.250>drink <00:00:07.000>liquid nitrogen.
`;
const SRT =
  '1\r\n00:01:02,300 --> 00:01:04,000\r\n<i>Line</i> one\r\n\r\n2\r\n01:00:00,000 --> 01:00:01,000\r\nAn hour in\r\n';

/**
 * kikoeru's apps feed what check-lrc names to an LRC parser (issue 13): a VTT or SRT subtitle is offered
 * as `<work>/<file>.lrc`, converted on the fly; Sasayaki's web app reads `original`, the file as it is.
 */
describe.each(DATABASE_KINDS)('check-lrc for VTT and SRT subtitles on %s', (kind) => {
  let media: LibraryServer;

  beforeAll(async () => {
    media = await startLibraryServer(kind, [
      {
        id: 123456,
        dir: 'vtt',
        files: [
          { path: 'a.mp3', content: 'x', subtitleFileId: 1 },
          { path: 'a.vtt', content: VTT },
        ],
      },
      {
        id: 234567,
        dir: 'srt',
        files: [
          { path: 'b.mp3', content: 'x', subtitleFileId: 1 },
          { path: 'b.srt', content: SRT },
        ],
      },
      {
        id: 345678,
        dir: 'lrc',
        files: [
          { path: 'c.mp3', content: 'x', subtitleFileId: 1 },
          { path: 'c.lrc', content: '[00:01.00]c\n' },
        ],
      },
    ]);
  });
  afterAll(async () => {
    await media?.close();
  });

  it('offers a VTT subtitle as LRC, as the apps request it, one line per time', async () => {
    const check = await media.get('/api/media/check-lrc/123456/0?token=');
    expect(check.json()).toEqual({
      result: true,
      message: 'Subtitle file found',
      hash: '123456/1.lrc',
      lyricExtension: '.lrc',
      original: { hash: '123456/1', lyricExtension: '.vtt' },
    });
    const lrc = await media.get(`/api/media/stream/${check.json().hash}?token=`);
    expect(lrc.statusCode).toBe(200);
    expect(lrc.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(lrc.body).toBe(
      '[00:01.00]Hello there\n[00:05.50]Never\n[00:06.25]drink\n[00:07.00]liquid nitrogen.\n',
    );
    // Sasayaki's web app fetches the original: the VTT as it is.
    expect((await media.get('/api/media/stream/123456/1')).body).toBe(VTT);
    // Conditional requests of the converted text.
    const again = await media.get('/api/media/stream/123456/1.lrc', {
      'if-none-match': String(lrc.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('converts SRT too, with hours as minutes', async () => {
    const check = (await media.get('/api/media/check-lrc/234567/0')).json();
    expect(check.hash).toBe('234567/1.lrc');
    expect((await media.get(`/api/media/stream/${check.hash}`)).body).toBe(
      '[01:02.30]Line one\n[60:00.00]An hour in\n',
    );
  });

  it('leaves LRC subtitles as they are, and has no LRC form of other files', async () => {
    expect((await media.get('/api/media/check-lrc/345678/0')).json()).toMatchObject({
      hash: '345678/1',
      lyricExtension: '.lrc',
    });
    expect((await media.get('/api/media/check-lrc/345678/0')).json()).not.toHaveProperty('original');
    expect((await media.get('/api/media/stream/345678/1.lrc')).statusCode).toBe(404);
    expect((await media.get('/api/media/stream/123456/0.lrc')).statusCode).toBe(404);
    expect((await media.get('/api/media/stream/123456/9.lrc')).statusCode).toBe(404);
    expect((await media.get('/api/media/stream/123456/1.vtt')).statusCode).toBe(400);
  });

  it('converts a file once per indexed size and modification time', async () => {
    const before = (await media.get('/api/media/stream/123456/1.lrc')).body;
    writeFileSync(join(media.library, 'vtt', 'a.vtt'), 'WEBVTT\n\n00:00:02.000 --> 00:00:03.000\nChanged\n');
    expect((await media.get('/api/media/stream/123456/1.lrc')).body).toBe(before);
    // The next scan indexes the change: the new size and time make a new conversion.
    await media.server.ctx.database.db
      .updateTable('files')
      .set({ mtime_ms: Date.now() + 1000, size: 50 })
      .where('work_id', '=', 123456)
      .where('file_id', '=', 1)
      .execute();
    expect((await media.get('/api/media/stream/123456/1.lrc')).body).toBe('[00:02.00]Changed\n');
  });
});
