import type { LabelWithCount } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterLabels, prepareLabels, sortLabels } from '../../src/features/labels/filter';
import LabelsPage from '../../src/features/labels/LabelsPage';
import i18n from '../../src/i18n';
import { renderWithProviders } from '../render';
import { json } from '../review/fetch-mock';

const TAGS: LabelWithCount[] = [
  {
    id: 1,
    name: '耳かき',
    count: 12,
    i18n: { 'en-us': { name: 'Ear cleaning' }, 'zh-cn': { name: '掏耳朵' } },
  },
  { id: 2, name: '囁き', count: 30, i18n: { 'en-us': { name: 'Whispering' }, 'zh-cn': { name: '耳语' } } },
  { id: 3, name: '癒し', count: 5, i18n: { 'en-us': { name: 'Healing' }, 'ja-jp': { name: '癒し' } } },
];

function serve(labels: LabelWithCount[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    return url.startsWith('/api/auth/me')
      ? json({ user: { name: 'listener', group: 'user' }, auth: true, reg: true })
      : json(labels);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Types as a browser delivers keys to a busy page: each key as its own input event, outside act(), so
 * React renders as it would in the browser and the router's URL change (a transition) is not committed
 * before the next key arrives.
 */
function typeQuickly(input: HTMLInputElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    for (const key of text) {
      setValue?.call(input, input.value + key);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

describe('label filtering', () => {
  it('matches the default name and every language, case- and width-insensitively', () => {
    const items = prepareLabels(TAGS, 'en');
    const names = (filter: string) => filterLabels(items, filter).map((item) => item.label.id);
    expect(names('ear')).toEqual([1]);
    expect(names('EAR CLEAN')).toEqual([1]);
    expect(names('耳')).toEqual([1, 2]); // 耳かき, 耳语
    expect(names('掏耳')).toEqual([1]);
    expect(names('囁')).toEqual([2]);
    expect(names('ｈｅａｌ')).toEqual([3]); // full-width letters
    expect(names('')).toEqual([1, 2, 3]);
  });

  it("shows tags in the user's language with the default name as fallback, and sorts by name or count", () => {
    expect(prepareLabels(TAGS, 'zh-CN').map((item) => item.display)).toEqual(['掏耳朵', '耳语', '癒し']);
    expect(prepareLabels(TAGS, 'ja').map((item) => item.display)).toEqual(['耳かき', '囁き', '癒し']);
    const english = prepareLabels(TAGS, 'en');
    expect(sortLabels(english, 'name', 'en').map((item) => item.display)).toEqual([
      'Ear cleaning',
      'Healing',
      'Whispering',
    ]);
    expect(sortLabels(english, 'count', 'en').map((item) => item.label.count)).toEqual([30, 12, 5]);
  });
});

describe('LabelsPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('lists tags with counts and links, filtered in any language', async () => {
    const fetchMock = serve(TAGS);
    renderWithProviders(<LabelsPage />, { path: '/tags' });
    expect(await screen.findByRole('heading', { name: 'All tags' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Whispering (30 works)' });
    expect(link.getAttribute('href')).toBe('/works?tagId=2');
    expect(fetchMock).toHaveBeenCalledWith('/api/tags/', expect.anything());
    fireEvent.change(screen.getByRole('textbox', { name: /Filter tags/ }), { target: { value: '耳语' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Ear cleaning/ })).toBeNull());
    expect(screen.getByRole('link', { name: 'Whispering (30 works)' })).toBeTruthy();
    expect(screen.getByText('1 of 3')).toBeTruthy();
  });

  it('keeps every character typed before the URL has caught up', async () => {
    serve(TAGS);
    const { router } = renderWithProviders(<LabelsPage />, { path: '/tags' });
    await screen.findByRole('link', { name: 'Whispering (30 works)' });
    const filter = screen.getByRole('textbox', { name: /Filter tags/ }) as HTMLInputElement;
    typeQuickly(filter, 'healing');
    expect(filter.value).toBe('healing');
    await waitFor(() => expect(router.state.location.search).toBe('?q=healing'));
    expect(await screen.findByText('1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Healing (5 works)' })).toBeTruthy();
  });

  it('follows the URL when it changes by other means (Back, a link)', async () => {
    serve(TAGS);
    const { router } = renderWithProviders(<LabelsPage />, { path: '/tags?q=ear' });
    const filter = await screen.findByRole('textbox', { name: /Filter tags/ });
    expect((filter as HTMLInputElement).value).toBe('ear');
    await router.navigate('/tags?q=whisper');
    await waitFor(() => expect((filter as HTMLInputElement).value).toBe('whisper'));
    await router.navigate(-1);
    await waitFor(() => expect((filter as HTMLInputElement).value).toBe('ear'));
  });

  it('links circles and voice actors to their works', async () => {
    serve([{ id: 'a1b2', name: '藤田茜', count: 4 }]);
    renderWithProviders(<LabelsPage />, { path: '/vas' });
    const link = await screen.findByRole('link', { name: '藤田茜 (4 works)' });
    expect(link.getAttribute('href')).toBe('/works?vaId=a1b2');
  });

  it('renders only a window of rows with 10,000 labels', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: index + 1,
      name: `Circle ${String(index + 1).padStart(5, '0')}`,
      count: (index % 50) + 1,
    }));
    serve(many);
    renderWithProviders(<LabelsPage />, { path: '/circles' });
    await screen.findByRole('link', { name: /Circle 00001/ });
    const rendered = screen.getAllByRole('link').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByText('10000 of 10000')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Circle 09999/ })).toBeNull();
    // Sorting by count brings the biggest circles to the top of the window.
    fireEvent.click(screen.getByRole('radio', { name: 'Works' }));
    await waitFor(() => expect(screen.getByRole('link', { name: /Circle 00050 \(50 works\)/ })).toBeTruthy());
    // Filtering narrows 10,000 to the matches.
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter circles' }), { target: { value: '09999' } });
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(1));
  });
});
