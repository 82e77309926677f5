import {
  PROGRESS_STATES,
  type ProgressState,
  REVIEW_ORDERS,
  type ReviewOrder,
  type SortDirection,
} from '@sasayaki/api-contract';

export const FAVOURITE_VIEWS = ['review', 'progress', 'folder', 'history'] as const;
export type FavouriteView = (typeof FAVOURITE_VIEWS)[number];
export const DEFAULT_STATE: ProgressState = 'marked';

export interface FavouritesRoute {
  view: FavouriteView;
  /** The progress view's state (marked by default); null in the other views. */
  state: ProgressState | null;
  /** The path named a state that does not exist: redirect to the default. */
  invalid: boolean;
}

/**
 * The view and state of a favourites path: /favourites and /favourites/review are the review view,
 * /favourites/progress[/state] the progress view (marked by default), then folder and history.
 */
export function parseFavouritesPath(pathname: string): FavouritesRoute {
  const [, view, state] = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (view === 'progress') {
    if (state === undefined) return { view, state: DEFAULT_STATE, invalid: false };
    const known = (PROGRESS_STATES as readonly string[]).includes(state);
    return { view, state: known ? (state as ProgressState) : DEFAULT_STATE, invalid: !known };
  }
  if (view === 'folder' || view === 'history') return { view, state: null, invalid: false };
  return { view: 'review', state: null, invalid: false };
}

export function favouritesPath(view: FavouriteView, state?: ProgressState | null): string {
  if (view === 'progress') return `/favourites/progress/${state ?? DEFAULT_STATE}`;
  return `/favourites/${view}`;
}

export interface ListQuery {
  page: number;
  order: ReviewOrder;
  sort: SortDirection;
}

/** page, order and sort from the query string, with the defaults (updated_at desc, page 1). */
export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    order: (REVIEW_ORDERS as readonly string[]).includes(order ?? '') ? (order as ReviewOrder) : 'updated_at',
    sort: params.get('sort') === 'asc' ? 'asc' : 'desc',
  };
}

/** The query string for a list query; defaults are left out so URLs stay short. */
export function writeListQuery(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.order !== 'updated_at') params.set('order', query.order);
  if (query.sort !== 'desc') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
