import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cover } from '../../src/components/work/Cover';
import { noteCoverChanged, versionedCoverUrl } from '../../src/lib/cover-version';
import { renderWithProviders } from '../render';
import { makeWork } from '../works/fixtures';

describe('covers changed in this tab', () => {
  it('keep their address until changed, then ask with the change’s version', () => {
    expect(versionedCoverUrl('RJ000777', '/api/cover/777.jpg?type=sam')).toBe('/api/cover/777.jpg?type=sam');
    noteCoverChanged('rj000777', '2026-11-25T00:00:00.000Z');
    expect(versionedCoverUrl('RJ000777', '/api/cover/777.jpg?type=sam')).toBe(
      '/api/cover/777.jpg?type=sam&v=2026-11-25T00%3A00%3A00.000Z',
    );
  });

  it('are drawn from the versioned address on every card', async () => {
    const work = makeWork(778);
    noteCoverChanged(work.source_id, 'new');
    renderWithProviders(<Cover work={work} linked={false} />);
    const image = (await screen.findByRole('img')) as HTMLImageElement;
    expect(image.getAttribute('src')).toContain('v=new');
  });
});
