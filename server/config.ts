/**
 * The server's environment, read once, through one table: each setting's name, default, bounds and
 * what it does. server/main.ts reads the process's environment with readConfig and nothing else
 * reads it; docs/operating.md's table of settings is checked against this one
 * (server/config.test.ts), so a setting cannot be added, renamed or given a new default without the
 * manual saying so. An empty value counts as unset.
 */
import { DEFAULT_MAX_RESPONSE_BYTES } from './app.ts';
import { SNAPSHOT_AFTER_MS } from './cache/cached-reads.ts';
import { serviceKeyProblem } from './http/api-key.ts';
import { DEFAULT_HTTP_LIMITS } from './http/connections.ts';
import { DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS } from './http/saves-in-flight.ts';
import { apiOriginOf, parseEmbedOrigins } from './http/security-headers.ts';
import { isLogLevel, type LogLevel } from './log.ts';
import { DEFAULT_REALTIME_LIMITS } from './realtime/limits.ts';

/** A setting that cannot be used: its message is one line, naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface Setting<T> {
  /** The environment variable. */
  readonly name: string;
  /** Its value when unset, as the manual writes it ('' when unset means off or none). */
  readonly default: string;
  readonly about: string;
  /** The value, or a ConfigError for one that cannot be used. */
  readonly parse: (raw: string) => T;
}

function integer(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      const bounds = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min} to ${max}`;
      throw new ConfigError(`${name} must be a whole number, ${bounds} (not "${raw}")`);
    }
    return value;
  };
}

function httpUrl(name: string, what: string) {
  return (raw: string): string | undefined => {
    if (raw === '') return undefined;
    if (!/^https?:\/\/[^/]/.test(raw) || !URL.canParse(raw))
      throw new ConfigError(`${name} must be ${what}, an http:// or https:// address`);
    return raw;
  };
}

const text = (raw: string): string => raw;
const optional = (raw: string): string | undefined => (raw === '' ? undefined : raw);

function setting<T>(
  name: string,
  defaultValue: string | number,
  about: string,
  parse: (raw: string) => T,
): Setting<T> {
  return { name, default: String(defaultValue), about, parse };
}

