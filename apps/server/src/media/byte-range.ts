/** What a `Range` header asks of a representation of a known size. */
export type ByteRange =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Parses a `Range` header against `size` bytes (RFC 9110 section 14). Only the `bytes` unit is known;
 * another unit or a malformed header is ignored (the whole file is sent), as the RFC allows. Several
 * ranges are answered with the first satisfiable one alone: clients of this server (audio elements,
 * download managers) ask for one range, and multipart/byteranges would only add an attack surface.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!match?.[1]) return { kind: 'full' };
  const specs = match[1]
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length === 0) return { kind: 'full' };

  const ranges: Array<{ start: number; end: number } | null> = [];
  for (const spec of specs) {
    const parts = SPEC.exec(spec);
    if (!parts) return { kind: 'full' };
    const [, first = '', last = ''] = parts;
    if (first === '' && last === '') return { kind: 'full' };
    if (first === '') {
      // A suffix: the last N bytes; N = 0 or an empty file has nothing to give.
      const length = Number(last);
      ranges.push(length > 0 && size > 0 ? { start: Math.max(0, size - length), end: size - 1 } : null);
      continue;
    }
    const start = Number(first);
    if (last !== '' && Number(last) < start) return { kind: 'full' };
    const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    ranges.push(start < size ? { start, end } : null);
  }
  const satisfiable = ranges.find((range) => range !== null);
  return satisfiable ? { kind: 'partial', ...satisfiable } : { kind: 'unsatisfiable' };
}
