/** Characters no name inside a ZIP may keep: `\` (read as a separator by yazl and by Windows) and controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is replaced.
const UNSAFE = /[\\\u0000-\u001f\u007f]/g;

/**
 * A name inside a ZIP that every extractor writes below its target folder: `\` and control characters
 * become `_`, and `.` or `..` segments (and empty ones) become `_`, so no entry climbs out of the archive's
 * folder. The name is otherwise kept as it was indexed, so the archive matches the library. Names are
 * file names from the disk, where `\`, `..` inside a name and odd bytes are all legal on Linux: yazl
 * refuses such names outright, and one of them used to fail the whole download (500).
 */
export function safeEntryName(name: string): string {
  const segments = name.split('/').map((segment) => {
    const cleaned = segment.replace(UNSAFE, '_');
    return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
  });
  return segments.join('/');
}

/** `safeEntryName`, then `~2`, `~3`… before the extension for a name already taken in the archive. */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  const safe = safeEntryName(name);
  let unique = safe;
  const dot = safe.lastIndexOf('.');
  const hasExtension = dot > safe.lastIndexOf('/') + 1;
  for (let n = 2; taken.has(unique); n++) {
    unique = hasExtension ? `${safe.slice(0, dot)}~${n}${safe.slice(dot)}` : `${safe}~${n}`;
  }
  taken.add(unique);
  return unique;
}
