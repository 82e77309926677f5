import { DEFAULT_ORDER, DEFAULT_SORT, PAGE_SIZE, SORT_OPTIONS } from '@sasayaki/api-contract';
import { create } from 'zustand';
import type { CoverSize } from '../../components/work/cover-src';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../../lib/storage';

/**
 * The works list's state: where the works come from and which page (the URL, so Back works), and the
 * reader's sort, display mode and page size (local storage, spec section 3), plus the random seed.
 */

export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT_OPTION: SortOption =
  SORT_OPTIONS.find((option) => option.order === DEFAULT_ORDER && option.sort === DEFAULT_SORT) ??
  (SORT_OPTIONS[1] as SortOption);

export const DISPLAY_MODES = ['thumbnail', 'detail', 'list'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
export const DEFAULT_DISPLAY_MODE: DisplayMode = 'detail';
/**
 * The cover each display mode draws (WorkTile and WorkRow: the square thumbnail, WorkCard: the card
 * cover), so that the start-up preload of the first cover asks for the picture the page shows.
 */
export const COVER_SIZE_OF: Record<DisplayMode, CoverSize> = {
  thumbnail: 'thumb',
  detail: 'sam',
  list: 'thumb',
};

/** Works per page the reader may choose (the API allows up to 100); 12 is the ecosystem's. */
export const PAGE_SIZES = [PAGE_SIZE, 24, 48, 96] as const;
const PAGE_SIZE_KEY = 'sasayaki.pageSize';

export function readPageSize(): number {
  const saved = Number(readString(PAGE_SIZE_KEY));
  return (PAGE_SIZES as readonly number[]).includes(saved) ? saved : PAGE_SIZE;
}

/** The saved sort, matched back by order and sort (the ecosystem saves `{label, order, sort}`). */
export function readSortOption(): SortOption {
  const saved = readJson<{ order?: unknown; sort?: unknown } | null>(STORAGE_KEYS.sortOption, null);
  return (
    SORT_OPTIONS.find((option) => option.order === saved?.order && option.sort === saved?.sort) ??
    DEFAULT_SORT_OPTION
  );
}

export function writeSortOption(option: SortOption): void {
  writeJson(STORAGE_KEYS.sortOption, { label: option.key, order: option.order, sort: option.sort });
}

export function readDisplayMode(): DisplayMode {
  const saved = readString(STORAGE_KEYS.displayMode);
  return (DISPLAY_MODES as readonly string[]).includes(saved ?? '')
    ? (saved as DisplayMode)
    : DEFAULT_DISPLAY_MODE;
}

/** Spec section 9: the random seed is an integer 0-99. */
export function rollSeed(random: () => number = Math.random): number {
  return Math.min(99, Math.floor(random() * 100));
}

interface ListPreferences {
  sort: SortOption;
  seed: number;
  displayMode: DisplayMode;
  pageSize: number;
  setSort(option: SortOption): void;
  setDisplayMode(mode: DisplayMode): void;
  setPageSize(size: number): void;
}

/**
 * Kept outside the page so that coming back from a work finds the same sort and seed (the random order
 * stays put across pages and Back); a new seed is rolled whenever the sort changes.
 */
export const useListPreferences = create<ListPreferences>((set) => ({
  sort: readSortOption(),
  seed: rollSeed(),
  displayMode: readDisplayMode(),
  pageSize: readPageSize(),
  setSort: (sort) => {
    writeSortOption(sort);
    set({ sort, seed: rollSeed() });
  },
  setDisplayMode: (displayMode) => {
    writeString(STORAGE_KEYS.displayMode, displayMode);
    set({ displayMode });
  },
  setPageSize: (pageSize) => {
    writeString(PAGE_SIZE_KEY, String(pageSize));
    set({ pageSize });
  },
}));

export type WorksSource =
  | { kind: 'all' }
  | { kind: 'search'; keyword: string }
  | { kind: 'circle' | 'tag' | 'va'; id: string };

/** Where the list comes from: a circle, tag or VA filter first, then a search, else everything. */
export function sourceFromParams(params: URLSearchParams): WorksSource {
  for (const [param, kind] of [
    ['circleId', 'circle'],
    ['tagId', 'tag'],
    ['vaId', 'va'],
  ] as const) {
    const id = params.get(param)?.trim();
    if (id) return { kind, id };
  }
  const keyword = params.get('keyword')?.trim();
  return keyword ? { kind: 'search', keyword } : { kind: 'all' };
}

const LABEL_PATHS = { circle: 'circles', tag: 'tags', va: 'vas' } as const;

/** The API path of a source's works. */
export function sourcePath(source: WorksSource): string {
  if (source.kind === 'all') return '/api/works';
  if (source.kind === 'search') return `/api/search/${encodeURIComponent(source.keyword)}`;
  return `/api/${LABEL_PATHS[source.kind]}/${encodeURIComponent(source.id)}/works`;
}

/** The API path of a label (for the page title). */
export function labelPath(source: Extract<WorksSource, { id: string }>): string {
  return `/api/${LABEL_PATHS[source.kind]}/${encodeURIComponent(source.id)}`;
}

/** The page in the URL: a positive integer, else 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export const subtitleFromParams = (params: URLSearchParams): boolean => params.get('subtitle') === '1';
export const translatedFromParams = (params: URLSearchParams): boolean => params.get('translated') === '1';

/**
 * The URL after a change: any change but the page itself goes back to page 1 (spec section 4), so only
 * `page` survives a page change.
 */
export function nextParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
