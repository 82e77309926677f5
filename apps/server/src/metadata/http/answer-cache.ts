import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Raw answers of a metadata source, one file per key under `<data>/metadata-cache/<source>/`, so a
 * rebuilt database fills in again without the network. Written to a temporary name and renamed into
 * place, so a reader (or a crash) never sees half an answer.
 */
export class AnswerCache {
  constructor(private readonly dir: string) {}

  /** The cached text and when it was written, or null when there is none. */
  async read(key: string): Promise<{ text: string; writtenAt: number } | null> {
    const file = this.fileOf(key);
    try {
      const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return { text, writtenAt: info.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** A cached binary answer (a cover image), or null. */
  async readBytes(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(key: string, text: string | Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, file);
  }

  /** Keys are made by the providers from codes and locales; anything else is replaced, so a key is a file name. */
  private fileOf(key: string): string {
    return join(this.dir, ...key.split('/').map((part) => part.replace(/^\.+|[^A-Za-z0-9_.=-]/g, '_')));
  }
}