/** Every setting of the server, in the manual's order. */
export const SETTINGS = {
  port: setting('PORT', 3000, 'port to listen on', integer('PORT', 0, 65535)),
  host: setting('HOST', '127.0.0.1', 'address to listen on (0.0.0.0: every interface)', text),
  dataDir: setting('DATA_DIR', './data', "the embedded database's folder (PGlite)", text),
  databaseUrl: setting(
    'DATABASE_URL',
    '',
    'a PostgreSQL to use instead of the embedded database',
    optional,
  ),
  distDir: setting('DIST_DIR', './dist', 'the built app to serve', text),
  publicUrl: setting(
    'PUBLIC_URL',
    '',
    "the wall's public address: absolute links in previews, oEmbed and the owner's notices",
    (raw) => httpUrl('PUBLIC_URL', "the wall's address")(raw) ?? '',
  ),
  anonKey: setting(
    'ANON_KEY',
    'sb_publishable_signwall_local',
    'the public key visitors send',
    text,
  ),
  serviceRoleKey: setting(
    'SERVICE_ROLE_KEY',
    '',
    "the owner's secret key (32 characters or more): moderation, the CLI",
    optional,
  ),
  embedOrigins: setting(
    'EMBED_ORIGINS',
    '',
    'sites that may show the wall in a frame, comma-separated (unset: any); never /moderate',
    (raw) => {
      try {
        return parseEmbedOrigins(raw);
      } catch (error) {
        throw new ConfigError((error as Error).message);
      }
    },
  ),
  trustProxy: setting(
    'TRUST_PROXY',
    0,
    'how many reverse proxies append to X-Forwarded-For (0: the socket is the client)',
    integer('TRUST_PROXY', 0),
  ),
  insertLimitPerMinute: setting(
    'INSERT_LIMIT_PER_MINUTE',
    0,
    'saves per client address per minute, enforced by the database (0: the honor system)',
    integer('INSERT_LIMIT_PER_MINUTE', 0),
  ),
  reportsToHide: setting(
    'REPORTS_TO_HIDE',
    0,
    'reports from this many distinct networks hide a signature until the owner looks (0: off)',
    integer('REPORTS_TO_HIDE', 0),
  ),
  reportsHidePerHour: setting(
    'REPORTS_HIDE_PER_HOUR',
    10,
    'at most this many signatures hidden by reports in any hour; past it they wait for the owner',
    integer('REPORTS_HIDE_PER_HOUR', 0),
  ),
  reportWebhookUrl: setting(
    'REPORT_WEBHOOK_URL',
    '',
    'where digests of reports are posted (ntfy, Slack, Discord…); never logged',
    httpUrl('REPORT_WEBHOOK_URL', 'the address of the webhook'),
  ),
  maxRows: setting(
    'MAX_ROWS',
    1000,
    'rows per read at most, as hosted Supabase caps them',
    integer('MAX_ROWS', 1),
  ),
  maxResponseBytes: setting(
    'MAX_RESPONSE_BYTES',
    DEFAULT_MAX_RESPONSE_BYTES,
    'bytes per read answer at most; a longer page ends early and says where',
    integer('MAX_RESPONSE_BYTES', 1),
  ),
  readSnapshotAfterMs: setting(
    'READ_SNAPSHOT_AFTER_MS',
    SNAPSHOT_AFTER_MS,
    "how long a read waits for fresh rows before the read cache's last snapshot answers",
    integer('READ_SNAPSHOT_AFTER_MS', 0),
  ),
  maxConnectionsPerAddress: setting(
    'MAX_CONNECTIONS_PER_ADDRESS',
    DEFAULT_HTTP_LIMITS.maxConnectionsPerAddress,
    'sockets one client address is served on at once (0: no per-client limits)',
    integer('MAX_CONNECTIONS_PER_ADDRESS', 0),
  ),
  maxUnsentBytes: setting(
    'MAX_UNSENT_BYTES',
    DEFAULT_HTTP_LIMITS.maxUnsentBytes,
    'bytes of answers all clients together may leave unread; past it stalled sockets are cut',
    integer('MAX_UNSENT_BYTES', 1),
  ),
  savesInFlightPerAddress: setting(
    'MAX_SAVES_IN_FLIGHT_PER_ADDRESS',
    DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
    'saves one client address may have answered at once; more get 429 (0: no cap)',
    integer('MAX_SAVES_IN_FLIGHT_PER_ADDRESS', 0),
  ),
  realtimeConnectionsPerAddress: setting(
    'REALTIME_CONNECTIONS_PER_ADDRESS',
    DEFAULT_REALTIME_LIMITS.maxConnectionsPerAddress,
    'Realtime sockets one client address may hold at once (0: no cap)',
    integer('REALTIME_CONNECTIONS_PER_ADDRESS', 0),
  ),
  realtimeIdleTimeoutMs: setting(
    'REALTIME_IDLE_TIMEOUT_MS',
    DEFAULT_REALTIME_LIMITS.idleTimeoutMs,
    'a Realtime socket that sends nothing this long is closed',
    integer('REALTIME_IDLE_TIMEOUT_MS', 1000),
  ),
  realtimeMaxBufferedBytes: setting(
    'REALTIME_MAX_BUFFERED_BYTES',
    DEFAULT_REALTIME_LIMITS.maxBufferedBytes,
    'changes waiting for a Realtime socket that does not read; past it that socket is closed',
    integer('REALTIME_MAX_BUFFERED_BYTES', 1),
  ),
  apiOrigin: setting(
    'API_ORIGIN',
    '',
    "the data API's origin when the app was built for another one (default: VITE_SUPABASE_URL's)",
    (raw) => apiOriginOf(raw),
  ),
  logLevel: setting(
    'LOG_LEVEL',
    'info',
    'fatal, error, warn, info, debug, trace or silent',
    (raw) => {
      if (!isLogLevel(raw))
        throw new ConfigError(
          'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
        );
      return raw as LogLevel;
    },
  ),
  logRequests: setting(
    'LOG_REQUESTS',
    1,
    '0 silences the line per request (errors are logged)',
    (raw) => {
      if (raw !== '0' && raw !== '1') throw new ConfigError('LOG_REQUESTS must be 0 or 1');
      return raw === '1';
    },
  ),
} as const;

type Settings = typeof SETTINGS;
export type Config = { readonly [K in keyof Settings]: ReturnType<Settings[K]['parse']> };

/** The configuration in `env`; throws a ConfigError naming the first setting that cannot be used. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const config: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SETTINGS) as [keyof Settings, Setting<unknown>][]) {
    const raw = env[s.name]?.trim();
    config[key] = s.parse(raw === undefined || raw === '' ? s.default : raw);
  }
  const read = config as Config;
  // Built for another data API without API_ORIGIN: that API's origin, from the build's variable.
  const apiOrigin = read.apiOrigin ?? apiOriginOf(env.VITE_SUPABASE_URL);
  if (read.serviceRoleKey !== undefined) {
    const problem = serviceKeyProblem(read.serviceRoleKey, read.anonKey);
    if (problem) throw new ConfigError(problem);
  }
  return { ...read, apiOrigin };
}
