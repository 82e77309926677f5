import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { cpus } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { WATCH_MODES, type WatchMode } from '@sasayaki/api-contract';
import { z } from 'zod';
import { InvalidScanSchedule, parseScanSchedule, type ScanSchedule } from '../jobs/scan-schedule.js';
import { LOW_BITRATE_KBPS } from '../media/transcode-args.js';
import {
  DEFAULT_PROVIDER_ORDER,
  type OrderedProviderName,
  PROVIDER_NAMES,
} from '../metadata/provider-types.js';
import { dataPlacementProblem } from './data-placement.js';
import { type ConfiguredSources, configuredSources } from './setting-sources.js';

/**
 * Configuration is read once, at start-up, into one typed object (design section 4.3). Sources, weakest
 * first: defaults, `<data>/config.json`, environment variables. Nothing else in the server reads
 * `process.env`.
 */
/** A nightly whole-library scan catches what the watcher could not see (docs/administration.md). */
const DEFAULT_SCAN_SCHEDULE = 'daily 04:00';
/** `json`: one JSON object a line, for machines (journald, a file, a collector); `pretty`: lines for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
/**
 * Loopback only, so that a laptop's server is not open to every network the laptop joins until someone
 * says so (`HOST=0.0.0.0`); `localhost` listens on 127.0.0.1 and ::1 (docs/decisions.md).
 */
const DEFAULT_HOST = 'localhost';
/**
 * PostgreSQL connections one process's pool opens at most (`SASAYAKI_PG_POOL_SIZE`); each process holds
 * one more for LISTEN (db/notify-channel.ts). Each is a backend process on the database server, whose
 * `max_connections` (100 by default) every process's pool shares (docs/deployment.md).
 */
export const DEFAULT_PG_POOL_SIZE = 10;
const MAX_PG_POOL_SIZE = 1000;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  libraryDirs: string[];
  /** `poolSize`: the connections one process's PostgreSQL pool opens at most (besides its LISTEN connection). */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };
  ffmpegPath: string;
  ffprobePath: string;
  scan: {
    maxDepth: number;
    concurrency: number;
    onStartup: boolean;
    /** How long a running scan's lock outlives its owner's last renewal (the owner renews every fifth). */
    leaseMs: number;
    /** The whole-library scan's schedule (jobs/scan-schedule.ts). */
    schedule: ScanSchedule;
  };
  /**
   * The library watcher (jobs/library-watcher.ts): file-system events, polling (network mounts) or off;
   * changes are collected for `debounceMs` of quiet before one targeted scan of the folders concerned.
   */
  watch: { mode: WatchMode; debounceMs: number; pollIntervalMs: number };
  /** `bitrateKbps`: the low-bitrate streams' quality (media/transcode-args.ts). */
  transcode: { maxConcurrent: number; cacheBytes: number; bitrateKbps: number };
  metadata: {
    /**
     * The metadata providers in the order their values win (hand edits always come first); a provider
     * left out is switched off (docs/metadata.md).
     */
    providers: OrderedProviderName[];
    /** The DLsite provider and its fetch job (docs/metadata.md, "DLsite"). */
    dlsite: DlsiteConfig;
    /** asmr.one's public workInfo for works DLsite does not know (docs/metadata.md, "asmr.one"). */
    asmrone: AsmroneConfig;
  };
  /** `http://host:port` of the HTTP proxy that metadata requests go through (CONNECT for https); null: direct. */
  httpProxy: string | null;
  auth: AuthConfig;
  limits: {
    guestRequestsPerMinute: number;
    /** The guest's cover requests a minute per address: a budget of their own (a list page shows a dozen). */
    guestCoversPerMinute: number;
    guestConcurrentStreams: number;
    /**
     * Failed logins (or password changes) a minute for one name from one address; also how many failures a
     * name takes from all addresses together before its attempts are slowed down.
     */
    loginFailuresPerMinute: number;
    /** Failed logins, registrations and password changes a minute from one address, whatever the name. */
    loginAddressFailuresPerMinute: number;
    /** The longest wait of an attempt on a name under attack (milliseconds). */
    loginSlowdownMaxMs: number;
    /**
     * How long a request may take to arrive, headers and body (milliseconds): a client trickling its body
     * is cut then. Responses are not limited (streams and scan events last as long as they need).
     */
    requestTimeoutMs: number;
  };
  /**
   * The names this server is reached by (lower case, no port), besides loopback names and address
   * literals: with accounts off, a request for any other `Host` is refused (DNS rebinding).
   */
  publicHosts: string[];
  /**
   * Whose `X-Forwarded-For` to believe (Fastify's `trustProxy`): false (the default) believes nobody, so
   * the client address is the connection's; a list of proxy addresses or CIDRs; or a hop count.
   */
  trustProxy: TrustProxy;
  /**
   * Web origins (`https://app.example`, lower case, no path) whose pages may call the API from the
   * browser (CORS, http/plugins/cors.plugin.ts); `*` allows any origin. Empty (the default): none.
   */
  corsOrigins: string[];
  /** Where feedback is also forwarded (a Sentry-style DSN); null: kept in the database only. */
  feedbackDsn: string | null;
  logLevel: string;
  /** null: readable lines on a terminal, JSON elsewhere (logger.ts, `chooseLogFormat`). */
  logFormat: LogFormat | null;
  /** Hold every response to its schema (tests); off, responses are plain JSON (http/plugins/serializer.ts). */
  strictResponses: boolean;
  /** Absolute folder of the built web app, served from `/` when it exists. */
  webDir: string;
  /** Where each setting of the Settings page was configured (config/setting-sources.ts). */
  sources: ConfiguredSources;
}

