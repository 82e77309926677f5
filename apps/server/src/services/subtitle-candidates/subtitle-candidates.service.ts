import { extensionOf, SUBTITLE_EXTENSIONS, type SubtitleCandidate } from '@sasayaki/api-contract';
import { NotFound } from '../../errors.js';
import type {
  MatchableFileRow,
  SubtitleCandidateRepository,
} from '../../repositories/subtitle-candidate.repository.js';
import { LruMap } from '../../util/lru-map.js';
import type { CatalogueService } from '../catalogue.service.js';
import { comparableStem, nameSimilarity } from './variant-name.js';

/** A subtitle of the work or of one of its editions, ready to compare. */
interface KnownSubtitle {
  title: string;
  subPath: string[];
  hash: string;
  ext: string;
  stem: string;
  /** Seconds of the audio it belongs to, or null when no audio claims it. */
  duration: number | null;
}

/** Names at least this alike are the same track (one app uses 0.85–0.9). */
const SAME_NAME = 0.85;
/** A matching length lets a name this far off still count (a translated or renamed edition). */
const NAME_WITH_DURATION = 0.5;
/** Lengths within the larger of 1.5 s and 1 % are the same recording, give or take an encoder's padding. */
const toleranceOf = (seconds: number) => Math.max(1.5, seconds * 0.01);
/** Name and length, each 0 to 1, weigh this much in the confidence. */
const NAME_SHARE = 0.6;

const SUBTITLE_SET = new Set<string>(SUBTITLE_EXTENSIONS);

/**
 * `POST /api/media/check-lrc-v2` (reference section 9): the subtitles of the work, of its variants
 * (every folder of the work: `SE無し`, `mp3`, `wav` …) and of its other editions in the library, that
 * fit an audio file by name (variant markers stripped) and length, best first, with a confidence.
 */
export class SubtitleCandidatesService {
  /** Each work's subtitles with its editions', per catalogue generation. */
  private readonly known = new LruMap<number, { generation: number; subtitles: KnownSubtitle[] }>(2_000);

  constructor(
    private readonly repository: SubtitleCandidateRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async candidates(
    workId: number,
    fileName: string,
    duration: number | undefined,
  ): Promise<SubtitleCandidate[]> {
    const subtitles = await this.subtitlesOf(workId);
    const stem = comparableStem(fileName.split('/').pop() ?? fileName);
    const found: SubtitleCandidate[] = [];
    for (const subtitle of subtitles) {
      const name = nameSimilarity(stem, subtitle.stem);
      const length = lengthFit(duration, subtitle.duration);
      // A length that is known on both sides and differs rules the file out, whatever its name.
      if (length === 0) continue;
      if (name < SAME_NAME && !(length !== null && name >= NAME_WITH_DURATION)) continue;
      const confidence =
        length === null
          ? name * NAME_SHARE + (1 - NAME_SHARE) / 2
          : name * NAME_SHARE + length * (1 - NAME_SHARE);
      const { stem: _stem, duration: subtitleDuration, ...shown } = subtitle;
      found.push({
        ...shown,
        duration: subtitleDuration ?? 0,
        confidence: Math.round(confidence * 1000) / 1000,
      });
    }
    return found.sort((a, b) => b.confidence - a.confidence);
  }

  private async subtitlesOf(workId: number): Promise<KnownSubtitle[]> {
    const generation = await this.catalogue.generation();
    const cached = this.known.get(workId);
    if (cached?.generation === generation) return cached.subtitles;
    const editions = await this.repository.otherEditions(workId);
    if (editions === undefined) throw new NotFound(`Work ${workId} not found`);
    const workIds = [workId, ...editionIds(editions).filter((id) => id !== workId)];
    const subtitles = knownSubtitles(await this.repository.audioAndTextFiles(workIds));
    this.known.set(workId, { generation, subtitles });
    return subtitles;
  }
}

/** 1 for the same length, falling to 0 at the tolerance; null when either length is unknown. */
function lengthFit(asked: number | undefined, known: number | null): number | null {
  if (asked === undefined || asked <= 0 || known === null) return null;
  return Math.max(0, 1 - Math.abs(asked - known) / toleranceOf(asked));
}

function editionIds(json: string): number[] {
  try {
    const editions: unknown = JSON.parse(json);
    if (!Array.isArray(editions)) return [];
    return editions.map((edition) => Number((edition as { id?: unknown }).id)).filter(Number.isSafeInteger);
  } catch {
    return [];
  }
}

/**
 * The subtitle files among the rows, each with the length of its audio: the audio the scan paired it
 * with, else an audio file of the same folder and stem ("01.mp3" for "01.lrc" or "01.mp3.lrc").
 */
function knownSubtitles(rows: MatchableFileRow[]): KnownSubtitle[] {
  const pairedDuration = new Map<string, number>();
  const durationByStem = new Map<string, number>();
  for (const row of rows) {
    if (row.type !== 'audio' || row.duration === null) continue;
    if (row.subtitle_file_id !== null)
      pairedDuration.set(`${row.work_id}/${row.subtitle_file_id}`, row.duration);
    durationByStem.set(
      `${row.work_id}/${folderOf(row.path)}/${comparableStem(nameOf(row.path))}`,
      row.duration,
    );
  }
  return rows
    .filter((row) => row.type === 'text' && SUBTITLE_SET.has(extensionOf(row.path)))
    .map((row) => {
      const hash = `${row.work_id}/${row.file_id}`;
      const stem = comparableStem(nameOf(row.path));
      const folder = folderOf(row.path);
      return {
        title: nameOf(row.path),
        subPath: folder === '' ? [] : folder.split('/'),
        hash,
        ext: extensionOf(row.path),
        stem,
        duration: pairedDuration.get(hash) ?? durationByStem.get(`${row.work_id}/${folder}/${stem}`) ?? null,
      };
    });
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));
