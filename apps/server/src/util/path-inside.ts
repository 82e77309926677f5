const SLASH = 0x2f;

/**
 * True when the absolute `path` is `folder` itself or lies below it. Compared byte-wise on real paths
 * (names need not be UTF-8), so `/lib` never contains `/library`.
 */
export function isInside(path: Buffer, folder: Buffer): boolean {
  if (folder.length === 1 && folder[0] === SLASH) return path[0] === SLASH;
  return (
    path.equals(folder) ||
    (path.length > folder.length &&
      path[folder.length] === SLASH &&
      path.subarray(0, folder.length).equals(folder))
  );
}