export type TrustProxy = false | number | string[];

export interface DlsiteConfig {
  /**
   * Whether the fetch job runs at first (an administrator switches it at run time): on for a configured
   * library, off for the demo library, which must never touch the network.
   */
  enabled: boolean;
  /** Base address of DLsite or a mirror (no trailing slash); image URLs without a scheme take its scheme. */
  url: string;
  /** Requests a second to one host. */
  requestsPerSecond: number;
  /** One attempt's limit (milliseconds). */
  timeoutMs: number;
  /** DLsite's cover over an image in the work's folder. */
  preferRemoteCover: boolean;
  /** How often ratings, sales and prices are fetched again (milliseconds). */
  refreshMs: number;
  /** How long a work DLsite did not know waits before it is asked again (milliseconds). */
  notFoundRetryMs: number;
}

export interface AsmroneConfig {
  /** Off by default: a third-party site is asked only when the administrator says so. */
  enabled: boolean;
  /** Base address of asmr.one's API (no trailing slash). */
  url: string;
}

export interface AuthConfig {
  /** Accounts on (the default). Off: everyone is the administrator, for a private single-person install. */
  enabled: boolean;
  adminName: string;
  /** The first administrator's password; null: a random one is generated, printed once and saved. */
  adminPassword: string | null;
  tokenLifetimeSeconds: number;
  /**
   * Initial values of the runtime settings an administrator can change (`/api/config/admin`). Registration
   * null: not configured, so open on the demo library and closed otherwise.
   */
  registration: boolean | null;
  guest: boolean;
  /**
   * Accounts off on a public address was accepted by `SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS`; without it the
   * server refuses to start that way (config/exposure.ts).
   */
  offOnPublicAddress: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`Invalid setting ${setting}: ${message}`);
    this.name = 'ConfigError';
  }
}

