import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type } from 'node:os';
import { dirname } from 'node:path';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The figure a budget is held to, and on which side of the limit it must be. */
export interface Budget {
  figure: 'p99Ms' | 'requestsPerSec' | 'rssMb' | 'ms' | 'score' | 'kbGz';
  /** Upper bound unless `atLeast`. */
  limit: number;
  atLeast?: boolean;
  /** The limit itself is within budget (≤ or ≥): for budgets stated so, such as a rate of at least 20/s. */
  orEqual?: boolean;
  /** How the budget reads in the table, when the limit is derived from another figure (e.g. 2 × a p99). */
  text?: string;
}

/** One row of the table and one entry of latest.json. */
export interface Measurement {
  name: string;
  database: DatabaseKind;
  p50Ms: number | null;
  p99Ms: number | null;
  requestsPerSec: number | null;
  rssMb: number | null;
  /** A single elapsed time (start-up, scan), when that is what is measured. */
  ms: number | null;
  /** A Lighthouse category score, 0-100 (web rows). */
  score: number | null;
  /** A size in KB (1,000 bytes) gzipped (web rows: initial JavaScript). */
  kbGz: number | null;
  /** Connection errors, timeouts and non-2xx responses; any is a failure. */
  errors: number;
  budget: string;
  pass: boolean;
  note?: string;
}

export type Figures = Partial<
  Pick<Measurement, 'p50Ms' | 'p99Ms' | 'requestsPerSec' | 'rssMb' | 'ms' | 'score' | 'kbGz'>
> & {
  errors?: number;
  note?: string;
};

const UNIT: Record<Budget['figure'], string> = {
  p99Ms: 'ms',
  requestsPerSec: 'req/s',
  rssMb: 'MB',
  ms: 'ms',
  score: '',
  kbGz: 'KB gz',
};
const LABEL: Record<Budget['figure'], string> = {
  p99Ms: 'p99',
  requestsPerSec: '',
  rssMb: 'RSS',
  ms: '',
  score: 'score',
  kbGz: '',
};

function describeBudget(budget: Budget): string {
  if (budget.text) return budget.text;
  const label = LABEL[budget.figure];
  const sign = budget.atLeast ? (budget.orEqual ? '≥' : '>') : budget.orEqual ? '≤' : '<';
  const unit = UNIT[budget.figure];
  return `${label ? `${label} ` : ''}${sign} ${budget.limit.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
}

/** A measurement judged against its budget: a missing figure or any error fails it. */
export function judge(name: string, database: DatabaseKind, figures: Figures, budget: Budget): Measurement {
  const value = figures[budget.figure];
  const errors = figures.errors ?? 0;
  const within =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (budget.atLeast
      ? value > budget.limit || (budget.orEqual === true && value === budget.limit)
      : value < budget.limit || (budget.orEqual === true && value === budget.limit));
  return {
    name,
    database,
    p50Ms: figures.p50Ms ?? null,
    p99Ms: figures.p99Ms ?? null,
    requestsPerSec: figures.requestsPerSec ?? null,
    rssMb: figures.rssMb ?? null,
    ms: figures.ms ?? null,
    score: figures.score ?? null,
    kbGz: figures.kbGz ?? null,
    errors,
    budget: describeBudget(budget),
    pass: within && errors === 0,
    ...(figures.note ? { note: figures.note } : {}),
  };
}

export interface RunInfo {
  mode: 'full' | 'quick' | 'web' | 'scan';
  catalogueWorks: number;
  scanWorks: number;
  databases: DatabaseKind[];
  /** Seconds the generator took to insert the catalogue, per database (not held to a budget). */
  catalogueInsertSeconds: Partial<Record<DatabaseKind, number>>;
  startedAt: string;
  totalSeconds: number;
}

function machine() {
  const cpu = cpus();
  return {
    os: `${type()} ${process.arch}`,
    cpuModel: cpu[0]?.model ?? 'unknown',
    cpuCount: cpu.length,
    memoryMb: Math.round(totalmem() / 1024 / 1024),
    node: process.version,
    /** 1, 5 and 15 minute load averages at the end: above the core count, figures are inflated by other work. */
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

export function writeReport(file: string, run: RunInfo, measurements: Measurement[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const report = { ...run, machine: machine(), measurements };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

function fixed(value: number | null, digits: number): string {
  return value === null ? '' : value.toFixed(digits);
}

/** Terminal columns of a string: CJK and full-width characters take two. */
function displayWidth(text: string): number {
  const wide =
    /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
  return [...text].reduce((width, char) => width + (wide.test(char) ? 2 : 1), 0);
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** The table printed at the end of a run: one line per measurement, the same figures as latest.json. */
export function formatTable(measurements: Measurement[]): string {
  const header = [
    'db',
    'measurement',
    'p50 ms',
    'p99 ms',
    'req/s',
    'RSS MB',
    'time ms',
    'score',
    'KB gz',
    'errors',
    'budget',
    'result',
  ];
  const rows = measurements.map((m) => [
    m.database,
    m.note ? `${m.name} (${m.note})` : m.name,
    fixed(m.p50Ms, 2),
    fixed(m.p99Ms, 2),
    fixed(m.requestsPerSec, 0),
    fixed(m.rssMb, 0),
    fixed(m.ms, 0),
    fixed(m.score, 0),
    fixed(m.kbGz, 1),
    String(m.errors),
    m.budget,
    m.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => displayWidth(row[i] as string))),
  );
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9]);
  const line = (cells: string[]) =>
    cells.map((cell, i) => pad(cell, widths[i] ?? 0, numeric.has(i))).join('  ');
  const failed = measurements.filter((m) => !m.pass).length;
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `${measurements.length - failed} of ${measurements.length} within budget${failed ? `, ${failed} FAILED` : ''}`,
  ].join('\n');
}
