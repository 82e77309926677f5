import type { IncomingHttpHeaders } from 'node:http';

/** The validators of one file as sent: a weak ETag and the modification time in whole seconds. */
export interface Validators {
  etag: string;
  mtimeMs: number;
}

/** A weak ETag from size and modification time: cheap, and changes whenever the file is replaced. */
export function etagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** HTTP dates have whole seconds, so modification times are compared at that precision. */
function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

function parseDate(value: string): number | null {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Weak comparison (RFC 9110 section 8.8.3.2): `W/` prefixes are ignored. */
function sameTag(a: string, b: string): boolean {
  return a.replace(/^W\//, '') === b.replace(/^W\//, '');
}

/** Whether an `If-None-Match` value (`*` or a list of tags) holds `etag`: a GET may then be answered 304. */
export function ifNoneMatchHolds(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => sameTag(tag.trim(), etag));
}

/**
 * Whether a GET or HEAD may be answered 304 (RFC 9110 section 13.2.2): `If-None-Match` wins over
 * `If-Modified-Since` when both are present.
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) return ifNoneMatchHolds(ifNoneMatch, validators.etag);
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = parseDate(ifModifiedSince);
  return since !== null && seconds(validators.mtimeMs) <= seconds(since);
}

/**
 * Whether a `Range` still applies under `If-Range`. The RFC asks for a strong match; our tag is weak only
 * because it is derived from size and modification time, which is exactly what the date form compares,
 * so an identical tag is accepted as well. A date must equal Last-Modified.
 */
export function rangeStillApplies(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  const value = String(ifRange).trim();
  if (value.startsWith('"') || value.startsWith('W/"')) return value === validators.etag;
  const date = parseDate(value);
  return date !== null && seconds(date) === seconds(validators.mtimeMs);
}
