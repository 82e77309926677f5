/**
 * Heavy modules (image processing, audio parsing, archives, database drivers) are loaded on first use
 * rather than at start-up: the server must be serving within 2 s, and most requests never need them.
 */
export function lazyDefault<T>(load: () => Promise<{ default: T }>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().then((module) => module.default);
    return loading;
  };
}

export const loadSharp = lazyDefault(() => import('sharp'));
