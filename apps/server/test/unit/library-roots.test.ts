import { describe, expect, it, vi } from 'vitest';
import { LibraryRoots } from '../../src/services/library-roots.js';

describe('LibraryRoots', () => {
  it('lists the folders and tells listeners what a change added and removed', () => {
    const roots = new LibraryRoots(['/a', '/b'], () => {});
    const listener = vi.fn();
    roots.onChange(listener);
    const change = roots.replace(['/b', '/c', '/c']);
    expect(change).toEqual({ added: ['/c'], removed: ['/a'] });
    expect(roots.list()).toEqual(['/b', '/c']);
    expect(roots.has('/a')).toBe(false);
    expect(roots.has('/c')).toBe(true);
    expect(listener).toHaveBeenCalledWith(['/b', '/c'], change);
  });

  it('knows a folder again once it is added back, and never one that was not listed', () => {
    const roots = new LibraryRoots(['/a'], () => {});
    roots.replace([]);
    expect(roots.has('/a')).toBe(false);
    roots.replace(['/a']);
    expect(roots.has('/a')).toBe(true);
    expect(roots.has('/never-listed')).toBe(false);
  });

  it('tells nobody when nothing changed, and someone when only the order did', () => {
    const roots = new LibraryRoots(['/a', '/b'], () => {});
    const listener = vi.fn();
    roots.onChange(listener);
    roots.replace(['/a', '/b']);
    expect(listener).not.toHaveBeenCalled();
    roots.replace(['/b', '/a']);
    expect(listener).toHaveBeenCalledWith(['/b', '/a'], { added: [], removed: [] });
  });

  it('stops telling a listener that unsubscribed, and a failing listener does not stop the others', () => {
    const failures: unknown[] = [];
    const roots = new LibraryRoots([], (error) => failures.push(error));
    const gone = vi.fn();
    const stop = roots.onChange(gone);
    roots.onChange(() => {
      throw new Error('broken');
    });
    const after = vi.fn();
    roots.onChange(after);
    stop();
    roots.replace(['/x']);
    expect(gone).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledOnce();
    expect(failures).toHaveLength(1);
  });
});
