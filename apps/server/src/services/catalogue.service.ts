import {
  DEFAULT_ORDER,
  DEFAULT_SORT,
  type Envelope,
  type LabelWithCount,
  PAGE_SIZE,
  type TrackNode,
  type Work,
  type WorkOrder,
} from '@sasayaki/api-contract';
import { NotFound } from '../errors.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { LabelKind, LabelRepository, LabelRow } from '../repositories/label.repository.js';
import type { WorkRepository } from '../repositories/work.repository.js';
import type { WorkFilter } from '../repositories/work-query.js';
import { buildTrackTree } from './track-tree.js';
import { toWork } from './work-serializer.js';

export interface ListOptions {
  page?: number;
  pageSize?: number;
  order?: WorkOrder;
  sort?: 'asc' | 'desc';
  seed?: number;
}

const LABEL_NOUN: Record<LabelKind, string> = { circles: 'Circle', tags: 'Tag', vas: 'Voice actor' };

/** The catalogue's read side: lists, single works, trees and labels, shaped as the contract says. */
export class CatalogueService {
  constructor(
    private readonly works: WorkRepository,
    private readonly labels: LabelRepository,
    private readonly files: FileRepository,
    private readonly random: () => number = Math.random,
    /** Whether low-bitrate streams are on (ffmpeg was found at start-up). */
    private readonly lowBitrate: () => boolean = () => false,
  ) {}

  async list(filter: WorkFilter, options: ListOptions, userId: number | null): Promise<Envelope> {
    const page = options.page ?? 1;
    const pageSize = options.pageSize ?? PAGE_SIZE;
    const order = options.order ?? DEFAULT_ORDER;
    const totalCount = await this.works.count(filter);
    // betterRandom is the random-play button: one random work, whatever the page.
    const offset = order === 'betterRandom' ? Math.floor(this.random() * totalCount) : (page - 1) * pageSize;
    const limit = order === 'betterRandom' ? 1 : pageSize;
    const ids =
      offset < totalCount
        ? await this.works.pageIds({
            filter,
            order,
            sort: options.sort ?? DEFAULT_SORT,
            seed: options.seed ?? 7,
            offset,
            limit,
            userId,
          })
        : [];
    return {
      works: await this.worksByIds(ids, userId),
      pagination: { currentPage: page, pageSize, totalCount },
    };
  }

  /** A work with the user's fields (null for `workInfo`, which is cacheable); 404 when unknown or missing. */
  async get(id: number, userId: number | null): Promise<Work> {
    const [work] = await this.worksByIds([id], userId);
    if (!work) throw new NotFound(`Work ${id} not found`);
    return work;
  }

  async tracks(id: number): Promise<TrackNode[]> {
    const work = await this.works.findById(id);
    if (!work) throw new NotFound(`Work ${id} not found`);
    return buildTrackTree(work.id, work.title, await this.files.listByWork(id), {
      lowBitrate: this.lowBitrate(),
    });
  }

  async labelList(kind: LabelKind): Promise<LabelWithCount[]> {
    const rows = await this.labels.listWithCounts(kind);
    return rows.map((row) => ({ ...shapeLabel(row), count: Number(row.count) }));
  }

  async label(kind: LabelKind, id: number | string): Promise<LabelWithCount | Omit<LabelWithCount, 'count'>> {
    const row = await this.labels.find(kind, id);
    if (!row) throw new NotFound(`${LABEL_NOUN[kind]} ${id} not found`);
    return shapeLabel(row);
  }

  /** Works by id, in that order, with their labels and (when a user is given) that user's fields. */
  async worksByIds(ids: number[], userId: number | null): Promise<Work[]> {
    const rows = await this.works.byIds(ids);
    const [labels, userFields] = await Promise.all([
      this.works.labelsFor(rows),
      userId === null ? Promise.resolve(new Map()) : this.works.userFieldsFor(userId, ids),
    ]);
    return rows.map((row) => toWork(row, labels, userFields.get(row.id)));
  }
}

function shapeLabel(row: LabelRow): Omit<LabelWithCount, 'count'> {
  return row.i18n === undefined
    ? { id: row.id, name: row.name }
    : { id: row.id, name: row.name, i18n: JSON.parse(row.i18n) };
}
