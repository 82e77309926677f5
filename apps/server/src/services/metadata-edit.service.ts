import {
  type EditableField,
  formatWorkCode,
  MAX_COVER_UPLOAD_BYTES,
  type NewTagNames,
  type WorkMetadataEdit,
  type WorkMetadataView,
} from '@sasayaki/api-contract';
import { Invalid, NotFound } from '../errors.js';
import { CoverImageError } from '../media/cover-store.js';
import { EDITED_COVER_SOURCE } from '../media/edited-cover.js';
import { absolutePathOf } from '../media/file-location.js';
import { readLibraryFile } from '../media/library-file.js';
import { isKnown, mergeMetadata } from '../metadata/merge.js';
import type { OrderedProviderName, ProviderMetadata, ProviderTag } from '../metadata/provider-types.js';
import type { LocatedFile } from '../repositories/file.repository.js';
import type { StoredEdit, WorkEditRepository } from '../repositories/work-edit.repository.js';
import { RESERVED_LABEL_ID_START } from '../scanner/label-ids.js';

/** The fields whose edits the metadata merge applies; `cover` is handled here (a cover key, not metadata). */
type MergedField = Exclude<EditableField, 'cover'>;

/** The stored edit of the cover: what was chosen, and the cover the scanner had made (restored on revert). */
interface CoverEditValue {
  kind: 'upload' | 'file';
  fileId: number | null;
  key: string;
  previous: { key: string | null; source: string | null };
}

export interface MetadataEditDeps {
  edits: WorkEditRepository;
  files: { find(workId: number, fileId: number): Promise<LocatedFile | undefined> };
  covers: { save(image: Buffer): Promise<string> };
  /** Merges the work's provider answers and edits into its catalogue row (metadata/work-metadata-store.ts). */
  remerge(workId: number): Promise<void>;
  /** The providers that are switched on, in the configured order. */
  providerOrder(): readonly OrderedProviderName[];
  now(): string;
}

/** A label id the scanner invented is no official id: the merge finds such a label again by its name. */
const officialId = (id: number): number | null => (id >= RESERVED_LABEL_ID_START ? null : id);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Hand edits of a work's metadata (issue 12 item 5; docs/metadata.md "Hand edits"): each edited field is
 * stored in `work_edits` and wins over every provider in the merge, so rescans and DLsite refreshes never
 * undo it; reverting deletes the edit and the providers' value shows again. The cover is an edit too,
 * kept on the work row with `cover_source` 'edit' (the scanner leaves such a cover alone).
 */
export class MetadataEditService {
  constructor(private readonly deps: MetadataEditDeps) {}

  async view(workId: number): Promise<WorkMetadataView> {
    await this.requireWork(workId);
    const [edits, answers, images] = await Promise.all([
      this.deps.edits.edits(workId),
      this.deps.edits.providerAnswers(workId),
      this.deps.edits.imageFiles(workId),
    ]);
    const byProvider = new Map(
      answers.map((answer) => [
        answer.provider as OrderedProviderName,
        parseJson<ProviderMetadata>(answer.data, {}),
      ]),
    );
    const order = this.deps.providerOrder();
    const editOf = new Map(edits.map((edit) => [edit.field, edit]));
    const editValues = Object.fromEntries(
      edits.map((edit) => [edit.field, parseJson<unknown>(edit.value, undefined)]),
    ) as ProviderMetadata;
    // What the work shows is the merge's answer, computed as the merge computes it.
    const merged = mergeMetadata(order, byProvider, editValues);
    const field = <F extends MergedField>(name: F) => {
      const stored = editOf.get(name);
      return {
        value: toView(name, merged.values[name]),
        source: merged.sources[name] ?? null,
        providers: order
          .filter((provider) => isKnown(byProvider.get(provider)?.[name]))
          .map((provider) => ({ provider, value: toView(name, byProvider.get(provider)?.[name]) })),
        edit: stored ? { value: toView(name, editValues[name]), ...who(stored) } : null,
      };
    };
    const coverEdit = editOf.get('cover');
    const cover = coverEdit ? parseJson<CoverEditValue | null>(coverEdit.value, null) : null;
    return {
      id: workId,
      source_id: formatWorkCode(workId),
      fields: {
        title: field('title'),
        circle: field('circle'),
        vas: field('vas'),
        tags: field('tags'),
        release: field('release'),
        age: field('age'),
        price: field('price'),
        series: field('series'),
      },
      cover: {
        edit: coverEdit && cover ? { kind: cover.kind, fileId: cover.fileId, ...who(coverEdit) } : null,
        images,
      },
      // The values are typed by field in the contract; the response schema checks them on the way out.
    } as WorkMetadataView;
  }

