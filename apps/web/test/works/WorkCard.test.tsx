import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkCard } from '../../src/components/work/WorkCard';
import { renderWithProviders } from '../render';
import { makeWork } from './fixtures';

configure({ asyncUtilTimeout: 20_000 });

describe('WorkCard', { timeout: 60_000 }, () => {
  it('shows the code, date, title link, circle, rating, price, sales, chips and store link', async () => {
    renderWithProviders(<WorkCard work={makeWork(1234567)} />);
    expect(await screen.findByText('RJ01234567')).toBeTruthy();
    expect(screen.getByText('2022-10-08')).toBeTruthy();
    expect(screen.getByText('Work 1234567').closest('a')?.getAttribute('href')).toBe('/work/RJ01234567');
    expect(screen.getByText('Circle').closest('a')?.getAttribute('href')).toBe('/works?circleId=1');
    expect(screen.getByText('4.25')).toBeTruthy();
    expect(screen.getByText(/1,320/)).toBeTruthy();
    expect(screen.getByText('1,234 sold')).toBeTruthy();
    expect(screen.getByText('All ages')).toBeTruthy();
    expect(screen.getByText('Subtitles')).toBeTruthy();
    expect(screen.getByText('Massage').closest('a')?.getAttribute('href')).toBe('/works?tagId=502');
    expect(screen.getByText('小鳥遊ゆい').closest('a')?.getAttribute('href')).toBe('/works?vaId=va-1');
    const store = screen.getByLabelText('Open on DLsite');
    expect(store.getAttribute('href')).toBe(
      'https://www.dlsite.com/maniax/work/=/product_id/RJ01234567.html',
    );
    expect(store.getAttribute('rel')).toBe('noreferrer noopener');
  });

  it('hides the SFW and subtitle chips when they do not apply', async () => {
    renderWithProviders(<WorkCard work={makeWork(5, { nsfw: true, has_subtitle: false })} />);
    await screen.findByText('Work 5');
    expect(screen.queryByText('All ages')).toBeNull();
    expect(screen.queryByText('Subtitles')).toBeNull();
  });

  it('draws no circle link and no all-ages chip for a work whose circle and age nobody knows', async () => {
    const unknown = makeWork(6, {
      circle: { id: 0, name: '' },
      circle_id: 0,
      name: '',
      nsfw: false,
      age_category_string: null,
    });
    const { container } = renderWithProviders(<WorkCard work={unknown} />);
    await screen.findByText('Work 6');
    expect(container.querySelector('a[href^="/works?circleId="]')).toBeNull();
    expect(screen.queryByText('All ages')).toBeNull();
  });

  it('links a work without a code by its local code and not to DLsite', async () => {
    const local = makeWork(1_000_000_001, { source_id: 'LOCAL-000001', source_type: 'LOCAL' });
    renderWithProviders(<WorkCard work={local} />);
    expect(await screen.findByText('LOCAL-000001')).toBeTruthy();
    expect(screen.getByText('Work 1000000001').closest('a')?.getAttribute('href')).toBe('/work/LOCAL-000001');
    expect(screen.queryByLabelText('Open on DLsite')).toBeNull();
  });
});