const FileConfig = z
  .object({
    port: z.number().int().min(0).max(65535),
    host: z.string(),
    libraryDirs: z.array(z.string()),
    databaseUrl: z.string(),
    databasePoolSize: z.number().int().min(1).max(MAX_PG_POOL_SIZE),
    ffmpegPath: z.string(),
    ffprobePath: z.string(),
    scan: z
      .object({
        maxDepth: z.number().int().min(1).max(64),
        concurrency: z.number().int().min(1).max(64),
        onStartup: z.boolean(),
        leaseMs: z.number().int().min(1000).max(3_600_000),
        schedule: z.string(),
      })
      .partial(),
    watch: z
      .object({
        mode: z.enum(WATCH_MODES),
        debounceMs: z.number().int().min(100).max(600_000),
        pollIntervalMs: z.number().int().min(500).max(3_600_000),
      })
      .partial(),
    transcode: z
      .object({
        maxConcurrent: z.number().int().min(1).max(64),
        cacheMegabytes: z.number().int().min(16).max(16_777_216),
        bitrateKbps: z.number().int().min(32).max(256),
      })
      .partial(),
    metadata: z
      .object({
        providers: z.array(z.string()),
        dlsite: z
          .object({
            enabled: z.boolean(),
            url: z.string(),
            requestsPerSecond: z.number().min(0.1).max(100),
            timeoutSeconds: z.number().int().min(1).max(600),
            preferRemoteCover: z.boolean(),
            refreshDays: z.number().int().min(1).max(3650),
            notFoundRetryDays: z.number().int().min(1).max(3650),
          })
          .partial(),
        asmrone: z.object({ enabled: z.boolean(), url: z.string() }).partial(),
      })
      .partial(),
    httpProxy: z.string(),
    auth: z.boolean(),
    adminName: z.string().min(5).max(64),
    tokenLifetimeDays: z.number().int().min(1).max(3650),
    registration: z.boolean(),
    guest: z.boolean(),
    limits: z
      .object({
        guestRequestsPerMinute: z.number().int().min(1),
        guestCoversPerMinute: z.number().int().min(1),
        guestConcurrentStreams: z.number().int().min(1),
        loginFailuresPerMinute: z.number().int().min(1),
        loginAddressFailuresPerMinute: z.number().int().min(1),
        loginSlowdownMaxMs: z.number().int().min(0).max(60_000),
        requestTimeoutSeconds: z.number().int().min(1).max(3600),
      })
      .partial(),
    authOffOnPublicAddress: z.string(),
    publicHosts: z.array(z.string()),
    trustProxy: z.union([z.boolean(), z.number().int().min(0).max(100), z.string(), z.array(z.string())]),
    corsOrigins: z.array(z.string()),
    feedbackDsn: z.string().url(),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    logFormat: z.enum(LOG_FORMATS),
  })
  .partial()
  .strict();
export type FileConfig = z.infer<typeof FileConfig>;

