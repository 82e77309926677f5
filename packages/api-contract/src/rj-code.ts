/**
 * RJ codes: `RJ123456` (6 digits) or `RJ01234567` (8 digits). The number is the work id; 8-digit codes
 * keep their number (RJ01234567 -> 1234567) and are formatted with 8 digits from 1,000,000 on.
 */
export function formatRjCode(id: number): string {
  return `RJ${String(id).padStart(id >= 1_000_000 ? 8 : 6, '0')}`;
}

/** `RJ` with 6 or 8 digits, or the bare number as clients send `Work.id` back (RJ012345 -> 12345). */
const WORK_ID_PATTERN = /^(?:rj(\d{6}|\d{8})|(\d{1,9}))$/i;

/** Parses a work id as the API accepts it (`123456`, `01234567`, `RJ123456`, any case); null when invalid. */
export function parseWorkId(value: string): number | null {
  const match = WORK_ID_PATTERN.exec(value.trim());
  const digits = match?.[1] ?? match?.[2];
  if (!digits) return null;
  const id = Number(digits);
  return id > 0 ? id : null;
}

/** An RJ code anywhere in a text (a folder name, a search keyword): 6 or 8 digits, any case. */
const RJ_IN_TEXT = /(?<![a-z0-9])rj(\d{8}|\d{6})(?!\d)/i;

export function findRjCode(text: string): number | null {
  const match = RJ_IN_TEXT.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}
