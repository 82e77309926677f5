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

  it('remembers the folders removed until they are added again', () => {
    const roots = new LibraryRoots(['/a'], () => {});
    expect(roots.wasRemoved('/a')).toBe(false);
    roots.replace([]);
    expect(roots.wasRemoved('/a')).toBe(true);
    roots.replace(['/a']);
    expect(roots.wasRemoved('/a')).toBe(false);
    expect(roots.wasRemoved('/never-listed')).toBe(false);
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
