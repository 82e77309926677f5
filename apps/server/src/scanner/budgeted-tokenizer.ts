import { read } from 'node:fs';
import { promisify } from 'node:util';
import {
  AbstractTokenizer,
  EndOfStreamError,
  type IRandomAccessFileInfo,
  type IRandomAccessTokenizer,
  type IReadChunkOptions,
} from 'strtok3';

const readAt = promisify(read);

/** A parser wanted more of a file than its budget: its headers are not where a header should be. */
export class ReadBudgetExceeded extends Error {
  constructor(budgetBytes: number) {
    super(`headers not found in the first ${Math.round(budgetBytes / 1024 / 1024)} MiB read`);
    this.name = 'ReadBudgetExceeded';
  }
}

/**
 * music-metadata's view of an open descriptor (strtok3's random-access tokenizer), reading by position
 * and counting every byte it reads: past `budgetBytes` it throws instead of reading on. music-metadata
 * looks for frames through a whole file when the headers do not say enough (an MPEG file without a Xing
 * header, or a 5 GiB file that only has an audio name), which took minutes and tens of gigabytes per scan.
 * The descriptor stays the caller's (opened and checked by `media/library-file.ts`): closing the
 * tokenizer does not close it.
 */
export class BudgetedTokenizer extends AbstractTokenizer implements IRandomAccessTokenizer {
  /** Bytes read so far (peeks included: each is a read from the disk). */
  bytesRead = 0;

  constructor(
    private readonly fd: number,
    public fileInfo: IRandomAccessFileInfo,
    private readonly budgetBytes: number,
  ) {
    super();
  }

  async readBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const normalized = this.normalizeOptions(target, options);
    this.position = normalized.position;
    const bytes = await this.readAt(target, normalized.length, normalized.position, normalized.mayBeLess);
    this.position += bytes;
    return bytes;
  }

  async peekBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const normalized = this.normalizeOptions(target, options);
    return this.readAt(target, normalized.length, normalized.position, normalized.mayBeLess);
  }

  setPosition(position: number): void {
    this.validateLength(position, 'position');
    this.position = position;
  }

  supportsRandomAccess(): boolean {
    return true;
  }

  /** Fills `length` bytes from `position` across short reads; only a zero-byte read is the end. */
  private async readAt(
    target: Uint8Array,
    length: number,
    position: number,
    mayBeLess: boolean | undefined,
  ): Promise<number> {
    let done = 0;
    while (done < length) {
      const want = Math.min(length - done, this.budgetBytes - this.bytesRead);
      if (want <= 0) throw new ReadBudgetExceeded(this.budgetBytes);
      const { bytesRead } = await readAt(this.fd, target, done, want, position + done);
      this.bytesRead += bytesRead;
      done += bytesRead;
      if (bytesRead === 0) break;
    }
    if (!mayBeLess && done < length) throw new EndOfStreamError();
    return done;
  }
}
