import { describe, expect, it } from 'vitest';
import { ScanJob } from '../../../src/jobs/scan-job.js';
import { CommitBatches, type ScannedWork, type WriteBatch } from '../../../src/scanner/commit-batches.js';

function scanned(id: number): ScannedWork {
  return {
    commit: {
      work: {
        id,
        has_subtitle: 0,
        duration: 0,
        root_dir: '/library',
        dir: `RJ${id}`,
        dir_raw: null,
        content_signature: 'signature',
        cover_key: null,
        cover_source: null,
        scanned_at: '2026-11-25T00:00:00.000Z',
      },
      files: [],
    },
    answers: [],
    audioTags: [],
    display: `/library/RJ${id}`,
  };
}

/** A database stand-in: records each batch's work ids; refuses any batch holding `refused`. */
function recordingWriter(refused: number | null = null): { batches: number[][]; write: WriteBatch } {
  const batches: number[][] = [];
  const write: WriteBatch = async (works) => {
    const ids = works.map((work) => work.commit.work.id);
    batches.push(ids);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (refused !== null && ids.includes(refused)) throw new Error('constraint failed');
    return new Map(ids.map((id) => [id, id % 2 === 0 ? ('added' as const) : ('updated' as const)]));
  };
  return { batches, write };
}

describe('commit batches', () => {
  it('commits full batches in order and the rest on close, counting each work once committed', async () => {
    const { batches, write } = recordingWriter();
    const job = new ScanJob();
    const commits = new CommitBatches(write, job, { maxWorks: 3, maxWaitMs: 60_000 });
    for (let id = 1; id <= 7; id++) await commits.add(scanned(id));
    await commits.close();
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(job.counts).toMatchObject({ added: 3, updated: 4, failed: 0 });
  });

  it('commits a partial batch once its first work waited long enough (progress, the watcher)', async () => {
    const { batches, write } = recordingWriter();
    const job = new ScanJob();
    const commits = new CommitBatches(write, job, { maxWorks: 100, maxWaitMs: 20 });
    await commits.add(scanned(2));
    await commits.add(scanned(4));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(batches).toEqual([[2, 4]]);
    expect(job.counts.added).toBe(2);
    await commits.close();
    expect(batches).toHaveLength(1);
  });

  it('holds at most two batches: the one filling waits for the one committing', async () => {
    let release: () => void = () => {};
    const batches: number[][] = [];
    const write: WriteBatch = async (works) => {
      batches.push(works.map((work) => work.commit.work.id));
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Map(works.map((work) => [work.commit.work.id, 'added' as const]));
    };
    const commits = new CommitBatches(write, new ScanJob(), { maxWorks: 2, maxWaitMs: 60_000 });
    await commits.add(scanned(1));
    await commits.add(scanned(2)); // full: committing, nothing before it
    await commits.add(scanned(3));
    let accepted = false;
    const fourth = commits.add(scanned(4)).then(() => {
      accepted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accepted).toBe(false);
    release();
    await fourth;
    expect(accepted).toBe(true);
    release();
    await commits.close();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('saves the rest of a batch the database refuses, and reports only the work it cannot save', async () => {
    const { batches, write } = recordingWriter(5);
    const job = new ScanJob();
    const commits = new CommitBatches(write, job, { maxWorks: 4, maxWaitMs: 60_000 });
    for (let id = 1; id <= 8; id++) await commits.add(scanned(id));
    await commits.close();
    expect(batches).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [5], [6], [7], [8]]);
    expect(job.counts).toMatchObject({ added: 4, updated: 3, failed: 1 });
    expect(job.errors).toEqual([
      { path: '/library/RJ5', message: 'Cannot save the work: constraint failed', level: 'error' },
    ]);
  });
});
