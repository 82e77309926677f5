import { readdir } from 'node:fs/promises';
import type { WorkRow } from '../db/schema.js';
import { NotFound } from '../errors.js';
import { absolutePathOf } from '../media/file-location.js';
import type { AudioTagRepository } from '../repositories/audio-tag.repository.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { WorkRepository } from '../repositories/work.repository.js';
import type { AudioReader } from '../scanner/read-audio-headers.js';
import {
  type LocalAnswers,
  resolveLocalMetadata,
  type WorkInfoReading,
} from '../scanner/resolve-metadata.js';
import { readWorkInfoFile } from '../scanner/workinfo.js';
import type { MetadataSaver } from './fetch-job.js';

export interface LocalRefreshDeps {
  works: Pick<WorkRepository, 'findById'>;
  files: Pick<FileRepository, 'listByWork'>;
  audio: Pick<AudioReader, 'readTags'>;
  audioTags: Pick<AudioTagRepository, 'storedPlaceholders'>;
  store: MetadataSaver;
}

/**
 * "Refresh metadata" for the local providers (docs/metadata.md "Refreshing one work"): reads one work's
 * `workinfo.json`, folder name and audio tags again, as phase 4 of a scan does, and merges them, without
 * scanning: no file is indexed, no duration probed, no cover made. The sidecar is looked up on disk (one
 * directory listing), so one added or edited since the last scan counts; the audio tags are read from the
 * work's first audio file only when the sidecar and the folder name leave the title, circle or voice
 * actors unknown (as in a scan), and the work's stored raw tag values, which only the placeholder rule
 * counts, are left to the next scan.
 */
export class LocalMetadataRefresh {
  constructor(private readonly deps: LocalRefreshDeps) {}

  /** NotFound for an unknown or missing work. */
  async refresh(workId: number): Promise<LocalAnswers> {
    const work = await this.deps.works.findById(workId);
    if (!work) throw new NotFound(`Work ${workId} not found`);
    const folderName = work.dir.slice(work.dir.lastIndexOf('/') + 1);
    const answers = await resolveLocalMetadata(
      folderName,
      await this.readWorkInfo(work),
      () => this.readTags(work),
      await this.deps.audioTags.storedPlaceholders(),
    );
    await this.deps.store.saveAndRemerge(answers.map(([provider, result]) => ({ workId, provider, result })));
    return answers;
  }

  private async readWorkInfo(work: WorkRow): Promise<WorkInfoReading> {
    const folder = absolutePathOf({ ...work, path: '', path_raw: null });
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      return { kind: 'unreadable', message: `Cannot list the work folder: ${(error as Error).message}` };
    }
    const name = names.find((entry) => entry.toLowerCase() === 'workinfo.json');
    if (name === undefined) return { kind: 'none' };
    return readWorkInfoFile(absolutePathOf({ ...work, path: name, path_raw: null }), work.root_dir);
  }

  private async readTags(work: WorkRow) {
    const files = await this.deps.files.listByWork(work.id);
    const first = files.find((file) => file.type === 'audio' && file.size > 0);
    return first ? this.deps.audio.readTags(absolutePathOf({ ...work, ...first }), work.root_dir) : null;
  }
}
