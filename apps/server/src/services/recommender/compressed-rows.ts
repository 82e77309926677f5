/** The typed arrays a `ChunkedColumn` can collect into. */
type NumberColumn = Int32Array | Float64Array | Uint8Array;

/**
 * A chunk's size: above glibc's default threshold (128 KiB) for giving an allocation its own mapping,
 * so a chunk's memory goes back to the system when the chunk is collected. Smaller chunks came from the
 * allocator's main heap, which kept the freed space: with 64 KiB chunks that heap was 25-27 MB at the
 * build's peak at 100,000 works (SQLite), against 19-20 MB with the arrays grown by doubling.
 */
const CHUNK_BYTES = 256 * 1024;

/**
 * Values appended to a column of unknown final length, kept in fixed chunks and copied once into one
 * array of the exact length at the end. A column grown by doubling left a trail of garbage arrays (as
 * much again as its final capacity) and a quarter of its last one unused; at 100,000 works those
 * transients were most of what the label index's build added to the server's resident memory.
 */
export class ChunkedColumn<T extends NumberColumn> {
  private readonly full: T[] = [];
  private readonly chunkLength: number;
  private current: T;
  private used = 0;

  /** `make(length)` is the column's typed array constructor, e.g. `(n) => new Int32Array(n)`. */
  constructor(private readonly make: (length: number) => T) {
    this.chunkLength = CHUNK_BYTES / make(0).BYTES_PER_ELEMENT;
    this.current = make(this.chunkLength);
  }

  get length(): number {
    return this.full.length * this.chunkLength + this.used;
  }

  push(value: number): void {
    if (this.used === this.chunkLength) {
      this.full.push(this.current);
      this.current = this.make(this.chunkLength);
      this.used = 0;
    }
    this.current[this.used] = value;
    this.used += 1;
  }

  /** The values in one array of their exact length (the chunks are let go with the column). */
  toArray(): T {
    const all = this.make(this.length);
    let at = 0;
    for (const chunk of this.full) {
      all.set(chunk, at);
      at += chunk.length;
    }
    all.set(this.current.subarray(0, this.used), at);
    return all;
  }
}

/**
 * Compressed sparse rows: row `r`'s values are `values[start[r] .. start[r + 1])`. One offsets array and
 * one flat Int32Array, where an array per row cost tens of MB at 100,000 works.
 */
export interface CompressedRows {
  start: Int32Array;
  values: Int32Array;
}

/**
 * The same (row, value) pairs grouped by value: column `c`'s rows, ascending (a counting sort over the
 * pairs: two passes, no comparison, no intermediate pair list).
 */
export function transposed(rows: CompressedRows, columnCount: number): CompressedRows {
  const start = new Int32Array(columnCount + 1);
  for (const column of rows.values) start[column + 1] = (start[column + 1] as number) + 1;
  for (let column = 0; column < columnCount; column += 1) {
    start[column + 1] = (start[column + 1] as number) + (start[column] as number);
  }
  const next = start.slice(0, columnCount);
  const values = new Int32Array(rows.values.length);
  const rowCount = rows.start.length - 1;
  for (let row = 0; row < rowCount; row += 1) {
    for (let i = rows.start[row] as number; i < (rows.start[row + 1] as number); i += 1) {
      const column = rows.values[i] as number;
      const at = next[column] as number;
      values[at] = row;
      next[column] = at + 1;
    }
  }
  return { start, values };
}