function readFileConfig(dataDir: string): FileConfig {
  const file = join(dataDir, 'config.json');
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(file, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = FileConfig.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${file}: ${issue?.path.join('.') || '(root)'}`, issue?.message ?? 'invalid');
  }
  return parsed.data;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

function boolFromEnv(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = env[name]?.toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `expected true or false, got "${env[name]}"`);
}

/** SASAYAKI_SCAN_SCHEDULE (or `scan.schedule`): `off`, `daily HH:MM` or a cron expression. */
function scanScheduleFromSources(env: NodeJS.ProcessEnv, fileValue: string | undefined): ScanSchedule {
  const fromEnv = env.SASAYAKI_SCAN_SCHEDULE;
  return fromEnv !== undefined && fromEnv !== ''
    ? scanScheduleFrom(fromEnv, 'SASAYAKI_SCAN_SCHEDULE')
    : scanScheduleFrom(fileValue ?? DEFAULT_SCAN_SCHEDULE, 'scan.schedule');
}

/** A scan schedule's text (jobs/scan-schedule.ts), or a ConfigError naming `setting` and the accepted forms. */
export function scanScheduleFrom(text: string, setting: string): ScanSchedule {
  try {
    return parseScanSchedule(text);
  } catch (error) {
    if (error instanceof InvalidScanSchedule) throw new ConfigError(setting, error.message);
    throw error;
  }
}

/** SASAYAKI_WATCH: true (file-system events), false (off) or poll. */
function watchModeFromEnv(env: NodeJS.ProcessEnv): WatchMode | undefined {
  const value = env.SASAYAKI_WATCH?.toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (value === 'poll') return 'poll';
  if (['1', 'true', 'yes', 'on', 'events'].includes(value)) return 'events';
  if (['0', 'false', 'no', 'off'].includes(value)) return 'off';
  throw new ConfigError('SASAYAKI_WATCH', `expected true, false or poll, got "${env.SASAYAKI_WATCH}"`);
}

/** SASAYAKI_LOG_FORMAT: json or pretty. */
function logFormatFromEnv(env: NodeJS.ProcessEnv): LogFormat | undefined {
  const value = env.SASAYAKI_LOG_FORMAT?.toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (value === 'json' || value === 'pretty') return value;
  throw new ConfigError('SASAYAKI_LOG_FORMAT', `expected json or pretty, got "${env.SASAYAKI_LOG_FORMAT}"`);
}

function databaseFrom(url: string | undefined, dataDir: string, poolSize: number): Config['database'] {
  if (!url) return { kind: 'sqlite', file: join(dataDir, 'sasayaki.sqlite') };
  if (/^postgres(ql)?:\/\//.test(url)) {
    try {
      new URL(url);
    } catch {
      throw new ConfigError('DATABASE_URL', 'not a valid postgres:// URL');
    }
    return { kind: 'postgres', url, poolSize };
  }
  if (url.startsWith('sqlite:'))
    return { kind: 'sqlite', file: resolve(dataDir, url.slice('sqlite:'.length)) };
  throw new ConfigError('DATABASE_URL', 'expected a postgres:// URL or sqlite:<file>');
}

function adminName(name: string): string {
  if (name.length < 5 || name.length > 64)
    throw new ConfigError('SASAYAKI_ADMIN', 'must be 5 to 64 characters');
  return name;
}

function feedbackDsn(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).toString();
  } catch {
    throw new ConfigError('SASAYAKI_FEEDBACK_DSN', 'not a valid URL');
  }
}

const ORDERABLE_PROVIDERS: readonly string[] = PROVIDER_NAMES.filter((name) => name !== 'edit');

/**
 * `SASAYAKI_METADATA_PROVIDERS` (comma-separated) or `metadata.providers`: provider names in the order
 * their values win, each once; one left out is off. `edit` is not a provider: hand edits always win.
 */
export function metadataProvidersFrom(
  value: string | string[] | undefined,
  setting: string,
): OrderedProviderName[] {
  if (value === undefined) return [...DEFAULT_PROVIDER_ORDER];
  const names = (typeof value === 'string' ? value.split(',') : value)
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names.length === 0) throw new ConfigError(setting, 'name at least one provider');
  for (const name of names) {
    if (!ORDERABLE_PROVIDERS.includes(name))
      throw new ConfigError(setting, `"${name}" is not a provider (${ORDERABLE_PROVIDERS.join(', ')})`);
  }
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new ConfigError(setting, `"${duplicate}" is listed twice`);
  return names as OrderedProviderName[];
}

/** An http(s) address (a DLsite mirror, a proxy), without a trailing slash. */
function httpUrl(value: string, setting: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(setting, `"${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(setting, 'expected an http:// or https:// address');
  return url.toString().replace(/\/$/, '');
}

function rateFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) < 0.1 || Number(value) > 100)
    throw new ConfigError(name, `expected a number of requests a second from 0.1 to 100, got "${value}"`);
  return Number(value);
}

const DAY_MS = 86_400_000;

function dlsiteConfig(env: NodeJS.ProcessEnv, file: FileConfig, libraryDirs: string[]): DlsiteConfig {
  const dlsite = file.metadata?.dlsite;
  return {
    enabled: boolFromEnv(env, 'SASAYAKI_DLSITE') ?? dlsite?.enabled ?? libraryDirs.length > 0,
    url: env.SASAYAKI_DLSITE_URL
      ? httpUrl(env.SASAYAKI_DLSITE_URL, 'SASAYAKI_DLSITE_URL')
      : httpUrl(dlsite?.url ?? 'https://www.dlsite.com', 'metadata.dlsite.url'),
    requestsPerSecond: rateFromEnv(env, 'SASAYAKI_DLSITE_RATE') ?? dlsite?.requestsPerSecond ?? 4,
    timeoutMs: (intFromEnv(env, 'SASAYAKI_DLSITE_TIMEOUT', 1, 600) ?? dlsite?.timeoutSeconds ?? 20) * 1000,
    preferRemoteCover:
      boolFromEnv(env, 'SASAYAKI_DLSITE_COVER_PREFERRED') ?? dlsite?.preferRemoteCover ?? false,
    refreshMs:
      (intFromEnv(env, 'SASAYAKI_DLSITE_REFRESH_DAYS', 1, 3650) ?? dlsite?.refreshDays ?? 7) * DAY_MS,
    notFoundRetryMs:
      (intFromEnv(env, 'SASAYAKI_DLSITE_NOT_FOUND_DAYS', 1, 3650) ?? dlsite?.notFoundRetryDays ?? 7) * DAY_MS,
  };
}

