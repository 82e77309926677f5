import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  AUDIO_TAG_FIELDS,
  type AudioTagField,
  type AudioTagValue,
  placeholderKey,
} from '../metadata/audio-tags-provider.js';
import type { AudioTags } from '../scanner/read-audio-headers.js';

const SETTINGS_KEY = 'audio_tags.placeholders';
/** Works a statement: each has at most one value per field (three), three parameters a value. */
const REPLACE_BATCH = 500;

/** Each work's raw audio tag values (`work_audio_tags`) and the placeholders found among them. */
export class AudioTagRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Replaces the values of a batch of works (their commit's): a few statements whatever the batch's size
   * (rows by primary key, `work_id` first). Call it inside the batch's transaction.
   */
  async replaceMany(
    db: Kysely<Database>,
    works: ReadonlyArray<{ workId: number; values: readonly AudioTagValue[] }>,
  ): Promise<void> {
    for (let start = 0; start < works.length; start += REPLACE_BATCH) {
      const batch = works.slice(start, start + REPLACE_BATCH);
      await db
        .deleteFrom('work_audio_tags')
        .where(
          'work_id',
          'in',
          batch.map((work) => work.workId),
        )
        .execute();
      const rows = batch.flatMap(({ workId, values }) =>
        values.map(({ field, value }) => ({ work_id: workId, field, value })),
      );
      if (rows.length > 0) await db.insertInto('work_audio_tags').values(rows).execute();
    }
  }

  /**
   * The values carried by at least `minWorks` works and by more than half of the works whose tags were
   * read: one grouped pass over the table, run once per scan.
   */
  async findPlaceholders(minWorks: number): Promise<Set<string>> {
    const total = await this.db
      .selectFrom('work_audio_tags')
      .select(sql<number>`count(distinct work_id)`.as('n'))
      .executeTakeFirst();
    const threshold = Math.max(minWorks, Math.floor(Number(total?.n ?? 0) / 2) + 1);
    const rows = await this.db
      .selectFrom('work_audio_tags')
      .select(['field', 'value'])
      .groupBy(['field', 'value'])
      .having((eb) => eb.fn.countAll(), '>=', threshold)
      .execute();
    return new Set(rows.map((row) => placeholderKey(row.field as AudioTagField, row.value)));
  }

  /** The works carrying any of these values (placeholder keys). */
  async worksWith(keys: readonly string[]): Promise<number[]> {
    const ids = new Set<number>();
    for (const key of keys) {
      const [field, value] = key.split('\u0000') as [string, string];
      const rows = await this.db
        .selectFrom('work_audio_tags')
        .select('work_id')
        .where('field', '=', field)
        .where('value', '=', value)
        .execute();
      for (const row of rows) ids.add(row.work_id);
    }
    return [...ids];
  }

  /** A work's tags as read, rebuilt from its rows. */
  async tagsOf(workId: number): Promise<AudioTags> {
    const rows = await this.db
      .selectFrom('work_audio_tags')
      .select(['field', 'value'])
      .where('work_id', '=', workId)
      .execute();
    const tags: AudioTags = { album: null, artist: null, albumartist: null };
    for (const row of rows) {
      if ((AUDIO_TAG_FIELDS as readonly string[]).includes(row.field))
        tags[row.field as AudioTagField] = row.value;
    }
    return tags;
  }

  /** The placeholders the last scan settled on (the settings table), read once per scan. */
  async storedPlaceholders(): Promise<Set<string>> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SETTINGS_KEY)
      .executeTakeFirst();
    try {
      return new Set(row ? (JSON.parse(row.value) as string[]) : []);
    } catch {
      return new Set();
    }
  }

  async storePlaceholders(keys: ReadonlySet<string>): Promise<void> {
    const value = JSON.stringify([...keys].sort());
    await this.db
      .insertInto('settings')
      .values({ key: SETTINGS_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
