import type { ScanCounts, ScanIssue } from '@sasayaki/api-contract';
import type { IssueLevel, ScanReporter } from '../scanner/scan-types.js';

/** The scan keeps this many problems for the report; the counts stay exact beyond it. */
export const MAX_REPORTED_ISSUES = 1000;

export function emptyCounts(): ScanCounts {
  return { found: 0, added: 0, updated: 0, removed: 0, failed: 0, skipped: 0, unchanged: 0 };
}

/**
 * One running scan as the pipeline sees it: counters, the folder at hand, the problems found, and the
 * cancellation signal. The scan service copies this into the scans row on every heartbeat.
 */
export class ScanJob implements ScanReporter {
  readonly counts = emptyCounts();
  readonly errors: ScanIssue[] = [];
  current: string | null = null;
  private readonly controller = new AbortController();
  private dropped = 0;

  constructor(private readonly onIssue: (issue: ScanIssue) => void = () => {}) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  cancel(): void {
    this.controller.abort();
  }

  issue(path: string, message: string, level: IssueLevel, counts?: 'failed' | 'skipped'): void {
    if (counts) this.counts[counts]++;
    const issue: ScanIssue = { path, message, level };
    this.onIssue(issue);
    if (this.errors.length < MAX_REPORTED_ISSUES) this.errors.push(issue);
    else this.dropped++;
  }

  count(kind: keyof ScanCounts, amount = 1): void {
    this.counts[kind] += amount;
  }

  setCurrent(current: string | null): void {
    this.current = current;
  }

  /** The progress columns of the scans row. */
  progress(): { counts: string; current: string | null; errors: string } {
    const errors =
      this.dropped > 0
        ? [
            ...this.errors,
            { path: '', message: `${this.dropped} more problems not listed`, level: 'warn' as const },
          ]
        : this.errors;
    return { counts: JSON.stringify(this.counts), current: this.current, errors: JSON.stringify(errors) };
  }
}
