import { MAX_ID } from './constants.js';

/**
 * Work codes and the numeric work ids behind them. DLsite's codes are a prefix and 6 or 8 digits; each
 * prefix has its own id range, so no two codes share an id (and every id fits the database's integer):
 *
 * - `RJ123456` / `RJ01234567` (voice works): the number itself, 1 .. 99,999,999 (RJ01234567 -> 1234567,
 *   formatted with 8 digits from 1,000,000 on, as DLsite does);
 * - `BJ…` (books): 100,000,000 + the number; `VJ…` (games): 200,000,000 + the number;
 * - `LOCAL-000001` (works without any code, numbered by the server): 1,000,000,000 + the number, up to
 *   MAX_ID. No DLsite code maps there, so a local id never collides with a code given later.
 */
export const WORK_CODE_PREFIXES = ['RJ', 'BJ', 'VJ'] as const;
export type WorkCodePrefix = (typeof WORK_CODE_PREFIXES)[number];

const PREFIX_BASE: Record<WorkCodePrefix, number> = { RJ: 0, BJ: 100_000_000, VJ: 200_000_000 };
const PREFIX_SPAN = 100_000_000;
export const LOCAL_ID_BASE = 1_000_000_000;
export const MAX_LOCAL_NUMBER = MAX_ID - LOCAL_ID_BASE;

/** The id of a DLsite code's prefix and number; null for number 0. */
export function workIdOf(prefix: WorkCodePrefix, number: number): number | null {
  return number > 0 && number < PREFIX_SPAN ? PREFIX_BASE[prefix] + number : null;
}

/** The id of the n-th local work (n from 1). */
export function localWorkId(number: number): number {
  return LOCAL_ID_BASE + number;
}

export function isLocalWorkId(id: number): boolean {
  return id > LOCAL_ID_BASE && id <= MAX_ID;
}

/**
 * The code a work id shows as (`Work.source_id`, search text, archive names): the one function that
 * formats codes. An id in no range (300,000,000 .. 1,000,000,000 is unused) shows as its number.
 */
export function formatWorkCode(id: number): string {
  if (isLocalWorkId(id)) return `LOCAL-${String(id - LOCAL_ID_BASE).padStart(6, '0')}`;
  const prefix = id > 0 ? WORK_CODE_PREFIXES[Math.floor(id / PREFIX_SPAN)] : undefined;
  if (!prefix) return String(id);
  const number = id - PREFIX_BASE[prefix];
  return `${prefix}${String(number).padStart(number >= 1_000_000 ? 8 : 6, '0')}`;
}

/**
 * A work id as the API accepts it: a code (`RJ123456`, `bj01234567`, `LOCAL-000001`, any case) or the
 * bare number clients send back from `Work.id` (`123456`, `01234567`, `1000000001`); null when invalid.
 */
const WORK_ID_PATTERN = /^(?:(rj|bj|vj)(\d{6}|\d{8})|local-(\d{1,10})|(\d{1,10}))$/i;

export function parseWorkId(value: string): number | null {
  const match = WORK_ID_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, prefix, codeDigits, localDigits, bare] = match;
  let id: number | null;
  if (prefix && codeDigits) id = workIdOf(prefix.toUpperCase() as WorkCodePrefix, Number(codeDigits));
  else if (localDigits) id = Number(localDigits) > 0 ? localWorkId(Number(localDigits)) : null;
  else id = Number(bare);
  return id !== null && id > 0 && id <= MAX_ID ? id : null;
}

/** A DLsite code found in a text: its id, the code as written, and where it stands. */
export interface WorkCodeMatch {
  id: number;
  index: number;
  length: number;
}

/** An RJ, BJ or VJ code anywhere in a text (a folder name, a search keyword): 6 or 8 digits, any case. */
const CODE_IN_TEXT = /(?<![a-z0-9])(rj|bj|vj)(\d{8}|\d{6})(?!\d)/i;

export function matchWorkCode(text: string): WorkCodeMatch | null {
  const match = CODE_IN_TEXT.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const id = workIdOf(match[1].toUpperCase() as WorkCodePrefix, Number(match[2]));
  return id === null ? null : { id, index: match.index, length: match[0].length };
}

export function findWorkCode(text: string): number | null {
  return matchWorkCode(text)?.id ?? null;
}
