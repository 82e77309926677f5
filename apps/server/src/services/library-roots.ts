/** What a change of the library folder list added and removed (absolute paths, as configured). */
export interface LibraryRootsChange {
  added: readonly string[];
  removed: readonly string[];
}

export type LibraryRootsListener = (roots: readonly string[], change: LibraryRootsChange) => void;

/**
 * The library folders this process serves and scans, changeable while it runs (the Settings page adds and
 * removes them: services/admin-settings.service.ts). Everything that follows the list reads it here or
 * subscribes with `onChange`: the scanner and the work codes read `config.libraryDirs`, which follows it;
 * the media routes serve files of the listed folders only; the library watcher watches what is listed.
 * `has` is a set lookup, so the streaming path can ask on every request.
 */
export class LibraryRoots {
  private roots: readonly string[];
  private rootSet: ReadonlySet<string>;
  private readonly listeners = new Set<LibraryRootsListener>();

  constructor(
    initial: readonly string[],
    /** Told when a listener throws; the other listeners still hear of the change. */
    private readonly onListenerError: (error: unknown) => void,
  ) {
    this.roots = Object.freeze([...initial]);
    this.rootSet = new Set(initial);
  }

  /** The folders, in the order the administrator listed them. */
  list(): readonly string[] {
    return this.roots;
  }

  has(root: string): boolean {
    return this.rootSet.has(root);
  }

  /** Calls `listener` after every change; returns the function that stops that. */
  onChange(listener: LibraryRootsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Makes `next` the list (duplicates dropped) and tells the listeners what was added and removed; a list
   * equal to the current one changes nothing and tells nobody.
   */
  replace(next: readonly string[]): LibraryRootsChange {
    const unique = [...new Set(next)];
    const nextSet = new Set(unique);
    const change: LibraryRootsChange = {
      added: unique.filter((root) => !this.rootSet.has(root)),
      removed: this.roots.filter((root) => !nextSet.has(root)),
    };
    const reordered = unique.some((root, index) => this.roots[index] !== root);
    if (change.added.length === 0 && change.removed.length === 0 && !reordered) return change;
    this.roots = Object.freeze(unique);
    this.rootSet = nextSet;
    for (const listener of this.listeners) {
      try {
        listener(this.roots, change);
      } catch (error) {
        this.onListenerError(error);
      }
    }
    return change;
  }
}
