import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MIN_WORKS,
  refreshPlaceholders,
  type TagsAnswerSink,
} from '../../../src/metadata/audio-tag-placeholders.js';
import { AudioTagRepository } from '../../../src/repositories/audio-tag.repository.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

type Answer = Parameters<TagsAnswerSink['saveAndRemerge']>[0][number];

describe.each(DATABASE_KINDS)('the audio tag placeholder rule on %s', (kind) => {
  let server: TestServer;
  let repo: AudioTagRepository;
  const answers: Answer[] = [];
  const sink: TagsAnswerSink = {
    async saveAndRemerge(results) {
      answers.push(...results);
    },
  };
  const byWork = () => new Map(answers.map((answer) => [answer.workId, answer.result.data]));

  beforeAll(async () => {
    server = await startTestServer(kind);
    repo = new AudioTagRepository(server.ctx.database.db);
    const db = server.ctx.database.db;
    // Works 1-8: a downloader's placeholders; 9-10 real tags; 11: a circle on two works only.
    await repo.replaceMany(db, [
      ...Array.from({ length: 8 }, (_, index) => ({
        workId: index + 1,
        values: [
          { field: 'album' as const, value: 'テスト作品' },
          { field: 'artist' as const, value: 'テスト声優' },
          { field: 'albumartist' as const, value: index + 1 <= 2 ? 'サークル' : `Circle ${index + 1}` },
        ],
      })),
      { workId: 9, values: [{ field: 'album', value: '本物の作品' }] },
      { workId: 10, values: [{ field: 'album', value: 'Real Work' }] },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('drops a value on at least five works and more than half of those read, and answers again for them', async () => {
    expect(MIN_WORKS).toBe(5);
    expect(await refreshPlaceholders(repo, sink)).toBe(8);
    const data = byWork();
    expect(data.get(1)).toEqual({ circle: { id: null, name: 'サークル' } });
    expect(data.get(5)).toEqual({ circle: { id: null, name: 'Circle 5' } });
    expect(data.has(9)).toBe(false);
    expect(answers.every((answer) => answer.provider === 'tags' && answer.result.status === 'ok')).toBe(true);
  });

  it('does nothing when the placeholders did not change', async () => {
    answers.length = 0;
    expect(await refreshPlaceholders(repo, sink)).toBe(0);
    expect(answers).toEqual([]);
  });

  it('gives a value back once it is no longer on most of the library', async () => {
    const db = server.ctx.database.db;
    await repo.replaceMany(
      db,
      Array.from({ length: 20 }, (_, index) => ({
        workId: 20 + index,
        values: [{ field: 'album' as const, value: `Work ${20 + index}` }],
      })),
    );
    answers.length = 0;
    expect(await refreshPlaceholders(repo, sink)).toBe(8);
    expect(byWork().get(3)).toMatchObject({ title: 'テスト作品', vas: [{ id: null, name: 'テスト声優' }] });
  });

  it('never counts a value on fewer than five works, however small the library', async () => {
    const db = server.ctx.database.db;
    await db.deleteFrom('work_audio_tags').execute();
    const same = [{ field: 'album' as const, value: 'Same' }];
    await repo.replaceMany(
      db,
      [1, 2, 3, 4].map((workId) => ({ workId, values: same })),
    );
    expect((await repo.findPlaceholders(MIN_WORKS)).size).toBe(0);
    await repo.replaceMany(db, [{ workId: 5, values: same }]);
    expect([...(await repo.findPlaceholders(MIN_WORKS))]).toEqual(['album\u0000Same']);
  });
});
