import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One stored hand edit: the value is JSON in ProviderMetadata's shape (or the cover edit's). */
export interface StoredEdit {
  field: string;
  value: string;
  edited_at: string;
  edited_by: string | null;
}

/** One provider's last answer for a work, as the edit dialog lists the alternatives. */
export interface StoredProviderAnswer {
  provider: string;
  data: string;
  status: string;
}

/** The work row's facts the edit service needs: presence and the cover the scanner (or an edit) made. */
export interface EditableWork {
  id: number;
  cover_key: string | null;
  cover_source: string | null;
}

/** The SQL of hand edits (`work_edits`) and what the edit dialog reads beside them. Nothing else. */
export class WorkEditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A work that is in the catalogue and present; undefined otherwise. */
  async findWork(workId: number): Promise<EditableWork | undefined> {
    return this.db
      .selectFrom('works')
      .select(['id', 'cover_key', 'cover_source'])
      .where('id', '=', workId)
      .where('missing', '=', 0)
      .executeTakeFirst();
  }

  async edits(workId: number): Promise<StoredEdit[]> {
    return this.db
      .selectFrom('work_edits')
      .select(['field', 'value', 'edited_at', 'edited_by'])
      .where('work_id', '=', workId)
      .execute();
  }

  async providerAnswers(workId: number): Promise<StoredProviderAnswer[]> {
    return this.db
      .selectFrom('work_metadata')
      .select(['provider', 'data', 'status'])
      .where('work_id', '=', workId)
      .execute();
  }

  /** Writes (or replaces) the given fields' edits of one work at once. */
  async saveEdits(
    workId: number,
    edits: ReadonlyArray<{ field: string; value: unknown }>,
    editedBy: string | null,
    now: string,
  ): Promise<void> {
    if (edits.length === 0) return;
    await this.db
      .insertInto('work_edits')
      .values(
        edits.map(({ field, value }) => ({
          work_id: workId,
          field,
          value: JSON.stringify(value),
          edited_at: now,
          edited_by: editedBy,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['work_id', 'field']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          edited_at: eb.ref('excluded.edited_at'),
          edited_by: eb.ref('excluded.edited_by'),
        })),
      )
      .execute();
  }

  /** Removes one field's edit; says whether there was one. */
  async deleteEdit(workId: number, field: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('work_edits')
      .where('work_id', '=', workId)
      .where('field', '=', field)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The work's image files in tree order: the cover can be picked from these. */
  async imageFiles(workId: number): Promise<Array<{ fileId: number; path: string }>> {
    const rows = await this.db
      .selectFrom('files')
      .select(['file_id', 'path'])
      .where('work_id', '=', workId)
      .where('type', '=', 'image')
      .orderBy('sort_index')
      .execute();
    return rows.map((row) => ({ fileId: row.file_id, path: row.path }));
  }

  /** Points the work at a cover (an edited one, or the scanner's restored on a revert). */
  async setCover(workId: number, coverKey: string | null, coverSource: string | null): Promise<void> {
    await this.db
      .updateTable('works')
      .set({ cover_key: coverKey, cover_source: coverSource })
      .where('id', '=', workId)
      .execute();
  }

  async tagsByIds(ids: readonly number[]): Promise<Array<{ id: number; name: string; i18n: string }>> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('tags').select(['id', 'name', 'i18n']).where('id', 'in', ids).execute();
  }

  async circleByName(name: string): Promise<{ id: number; name: string } | undefined> {
    return this.db.selectFrom('circles').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
  }

  async vasByNames(names: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (names.length === 0) return [];
    return this.db.selectFrom('vas').select(['id', 'name']).where('name', 'in', names).execute();
  }
}