  /** Stores each given field as an edit (validated against the catalogue first), then merges the work. */
  async edit(workId: number, change: WorkMetadataEdit, editor: string | null): Promise<WorkMetadataView> {
    const work = await this.requireWork(workId);
    const values: Array<{ field: MergedField; value: unknown }> = [];
    if (change.title !== undefined) values.push({ field: 'title', value: change.title });
    if (change.circle !== undefined)
      values.push({ field: 'circle', value: await this.circle(change.circle) });
    if (change.vas !== undefined) values.push({ field: 'vas', value: await this.vas(change.vas) });
    if (change.tags !== undefined) values.push({ field: 'tags', value: await this.tags(change.tags) });
    if (change.release !== undefined) values.push({ field: 'release', value: change.release });
    if (change.age !== undefined) values.push({ field: 'age', value: change.age });
    if (change.price !== undefined) values.push({ field: 'price', value: change.price });
    if (change.series !== undefined)
      values.push({ field: 'series', value: { id: null, name: change.series } });
    // The picked image is read and turned into a cover before anything is stored, so a bad one changes nothing.
    const cover =
      change.cover === undefined
        ? null
        : { fileId: change.cover.fileId, key: await this.coverOfFile(workId, change.cover.fileId) };
    const now = this.deps.now();
    await this.deps.edits.saveEdits(workId, values, editor, now);
    if (cover) await this.saveCover(work, 'file', cover.fileId, cover.key, editor, now);
    if (values.length) await this.deps.remerge(workId);
    return this.view(workId);
  }

  /** An uploaded image as the work's cover: validated and cut into the scanner's variants (media/cover-variants.ts). */
  async uploadCover(workId: number, image: Buffer, editor: string | null): Promise<WorkMetadataView> {
    const work = await this.requireWork(workId);
    const key = await this.saveImage(image, { param: '(body)', location: 'body' });
    await this.saveCover(work, 'upload', null, key, editor, this.deps.now());
    return this.view(workId);
  }

  /** Deletes a field's edit: the providers' value (or the scanner's cover) shows again. A field without one is left as is. */
  async revert(workId: number, field: EditableField): Promise<WorkMetadataView> {
    await this.requireWork(workId);
    if (field === 'cover') {
      const stored = (await this.deps.edits.edits(workId)).find((edit) => edit.field === 'cover');
      if (stored && (await this.deps.edits.deleteEdit(workId, 'cover'))) {
        const previous = parseJson<CoverEditValue | null>(stored.value, null)?.previous;
        await this.deps.edits.setCover(workId, previous?.key ?? null, previous?.source ?? null);
      }
    } else if (await this.deps.edits.deleteEdit(workId, field)) {
      await this.deps.remerge(workId);
    }
    return this.view(workId);
  }

  private async requireWork(workId: number) {
    const work = await this.deps.edits.findWork(workId);
    if (!work) throw new NotFound('Work not found');
    return work;
  }

  private async circle(name: string): Promise<ProviderMetadata['circle']> {
    const existing = await this.deps.edits.circleByName(name);
    return { id: existing ? officialId(existing.id) : null, name };
  }

  private async vas(names: readonly string[]): Promise<ProviderMetadata['vas']> {
    const unique = [...new Set(names)];
    const existing = new Map((await this.deps.edits.vasByNames(unique)).map((va) => [va.name, va.id]));
    return unique.map((name) => ({ id: existing.get(name) ?? null, name }));
  }