function asmroneConfig(env: NodeJS.ProcessEnv, file: FileConfig): AsmroneConfig {
  const asmrone = file.metadata?.asmrone;
  return {
    enabled: boolFromEnv(env, 'SASAYAKI_ASMRONE') ?? asmrone?.enabled ?? false,
    url: env.SASAYAKI_ASMRONE_URL
      ? httpUrl(env.SASAYAKI_ASMRONE_URL, 'SASAYAKI_ASMRONE_URL')
      : httpUrl(asmrone?.url ?? 'https://api.asmr-200.com', 'metadata.asmrone.url'),
  };
}

/** Fastify's names for address ranges, usable in the trusted proxy list as in Fastify's own option. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyEntry(entry: string, setting: string): string {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  const prefixOk =
    prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
  if (NAMED_RANGES.has(entry) || (version !== 0 && prefixOk && rest.length === 0)) return entry;
  throw new ConfigError(
    setting,
    `"${entry}" is not an IP address, a CIDR range or one of ${[...NAMED_RANGES].join(', ')}`,
  );
}

/**
 * `SASAYAKI_TRUST_PROXY` / `trustProxy`: off (false, the default), a hop count, or addresses and CIDR ranges
 * (comma-separated in the environment). `true` is refused: believing every `X-Forwarded-For` lets any
 * client pick the address its limits are counted under.
 */
export function trustProxyFrom(
  value: string | boolean | number | string[] | undefined,
  setting: string,
): TrustProxy {
  if (value === undefined || value === false) return false;
  if (typeof value === 'number') return value;
  if (value === true) throw new ConfigError(setting, 'true would trust every client: list the proxies');
  const text = Array.isArray(value) ? value.join(',') : value.trim();
  if (['', '0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) {
    if (Number(text) > 100) throw new ConfigError(setting, 'a hop count must be at most 100');
    return Number(text);
  }
  if (['true', 'yes', 'on'].includes(text.toLowerCase()))
    throw new ConfigError(setting, 'true would trust every client: list the proxies');
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => proxyEntry(entry, setting));
}

/** The one value of `SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS`: it says what it allows. */
export const AUTH_OFF_ON_PUBLIC_ADDRESS = 'i-understand-anyone-can-administer';

