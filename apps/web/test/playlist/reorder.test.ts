import { describe, expect, it } from 'vitest';
import { afterFor } from '../../src/features/favourites/playlists/reorder';
import { reorder } from '../../src/lib/use-drag-reorder';

const works = [{ id: 10 }, { id: 20 }, { id: 30 }, { id: 40 }];

describe('moving a playlist’s work', () => {
  it('names the work it goes right after, as move-work takes it', () => {
    expect(afterFor(works, 0, 2)).toBe(30); // down: after the one now at the target
    expect(afterFor(works, 3, 1)).toBe(10); // up: after the one before the target
    expect(afterFor(works, 2, 0)).toBeNull(); // to the top
    expect(afterFor(works, 0, 3)).toBe(40); // to the end
  });

  it('the list after the same move matches what the server makes of it', () => {
    expect(reorder(works, 0, 2).map((work) => work.id)).toEqual([20, 30, 10, 40]);
    expect(reorder(works, 3, 1).map((work) => work.id)).toEqual([10, 40, 20, 30]);
  });
});
