import { describe, expect, it } from 'vitest';
import { scanRate } from '../../src/features/admin/api';
import { EventStreamParser } from '../../src/features/admin/event-stream';

describe('event stream parser', () => {
  it('parses named events split across chunks, skipping comments', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: progress\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n\n: keep-alive\n\nevent: log\r\ndata: x\r\n')).toEqual([
      { event: 'progress', data: '{"a":1}' },
    ]);
    expect(parser.push('\r\ndata: one\ndata: two\n\n')).toEqual([
      { event: 'log', data: 'x' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });
});

describe('scan rate', () => {
  const base = {
    id: 1,
    mode: 'full' as const,
    running: true,
    status: 'running',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    counts: { found: 100, added: 10, updated: 10, removed: 0, failed: 0, skipped: 3, unchanged: 0 },
    current: 'RJ01',
    errors: [],
  };
  it('measures works per second and the time left of full scans', () => {
    const rate = scanRate(base, Date.parse('2026-01-01T00:00:10.000Z'));
    expect(rate.perSecond).toBe(2);
    expect(rate.secondsLeft).toBe(40);
    expect(rate.elapsedSeconds).toBe(10);
  });
  it('gives no time left for incremental scans (unchanged works are not counted)', () => {
    expect(
      scanRate({ ...base, mode: 'incremental' }, Date.parse('2026-01-01T00:00:10.000Z')).secondsLeft,
    ).toBeNull();
  });
});