function acceptedAuthOffOnPublicAddress(value: string | undefined, setting: string): boolean {
  if (value === undefined || value === '') return false;
  if (value !== AUTH_OFF_ON_PUBLIC_ADDRESS) {
    throw new ConfigError(setting, `the only value is "${AUTH_OFF_ON_PUBLIC_ADDRESS}", got "${value}"`);
  }
  return true;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/;

/** `SASAYAKI_PUBLIC_HOSTS` (comma-separated) or `publicHosts`: host names, no scheme, port or path. */
function publicHostsFrom(value: string | string[] | undefined, setting: string): string[] {
  const names = (typeof value === 'string' ? value.split(',') : (value ?? []))
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  for (const name of names) {
    if (!HOST_NAME.test(name))
      throw new ConfigError(setting, `"${name}" is not a host name (no scheme or port)`);
  }
  return names.map((name) => name.replace(/\.$/, ''));
}

/**
 * `SASAYAKI_CORS_ORIGINS` (comma-separated) or `corsOrigins`: each an origin as browsers send it in
 * `Origin` (scheme, host and port if any; no path), or `*` for any.
 */
export function corsOriginsFrom(value: string | string[] | undefined, setting: string): string[] {
  const entries = (typeof value === 'string' ? value.split(',') : (value ?? []))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    if (entry === '*') return entry;
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    const isOrigin =
      url !== null &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === entry.toLowerCase().replace(/\/$/, '');
    if (!url || !isOrigin) {
      throw new ConfigError(
        setting,
        `"${entry}" is not an origin such as https://app.example or http://192.168.1.5:8080`,
      );
    }
    return url.origin;
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const dataDir = resolve(cwd, env.SASAYAKI_DATA || './data');
  const file = readFileConfig(dataDir);
  const libraryDirs = (
    env.SASAYAKI_LIBRARY ? env.SASAYAKI_LIBRARY.split(delimiter) : (file.libraryDirs ?? [])
  )
    .filter((dir) => dir.trim() !== '')
    .map((dir) => resolve(dataDir, dir));
  for (const dir of libraryDirs) {
    if (!isAbsolute(dir)) throw new ConfigError('SASAYAKI_LIBRARY', `cannot resolve "${dir}"`);
  }
  const cores = Math.max(1, cpus().length);
  const config: Config = {
    port: intFromEnv(env, 'PORT', 0, 65535) ?? file.port ?? 8888,
    host: env.HOST || file.host || DEFAULT_HOST,
    dataDir,
    libraryDirs,
    database: databaseFrom(
      env.DATABASE_URL || file.databaseUrl,
      dataDir,
      intFromEnv(env, 'SASAYAKI_PG_POOL_SIZE', 1, MAX_PG_POOL_SIZE) ??
        file.databasePoolSize ??
        DEFAULT_PG_POOL_SIZE,
    ),
    ffmpegPath: env.FFMPEG_PATH || file.ffmpegPath || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || file.ffprobePath || 'ffprobe',
    scan: {
      maxDepth: intFromEnv(env, 'SASAYAKI_SCAN_DEPTH', 1, 64) ?? file.scan?.maxDepth ?? 5,
      concurrency: intFromEnv(env, 'SASAYAKI_SCAN_CONCURRENCY', 1, 64) ?? file.scan?.concurrency ?? 4,
      onStartup: boolFromEnv(env, 'SASAYAKI_SCAN_ON_STARTUP') ?? file.scan?.onStartup ?? true,
      leaseMs: intFromEnv(env, 'SASAYAKI_SCAN_LEASE_MS', 1000, 3_600_000) ?? file.scan?.leaseMs ?? 30_000,
      schedule: scanScheduleFromSources(env, file.scan?.schedule),
    },
    watch: {
      mode: watchModeFromEnv(env) ?? file.watch?.mode ?? 'events',
      debounceMs:
        intFromEnv(env, 'SASAYAKI_WATCH_DEBOUNCE_MS', 100, 600_000) ?? file.watch?.debounceMs ?? 2000,
      pollIntervalMs:
        intFromEnv(env, 'SASAYAKI_WATCH_POLL_MS', 500, 3_600_000) ?? file.watch?.pollIntervalMs ?? 5000,
    },
    transcode: {
      maxConcurrent:
        intFromEnv(env, 'SASAYAKI_TRANSCODE_CONCURRENCY', 1, 64) ?? file.transcode?.maxConcurrent ?? cores,
      cacheBytes:
        (intFromEnv(env, 'SASAYAKI_TRANSCODE_CACHE_MB', 16, 16_777_216) ??
          file.transcode?.cacheMegabytes ??
          2048) *
        1024 *
        1024,
      bitrateKbps:
        intFromEnv(env, 'SASAYAKI_TRANSCODE_KBPS', 32, 256) ??
        file.transcode?.bitrateKbps ??
        LOW_BITRATE_KBPS,
    },
    metadata: {
      providers: env.SASAYAKI_METADATA_PROVIDERS
        ? metadataProvidersFrom(env.SASAYAKI_METADATA_PROVIDERS, 'SASAYAKI_METADATA_PROVIDERS')
        : metadataProvidersFrom(file.metadata?.providers, 'metadata.providers'),
      dlsite: dlsiteConfig(env, file, libraryDirs),
      asmrone: asmroneConfig(env, file),
    },
    httpProxy: env.SASAYAKI_HTTP_PROXY
      ? httpUrl(env.SASAYAKI_HTTP_PROXY, 'SASAYAKI_HTTP_PROXY')
      : file.httpProxy
        ? httpUrl(file.httpProxy, 'httpProxy')
        : null,
    auth: {
      enabled: boolFromEnv(env, 'SASAYAKI_AUTH') ?? file.auth ?? true,
      adminName: adminName(env.SASAYAKI_ADMIN || file.adminName || 'admin'),
      adminPassword: env.SASAYAKI_ADMIN_PASSWORD || null,
      tokenLifetimeSeconds:
        (intFromEnv(env, 'SASAYAKI_TOKEN_DAYS', 1, 3650) ?? file.tokenLifetimeDays ?? 30) * 86_400,
      registration: boolFromEnv(env, 'SASAYAKI_REGISTRATION') ?? file.registration ?? null,
      guest: boolFromEnv(env, 'SASAYAKI_GUEST') ?? file.guest ?? true,
      offOnPublicAddress: env.SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS
        ? acceptedAuthOffOnPublicAddress(
            env.SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS,
            'SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS',
          )
        : acceptedAuthOffOnPublicAddress(file.authOffOnPublicAddress, 'authOffOnPublicAddress'),
    },
    limits: {
      guestRequestsPerMinute:
        intFromEnv(env, 'SASAYAKI_GUEST_REQUESTS_PER_MINUTE', 1, 1_000_000) ??
        file.limits?.guestRequestsPerMinute ??
        60,
      guestCoversPerMinute:
        intFromEnv(env, 'SASAYAKI_GUEST_COVERS_PER_MINUTE', 1, 1_000_000) ??
        file.limits?.guestCoversPerMinute ??
        600,
      guestConcurrentStreams:
        intFromEnv(env, 'SASAYAKI_GUEST_STREAMS', 1, 1000) ?? file.limits?.guestConcurrentStreams ?? 2,
      loginFailuresPerMinute:
        intFromEnv(env, 'SASAYAKI_LOGIN_FAILURES_PER_MINUTE', 1, 1_000_000) ??
        file.limits?.loginFailuresPerMinute ??
        10,
      loginAddressFailuresPerMinute:
        intFromEnv(env, 'SASAYAKI_LOGIN_ADDRESS_FAILURES_PER_MINUTE', 1, 1_000_000) ??
        file.limits?.loginAddressFailuresPerMinute ??
        30,
      loginSlowdownMaxMs:
        intFromEnv(env, 'SASAYAKI_LOGIN_SLOWDOWN_MS', 0, 60_000) ?? file.limits?.loginSlowdownMaxMs ?? 2000,
      requestTimeoutMs:
        (intFromEnv(env, 'SASAYAKI_REQUEST_TIMEOUT', 1, 3600) ?? file.limits?.requestTimeoutSeconds ?? 30) *
        1000,
    },
    publicHosts: env.SASAYAKI_PUBLIC_HOSTS
      ? publicHostsFrom(env.SASAYAKI_PUBLIC_HOSTS, 'SASAYAKI_PUBLIC_HOSTS')
      : publicHostsFrom(file.publicHosts, 'publicHosts'),
    trustProxy: env.SASAYAKI_TRUST_PROXY
      ? trustProxyFrom(env.SASAYAKI_TRUST_PROXY, 'SASAYAKI_TRUST_PROXY')
      : trustProxyFrom(file.trustProxy, 'trustProxy'),
    corsOrigins: env.SASAYAKI_CORS_ORIGINS
      ? corsOriginsFrom(env.SASAYAKI_CORS_ORIGINS, 'SASAYAKI_CORS_ORIGINS')
      : corsOriginsFrom(file.corsOrigins, 'corsOrigins'),
    feedbackDsn: feedbackDsn(env.SASAYAKI_FEEDBACK_DSN || file.feedbackDsn),
    logLevel: env.LOG_LEVEL || file.logLevel || 'info',
    logFormat: logFormatFromEnv(env) ?? file.logFormat ?? null,
    strictResponses: boolFromEnv(env, 'SASAYAKI_STRICT_RESPONSES') ?? false,
    webDir: resolve(env.SASAYAKI_WEB_DIR || join(import.meta.dirname, '../../../web/dist')),
    sources: configuredSources(env, file),
  };
  const sqliteFile = config.database.kind === 'sqlite' ? config.database.file : null;
  const placement = dataPlacementProblem(dataDir, libraryDirs, sqliteFile);
  if (placement) throw new ConfigError('SASAYAKI_DATA', placement);
  return config;
}