  /** Existing tags by id (an unknown id is a 400 naming its place), new ones by their three names. */
  private async tags(chosen: WorkMetadataEdit['tags'] & {}): Promise<ProviderTag[]> {
    const ids = chosen.filter((entry): entry is number => typeof entry === 'number');
    const known = new Map((await this.deps.edits.tagsByIds(ids)).map((tag) => [tag.id, tag]));
    const unknown = chosen.flatMap((entry, index) =>
      typeof entry === 'number' && !known.has(entry)
        ? [{ param: `tags.${index}`, location: 'body' as const, msg: 'no tag has this id', value: entry }]
        : [],
    );
    if (unknown.length) throw new Invalid(`Invalid ${unknown[0]?.param}: no tag has this id`, unknown);
    const tags = chosen.map((entry): ProviderTag => {
      if (typeof entry !== 'number') return newTag(entry.names);
      const tag = known.get(entry) as { id: number; name: string; i18n: string };
      return { id: officialId(tag.id), name: tag.name, i18n: parseJson(tag.i18n, {}) };
    });
    // The same tag twice (picked and typed again) is one tag.
    return tags.filter((tag, index) => tags.findIndex((other) => other.name === tag.name) === index);
  }

  private async coverOfFile(workId: number, fileId: number): Promise<string> {
    const issue = { param: 'cover.fileId', location: 'body' as const };
    const file = await this.deps.files.find(workId, fileId);
    if (file?.type !== 'image')
      throw new Invalid('Invalid cover.fileId: not an image file of this work', [
        { ...issue, msg: 'not an image file of this work', value: fileId },
      ]);
    let bytes: Buffer;
    try {
      bytes = await readLibraryFile(absolutePathOf(file), file.root_dir, MAX_COVER_UPLOAD_BYTES);
    } catch (error) {
      throw new Invalid(`Invalid cover.fileId: ${(error as Error).message}`, [
        { ...issue, msg: `cannot be read: ${(error as Error).message}`, value: fileId },
      ]);
    }
    return this.saveImage(bytes, issue);
  }

  private async saveImage(bytes: Buffer, issue: { param: string; location: 'body' }): Promise<string> {
    try {
      return await this.deps.covers.save(bytes);
    } catch (error) {
      if (!(error instanceof CoverImageError)) throw error;
      throw new Invalid(`Invalid ${issue.param}: not an image that can be read`, [
        { ...issue, msg: 'not an image that can be read' },
      ]);
    }
  }

  /** Records the cover edit, keeping the scanner's cover from before the first one for a revert. */
  private async saveCover(
    work: { id: number; cover_key: string | null; cover_source: string | null },
    kind: CoverEditValue['kind'],
    fileId: number | null,
    key: string,
    editor: string | null,
    now: string,
  ): Promise<void> {
    const earlier = (await this.deps.edits.edits(work.id)).find((edit) => edit.field === 'cover');
    const previous = earlier
      ? (parseJson<CoverEditValue | null>(earlier.value, null)?.previous ?? { key: null, source: null })
      : { key: work.cover_key, source: work.cover_source };
    const value: CoverEditValue = { kind, fileId, key, previous };
    await this.deps.edits.saveEdits(work.id, [{ field: 'cover', value }], editor, now);
    await this.deps.edits.setCover(work.id, key, EDITED_COVER_SOURCE);
  }
}

function who(edit: StoredEdit): { edited_at: string; edited_by: string | null } {
  return { edited_at: edit.edited_at, edited_by: edit.edited_by };
}

function newTag(names: NewTagNames): ProviderTag {
  return {
    id: null,
    name: names['ja-jp'],
    i18n: {
      'ja-jp': { name: names['ja-jp'] },
      'en-us': { name: names['en-us'] },
      'zh-cn': { name: names['zh-cn'] },
    },
  };
}

/** A stored value in the contract's shape (providers may carry more, such as a circle's DLsite id). */
function toView(field: MergedField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field === 'circle' || field === 'series') {
    const label = value as { id: number | string | null; name: string };
    return { id: label.id ?? null, name: label.name };
  }
  if (field === 'vas')
    return (value as Array<{ id: string | null; name: string }>).map(({ id, name }) => ({ id, name }));
  if (field === 'tags')
    return (value as ProviderTag[]).map(({ id, name, i18n }) => ({ id, name, i18n: i18n ?? {} }));
  return value;
}
