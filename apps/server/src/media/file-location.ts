import { join } from 'node:path';

interface FileLocation {
  root_dir: string;
  dir: string;
  dir_raw: string | null;
  path: string;
  path_raw: string | null;
}

/**
 * The absolute path of an indexed file, rebuilt from what the scanner stored: never from anything a
 * request carries. Names that are not valid UTF-8 were stored as raw bytes and come back as a Buffer
 * path, which `fs` accepts.
 */
export function absolutePathOf(file: FileLocation): string | Buffer {
  if (file.dir_raw === null && file.path_raw === null) return join(file.root_dir, file.dir, file.path);
  const dir = file.dir_raw === null ? Buffer.from(file.dir) : Buffer.from(file.dir_raw, 'base64');
  const path = file.path_raw === null ? Buffer.from(file.path) : Buffer.from(file.path_raw, 'base64');
  const parts = [Buffer.from(file.root_dir), dir, path].filter((part) => part.length > 0);
  const slash = Buffer.from('/');
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [slash, part])));
}
