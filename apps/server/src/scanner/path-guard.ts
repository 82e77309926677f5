import { realpath } from 'node:fs/promises';
import { isInside } from '../util/path-inside.js';

/**
 * Keeps the walk inside the library: a symbolic link is followed only when its target resolves to a
 * place inside one of the library roots (so a link to /etc or to a mounted disk elsewhere is ignored).
 */
export class PathGuard {
  private constructor(private readonly realRoots: readonly Buffer[]) {}

  static async forRoots(roots: readonly string[]): Promise<PathGuard> {
    const realRoots: Buffer[] = [];
    for (const root of roots) {
      try {
        realRoots.push(await realpath(root, { encoding: 'buffer' }));
      } catch {
        // An unreachable root is reported by discovery; it simply contains nothing here.
      }
    }
    return new PathGuard(realRoots);
  }

  /** The target's real path when it lies inside a root; null when outside or unresolvable. */
  async resolveInside(path: string | Buffer): Promise<Buffer | null> {
    let real: Buffer;
    try {
      real = await realpath(path, { encoding: 'buffer' });
    } catch {
      return null;
    }
    const inside = this.realRoots.some((root) => isInside(real, root));
    return inside ? real : null;
  }
}
