import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAfterFirstPaint } from '../../lib/after-paint';
import { useEditionFolding } from '../../lib/edition-folding';
import { notifyError } from '../../lib/notify';
import { useWorksList } from './api';
import { GuestTip } from './components/GuestTip';
import { WorksEmpty } from './components/WorksEmpty';
import { WorksHeader } from './components/WorksHeader';
import { WorksPager } from './components/WorksPager';
import { WorksResults } from './components/WorksResults';
import { WorksToolbar } from './components/WorksToolbar';
import {
  nextParams,
  pageFromParams,
  type SortOption,
  sourceFromParams,
  subtitleFromParams,
  translatedFromParams,
  useListPreferences,
} from './list-state';
import { RecommendationSlot } from './recommendations/RecommendationSlot';

/**
 * The works list (spec section 2): all works, a search, or a circle's, tag's or VA's works; sorted,
 * filtered by subtitles or to translations, shown as covers, cards or rows, 12, 24, 48 or 96 to a page.
 */
export default function WorksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const source = sourceFromParams(params);
  // A sort change on a later page goes back to page 1. The sort is in the store and changes at once; the
  // page is in the URL, which the router commits a moment later: until it does, the page is taken to be 1
  // (for the URL the change was made on), so the list asks for page 1 in the new order only.
  const [sortedFrom, setSortedFrom] = useState<string | null>(null);
  const search = params.toString();
  if (sortedFrom !== null && sortedFrom !== search) setSortedFrom(null);
  const page = sortedFrom === search ? 1 : pageFromParams(params);
  const subtitle = subtitleFromParams(params);
  const translated = translatedFromParams(params);
  const foldEditions = useEditionFolding((state) => state.fold);
  const { sort, seed, displayMode, pageSize: chosenPageSize, ...preferences } = useListPreferences();
  const list = useWorksList(source, {
    page,
    sort,
    seed,
    subtitle,
    translated,
    foldEditions,
    pageSize: chosenPageSize,
  });
  // The pager is below the first screen: it renders once that has been painted.
  const painted = useAfterFirstPaint();

  useEffect(() => {
    // A 401 on a list is ignored silently (spec section 8); the session guard deals with it.
    if (list.error) notifyError(list.error, { ignoreUnauthorized: true });
  }, [list.error]);

  const change = (changes: Record<string, string | null>) => setParams(nextParams(params, changes));
  // A new sort or page size starts again at page 1 (see sortedFrom above).
  const fromFirstPage = () => {
    if (page !== 1) {
      setSortedFrom(search);
      change({});
    }
  };
  const changeSort = (option: SortOption) => {
    preferences.setSort(option);
    fromFirstPage();
  };
  const changePageSize = (size: number) => {
    preferences.setPageSize(size);
    fromFirstPage();
  };
  const changeSubtitle = (value: boolean) => change({ subtitle: value ? '1' : null });
  const changeTranslated = (value: boolean) => change({ translated: value ? '1' : null });

  const data = list.data;
  const total = data?.pagination.totalCount;
  const pageSize = data?.pagination.pageSize || chosenPageSize;
  const pages = total === undefined ? 0 : Math.ceil(total / pageSize);
  const works = data?.works;
  const empty = works !== undefined && works.length === 0 && !list.isPlaceholderData;

  return (
    <Stack
      gap="md"
      maw={1680}
      mx="auto"
      aria-busy={list.isFetching}
      aria-label={list.isPending ? t('works.loading') : undefined}
    >
      {/* The default view's first page only: a search, a label or a filter is what the reader asked for. */}
      {source.kind === 'all' && page === 1 && !subtitle && !translated && (
        <RecommendationSlot compact={displayMode === 'list'} />
      )}
      <WorksHeader source={source} total={total} />
      <WorksToolbar
        sort={sort}
        onSort={changeSort}
        subtitle={subtitle}
        onSubtitle={changeSubtitle}
        translated={translated}
        onTranslated={changeTranslated}
        displayMode={displayMode}
        onDisplayMode={preferences.setDisplayMode}
        pageSize={chosenPageSize}
        onPageSize={changePageSize}
      />
      {empty ? (
        <WorksEmpty
          source={source}
          subtitle={subtitle}
          translated={translated}
          pastEnd={page > 1 && (total ?? 0) > 0}
          onSubtitle={changeSubtitle}
          onTranslated={changeTranslated}
          onFirstPage={() => change({})}
        />
      ) : (
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <WorksResults works={list.isError && !works ? [] : works} mode={displayMode} pageSize={pageSize} />
        </div>
      )}
      {!empty && works && painted && (
        <WorksPager page={page} pages={pages} onPage={(next) => change({ page: String(next) })} />
      )}
      <GuestTip />
    </Stack>
  );
}
