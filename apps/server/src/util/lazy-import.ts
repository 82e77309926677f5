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

export const loadSharp = lazyDefault(async () => {
  const module = await import('sharp');
  // libvips keeps recent operations and the images they decoded (up to 50 MB and 100 operations by
  // default) for reuse. Covers are made once and kept on disk, so nothing is asked for twice: a scan of
  // thousands of covers only held that memory (issue 15 item 7: the scan's memory budget).
  module.default.cache(false);
  return module;
});
