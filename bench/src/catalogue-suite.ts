import { formatWorkCode } from '@sasayaki/api-contract';
import type { CatalogueFacts } from './generate-catalogue.js';
import { clientHeaders, type LoadOptions, type LoadStats, loadTest } from './measure.js';
import { Random } from './random.js';
import { type Budget, type DatabaseKind, judge, type Measurement } from './report.js';
import type { RunningServer } from './server-process.js';

export interface CatalogueSuiteOptions {
  database: DatabaseKind;
  facts: CatalogueFacts;
  /** Seconds of load per single-client latency measurement (after a one-second warm-up). */
  seconds: number;
  /** Keeps the peak resident memory seen under load, for the memory measurement. */
  onPeakRss(mb: number): void;
}

interface Probe {
  name: string;
  path: string | (() => string);
  budget: Budget;
}

const p99 = (limit: number): Budget => ({ figure: 'p99Ms', limit });

/** The orders other than the default, as the web app's sort menu and the contract list them. */
const ORDERS: Array<[order: string, sort: 'asc' | 'desc']> = [
  ['release', 'asc'],
  ['release', 'desc'],
  ['rating', 'desc'],
  ['dl_count', 'desc'],
  ['price', 'asc'],
  ['price', 'desc'],
  ['rate_average_2dp', 'desc'],
  ['review_count', 'desc'],
  ['id', 'asc'],
  ['id', 'desc'],
  ['nsfw', 'asc'],
  ['title', 'asc'],
  ['duration', 'desc'],
];

const search = (keyword: string) => `/api/search/${encodeURIComponent(keyword)}`;

/**
 * kikoeru-express on the same 10,000-work library (issue 12): requests per second it answers for each
 * label list. Sasayaki's budget is ten times that, with 16 clients.
 */
const KIKOERU_LIST_RATE = { tags: 237, vas: 89, circles: 167 } as const;
type LabelList = keyof typeof KIKOERU_LIST_RATE;

/** The label lists and label pages: p99 < 10 ms up to 10,000 works, < 20 ms at 100,000 (issue 12). */
function labelBudget(facts: CatalogueFacts): Budget {
  return p99(facts.workIds.length > 10_000 ? 20 : 10);
}

function labelProbes(facts: CatalogueFacts): Probe[] {
  const budget = labelBudget(facts);
  return [
    ...(Object.keys(KIKOERU_LIST_RATE) as LabelList[]).map((list) => ({
      name: `GET /api/${list}/ (${facts.labelCounts[list].toLocaleString('en-US')} ${list})`,
      path: `/api/${list}/`,
      budget,
    })),
    {
      name: `GET /api/tags/:id/works (${facts.popularTag})`,
      path: `/api/tags/${facts.popularTagId}/works`,
      budget,
    },
    {
      name: `GET /api/vas/:id/works (${facts.popularVa})`,
      path: `/api/vas/${facts.popularVaId}/works`,
      budget,
    },
  ];
}

function probes(facts: CatalogueFacts, random: Random): Probe[] {
  const anyWork = () => random.pick(facts.workIds);
  // The same depth as page 5,000 of 100,000 works (60% in), so the quick run pages as deep relatively.
  const deepPage = Math.max(1, Math.round((facts.workIds.length / 100_000) * 5_000));
  return [
    { name: 'GET /api/works page 1 (default order)', path: '/api/works', budget: p99(10) },
    { name: `GET /api/works page ${deepPage}`, path: `/api/works?page=${deepPage}`, budget: p99(30) },
    ...ORDERS.map(([order, sort]) => ({
      name: `GET /api/works order=${order} sort=${sort}`,
      path: `/api/works?order=${order}&sort=${sort}`,
      budget: p99(20),
    })),
    { name: 'GET /api/works order=random seed=42', path: '/api/works?order=random&seed=42', budget: p99(20) },
    { name: `search common word "${facts.commonWord}"`, path: search(facts.commonWord), budget: p99(50) },
    { name: `search rare word "${facts.rareWord}"`, path: search(facts.rareWord), budget: p99(50) },
    { name: `search 2-char fragment "${facts.fragment}"`, path: search(facts.fragment), budget: p99(50) },
    { name: 'search RJ code (random work)', path: () => search(formatWorkCode(anyWork())), budget: p99(5) },
    // A label filter in search tokens: the label pages' budget (issue 12).
    {
      name: `search $tag:${facts.popularTag}$ $va:${facts.popularVa}$`,
      path: search(`$tag:${facts.popularTag}$ $va:${facts.popularVa}$`),
      budget: labelBudget(facts),
    },
    ...labelProbes(facts),
    { name: 'GET /api/work/:id (random work)', path: () => `/api/work/${anyWork()}`, budget: p99(5) },
    { name: 'GET /api/tracks/:id (random work)', path: () => `/api/tracks/${anyWork()}`, budget: p99(5) },
  ];
}

