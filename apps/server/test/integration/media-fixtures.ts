import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileTypeOf } from '@sasayaki/api-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

export interface FixtureFile {
  path: string;
  content?: Buffer | string;
  /** Indexed but never written (or written and removed later by the test). */
  absent?: boolean;
  subtitleFileId?: number;
}

export interface FixtureWork {
  id: number;
  dir: string;
  files: FixtureFile[];
  coverKey?: string | null;
  missing?: boolean;
}

/** A temporary library folder; works are written into it and indexed straight into the database. */
export function createLibrary(): string {
  return mkdtempSync(join(tmpdir(), 'sasayaki-library-'));
}

/** Writes a work's files under `root` and inserts its rows as the scanner would; file ids are positions. */
export async function addWork(db: Kysely<Database>, root: string, work: FixtureWork): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('works')
    .values({
      id: work.id,
      title: `Work ${work.id}`,
      create_date: now,
      root_dir: root,
      dir: work.dir,
      metadata_source: 'folder',
      cover_key: work.coverKey ?? null,
      missing: work.missing ? 1 : 0,
      scanned_at: now,
    })
    .execute();
  for (const [index, file] of work.files.entries()) {
    const content =
      typeof file.content === 'string' ? Buffer.from(file.content) : (file.content ?? Buffer.alloc(0));
    if (!file.absent) {
      const absolute = join(root, work.dir, file.path);
      mkdirSync(dirname(absolute), { recursive: true });
      writeFileSync(absolute, content);
    }
    await db
      .insertInto('files')
      .values({
        work_id: work.id,
        file_id: index,
        path: file.path,
        type: fileTypeOf(file.path),
        size: content.length,
        mtime_ms: Date.now(),
        subtitle_file_id: file.subtitleFileId ?? null,
        sort_index: index,
      })
      .execute();
  }
}

/** Deterministic bytes, so a range can be checked against the exact slice. */
export function patternBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) % 251;
  return bytes;
}
