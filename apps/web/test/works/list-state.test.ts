import { SORT_OPTIONS } from '@sasayaki/api-contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT_OPTION,
  nextParams,
  pageFromParams,
  readDisplayMode,
  readSortOption,
  rollSeed,
  sourceFromParams,
  sourcePath,
  useListPreferences,
  writeSortOption,
} from '../../src/features/works/list-state';

const option = (key: string) =>
  SORT_OPTIONS.find((candidate) => candidate.key === key) ?? DEFAULT_SORT_OPTION;

describe('works list state', () => {
  beforeEach(() => localStorage.clear());

  it('has the 13 sort options, newest in the library by default', () => {
    expect(SORT_OPTIONS).toHaveLength(13);
    expect(readSortOption()).toMatchObject({ order: 'create_date', sort: 'desc' });
  });

  it('remembers the sort in localStorage.sortOption and matches it back by order and sort', () => {
    writeSortOption(option('priceAsc'));
    expect(JSON.parse(localStorage.getItem('sortOption') ?? '')).toMatchObject({
      order: 'price',
      sort: 'asc',
    });
    expect(readSortOption().key).toBe('priceAsc');
    localStorage.setItem('sortOption', JSON.stringify({ label: 'whatever', order: 'release', sort: 'asc' }));
    expect(readSortOption().key).toBe('releaseAsc');
    localStorage.setItem('sortOption', '{broken');
    expect(readSortOption().key).toBe('createDateDesc');
  });

  it('remembers the display mode in localStorage.displayMode; detail by default', () => {
    expect(readDisplayMode()).toBe('detail');
    useListPreferences.getState().setDisplayMode('thumbnail');
    expect(localStorage.getItem('displayMode')).toBe('thumbnail');
    expect(readDisplayMode()).toBe('thumbnail');
    localStorage.setItem('displayMode', 'nonsense');
    expect(readDisplayMode()).toBe('detail');
  });

  it('rolls seeds as integers from 0 to 99', () => {
    expect(rollSeed(() => 0)).toBe(0);
    expect(rollSeed(() => 0.999999)).toBe(99);
    for (let i = 0; i < 200; i += 1) {
      const seed = rollSeed();
      expect(Number.isInteger(seed) && seed >= 0 && seed <= 99).toBe(true);
    }
  });

  it('re-rolls the seed when the sort changes, random included', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 20; i += 1) {
      useListPreferences.getState().setSort(option(i % 2 ? 'random' : 'idAsc'));
      seeds.add(useListPreferences.getState().seed);
    }
    expect(seeds.size).toBeGreaterThan(1);
    expect(useListPreferences.getState().sort.key).toBe('random');
  });

  it('resets to page 1 on any change but the page itself', () => {
    const params = new URLSearchParams('keyword=neko&page=4');
    expect(nextParams(params, { subtitle: '1' }).toString()).toBe('keyword=neko&subtitle=1');
    expect(nextParams(params, {}).toString()).toBe('keyword=neko');
    expect(nextParams(params, { page: '5' }).toString()).toBe('keyword=neko&page=5');
    expect(nextParams(params, { page: '1' }).toString()).toBe('keyword=neko');
    expect(pageFromParams(new URLSearchParams('page=abc'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3);
  });

  it('picks the source from the query and builds its API path', () => {
    expect(sourceFromParams(new URLSearchParams(''))).toEqual({ kind: 'all' });
    expect(sourceFromParams(new URLSearchParams('tagId=5&keyword=x'))).toEqual({ kind: 'tag', id: '5' });
    const search = sourceFromParams(new URLSearchParams('keyword=a/b c'));
    expect(sourcePath(search)).toBe('/api/search/a%2Fb%20c');
    expect(sourcePath({ kind: 'circle', id: '7' })).toBe('/api/circles/7/works');
    expect(sourcePath({ kind: 'va', id: 'uuid-1' })).toBe('/api/vas/uuid-1/works');
    expect(sourcePath({ kind: 'all' })).toBe('/api/works');
  });
});