/** How many works a list or search answers, so a search's figure can be read against its result size. */
async function totalCount(url: string, token: string): Promise<number | undefined> {
  const response = await fetch(url, { headers: clientHeaders(token) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as { pagination?: { totalCount: number } };
  return body.pagination?.totalCount;
}

async function warmAndLoad(options: LoadOptions): Promise<LoadStats> {
  await loadTest({ ...options, seconds: 1 });
  return loadTest(options);
}

/**
 * The catalogue API against a running server: single-client latency of every list order, search kind
 * and single-work route, then throughput of the default page with 16 clients.
 */
export async function runCatalogueSuite(
  server: RunningServer,
  options: CatalogueSuiteOptions,
): Promise<Measurement[]> {
  const random = new Random(7);
  const results: Measurement[] = [];
  for (const probe of probes(options.facts, random)) {
    const count =
      typeof probe.path === 'string' ? await totalCount(server.url + probe.path, server.token) : undefined;
    const stats = await warmAndLoad({
      url: server.url,
      token: server.token,
      connections: 1,
      seconds: options.seconds,
      path: probe.path,
      serverPid: server.pid,
    });
    if (stats.peakRssMb !== undefined) options.onPeakRss(stats.peakRssMb);
    const note = count === undefined || !probe.name.startsWith('search') ? undefined : `${count} matches`;
    results.push(
      judge(
        probe.name,
        options.database,
        { ...stats, errors: stats.errors + stats.non2xx, note },
        probe.budget,
      ),
    );
    console.log(`  ${probe.name}: p99 ${stats.p99Ms.toFixed(2)} ms`);
  }
  const throughput = await warmAndLoad({
    url: server.url,
    token: server.token,
    connections: 16,
    seconds: 5,
    path: '/api/works',
    serverPid: server.pid,
  });
  if (throughput.peakRssMb !== undefined) options.onPeakRss(throughput.peakRssMb);
  results.push(
    judge(
      'GET /api/works page 1, 16 clients',
      options.database,
      { ...throughput, errors: throughput.errors + throughput.non2xx },
      { figure: 'requestsPerSec', limit: 4000, atLeast: true },
    ),
  );
  console.log(`  16 clients: ${throughput.requestsPerSec.toFixed(0)} req/s`);
  // Throughput of the label lists is budgeted where kikoeru was measured: a 10,000-work library.
  if (options.facts.workIds.length <= 10_000) results.push(...(await labelThroughput(server, options)));
  return results;
}

/** Each label list with 16 clients for 5 s: at least ten times kikoeru-express's rate. */
async function labelThroughput(
  server: RunningServer,
  options: CatalogueSuiteOptions,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const [list, kikoeru] of Object.entries(KIKOERU_LIST_RATE)) {
    const stats = await warmAndLoad({
      url: server.url,
      token: server.token,
      connections: 16,
      seconds: 5,
      path: `/api/${list}/`,
      serverPid: server.pid,
    });
    if (stats.peakRssMb !== undefined) options.onPeakRss(stats.peakRssMb);
    results.push(
      judge(
        `GET /api/${list}/, 16 clients`,
        options.database,
        { ...stats, errors: stats.errors + stats.non2xx, note: `kikoeru-express: ${kikoeru}/s` },
        { figure: 'requestsPerSec', limit: kikoeru * 10, atLeast: true },
      ),
    );
    console.log(`  ${list}, 16 clients: ${stats.requestsPerSec.toFixed(0)} req/s`);
  }
  return results;
}
