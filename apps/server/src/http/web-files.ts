import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { etagOf } from '../media/conditional-request.js';
import { LruMap } from '../util/lru-map.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.map',
]);

export interface WebFile {
  path: string;
  contentType: string;
  compressible: boolean;
  /** The build's brotli twin of the file (`path.br`, written by the web app's build), if it has one. */
  brotliPath?: string;
}

/** A compressible file's bytes in one encoding, with validators derived from the bytes it came from. */
export interface EncodedWebFile {
  bytes: Buffer;
  etag: string;
  mtimeMs: number;
}

/** The build's brotli twins: never served under their own name, only in place of their file. */
const BROTLI_TWIN = '.br';

/**
 * The files of the built web app, by URL path. Requests are looked up here, never joined onto the folder,
 * so no URL reaches a file outside it. The list is read again (at most every two seconds) when a path is
 * unknown, so a rebuild under a running server is picked up.
 */
export class WebFiles {
  private files = new Map<string, WebFile>();
  private listedAt = Number.NEGATIVE_INFINITY;
  private readonly gzipped = new LruMap<string, EncodedWebFile>(200);
  private readonly brotli = new LruMap<string, EncodedWebFile>(200);

  constructor(readonly root: string) {
    this.list();
  }

  find(urlPath: string): WebFile | undefined {
    const file = this.files.get(urlPath);
    if (file || Date.now() - this.listedAt < 2_000) return file;
    this.list();
    return this.files.get(urlPath);
  }

  /** The gzipped bytes of a compressible file, made once per version of the file. */
  async gzip(file: WebFile): Promise<EncodedWebFile> {
    const stats = await stat(file.path);
    const cached = this.gzipped.get(file.path);
    if (cached && cached.mtimeMs === stats.mtimeMs) return cached;
    const bytes = await readFile(file.path);
    // The validators of the uncompressed file, marked so the encodings never share an ETag.
    const entry = {
      bytes: gzipSync(bytes, { level: 9 }),
      etag: etagOf(bytes.length, stats.mtimeMs).replace(/"$/, '-gz"'),
      mtimeMs: stats.mtimeMs,
    };
    this.gzipped.set(file.path, entry);
    return entry;
  }

  /**
   * The build's brotli bytes of a file, read once per version of the file; undefined when it has no twin
   * or the twin is older than the file (left from an earlier build), which would send stale bytes.
   */
  async brotliOf(file: WebFile): Promise<EncodedWebFile | undefined> {
    if (!file.brotliPath) return undefined;
    const [stats, twinStats] = await Promise.all([
      stat(file.path),
      stat(file.brotliPath).catch(() => undefined),
    ]);
    if (!twinStats || twinStats.mtimeMs < stats.mtimeMs) return undefined;
    const cached = this.brotli.get(file.path);
    if (cached && cached.mtimeMs === stats.mtimeMs) return cached;
    const entry = {
      bytes: await readFile(file.brotliPath),
      etag: etagOf(stats.size, stats.mtimeMs).replace(/"$/, '-br"'),
      mtimeMs: stats.mtimeMs,
    };
    this.brotli.set(file.path, entry);
    return entry;
  }

  private list(): void {
    this.listedAt = Date.now();
    const paths = new Set<string>();
    // Regular files only: readdir's entries say what each is without following links.
    for (const entry of readdirSync(this.root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) paths.add(join(entry.parentPath, entry.name));
    }
    const files = new Map<string, WebFile>();
    for (const path of paths) {
      if (path.endsWith(BROTLI_TWIN)) continue;
      const extension = extname(path).toLowerCase();
      const compressible = COMPRESSIBLE.has(extension);
      const twin = `${path}${BROTLI_TWIN}`;
      files.set(`/${relative(this.root, path).split(sep).join('/')}`, {
        path,
        contentType: TYPES[extension] ?? 'application/octet-stream',
        compressible,
        ...(compressible && paths.has(twin) ? { brotliPath: twin } : {}),
      });
    }
    this.files = files;
  }
}
