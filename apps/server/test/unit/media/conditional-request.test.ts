import { describe, expect, it } from 'vitest';
import { etagOf, isNotModified, rangeStillApplies } from '../../../src/media/conditional-request.js';

const mtimeMs = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const validators = { etag: etagOf(1234, mtimeMs), mtimeMs };
const lastModified = new Date(mtimeMs).toUTCString();

describe('etagOf', () => {
  it('is weak and changes with size and time', () => {
    expect(validators.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(etagOf(1235, mtimeMs)).not.toBe(validators.etag);
    expect(etagOf(1234, mtimeMs + 1000)).not.toBe(validators.etag);
  });
});

describe('isNotModified', () => {
  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(isNotModified({ 'if-none-match': validators.etag }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': validators.etag.slice(2) }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': `"nope", ${validators.etag}` }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"nope"' }, validators)).toBe(false);
  });

  it('compares If-Modified-Since at whole seconds', () => {
    expect(isNotModified({ 'if-modified-since': lastModified }, validators)).toBe(true);
    expect(isNotModified({ 'if-modified-since': new Date(mtimeMs + 60_000).toUTCString() }, validators)).toBe(
      true,
    );
    expect(isNotModified({ 'if-modified-since': new Date(mtimeMs - 60_000).toUTCString() }, validators)).toBe(
      false,
    );
    expect(isNotModified({ 'if-modified-since': 'not a date' }, validators)).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since', () => {
    expect(isNotModified({ 'if-none-match': '"other"', 'if-modified-since': lastModified }, validators)).toBe(
      false,
    );
  });

  it('is false without validators', () => {
    expect(isNotModified({}, validators)).toBe(false);
  });
});

describe('rangeStillApplies', () => {
  it('holds without If-Range, with the same tag or the same date', () => {
    expect(rangeStillApplies({}, validators)).toBe(true);
    expect(rangeStillApplies({ 'if-range': validators.etag }, validators)).toBe(true);
    expect(rangeStillApplies({ 'if-range': lastModified }, validators)).toBe(true);
  });

  it('fails for another tag, another date or garbage', () => {
    expect(rangeStillApplies({ 'if-range': '"other"' }, validators)).toBe(false);
    expect(rangeStillApplies({ 'if-range': new Date(mtimeMs - 5000).toUTCString() }, validators)).toBe(false);
    expect(rangeStillApplies({ 'if-range': 'garbage' }, validators)).toBe(false);
  });
});
