import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIVITY_RETENTION_DAYS_DEFAULT } from '@streamdesk/contract/activity';
import { TRASH_RETENTION_DAYS_DEFAULT } from '@streamdesk/contract/trash';
import { VERSIONS_KEEP_DEFAULT, VERSIONS_KEEP_MIN } from '@streamdesk/contract/versions';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { DEFAULT_EVENT_BATCH_WINDOW_MINUTES } from '@streamdesk/contract/analytics';
import { DEFAULT_REPORT_TIME_ZONE } from '@streamdesk/contract/report-days';
import { UPLOAD_EXPIRY_HOURS_DEFAULT } from '@streamdesk/contract/video-uploads';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built admin SPA and public site, relative to this file in src/ or dist/. */
const defaultWebDist = path.resolve(here, '../../../web/dist');

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL'),
  ),
  API_KEY: optional(z.string().min(16, 'must be at least 16 characters').max(256)),
  PAYLOAD_KEY: optional(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')),
  ADMIN_EMAIL: optional(z.email('must be an email address')),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters').max(256)),
  PUBLIC_LIVE_HOST: optional(z.url('must be a URL')),
  PLAY_STORE_URL: z.url('must be a URL').default('https://play.google.com/store/apps'),
  REPORT_TIME_ZONE: z
    .string()
    .min(1)
    .default(DEFAULT_REPORT_TIME_ZONE)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-CA', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Kolkata'),
  BLOCK_DEVTOOLS: optional(z.enum(['true', 'false'], 'must be true or false')),
  EVENTS_RATE_LIMIT: z.coerce.number().int().min(0, 'must be 0 (off) or more').default(600),
  EVENT_BATCH_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of minutes from 1 to 10080 (7 days)')
    .max(10080, 'must be a whole number of minutes from 1 to 10080 (7 days)')
    .default(DEFAULT_EVENT_BATCH_WINDOW_MINUTES),
  TRUST_PROXY: optional(
    z
      .string()
      .refine(
        (v) => v === 'true' || v === 'false' || isProxyList(v),
        'must be true, false, or a comma list of proxy addresses (IPs, CIDRs, loopback)',
      ),
  ),
  UPLOAD_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(60),
  BODY_DEADLINE_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(60),
  UPLOAD_DEADLINE_MINUTES: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of minutes from 1 to 1440')
    .max(1440, 'must be a whole number of minutes from 1 to 1440')
    .default(120),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours from 1 to 8760 (a year)')
    .min(1, 'must be a whole number of hours from 1 to 8760 (a year)')
    .max(8760, 'must be a whole number of hours from 1 to 8760 (a year)')
    .default(UPLOAD_EXPIRY_HOURS_DEFAULT),
  UPLOADS_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number from 1 to 100')
    .max(100, 'must be a whole number from 1 to 100')
    .default(4),
  VIDEO_JOBS_AT_ONCE: z.coerce
    .number()
    .int('must be a whole number from 0 (no processing in this process) to 16')
    .min(0, 'must be a whole number from 0 (no processing in this process) to 16')
    .max(16, 'must be a whole number from 0 (no processing in this process) to 16')
    .default(1),
  // Threads that run SQLite's slow reads off the event loop (db/sqlite-readers.ts); ignored on PostgreSQL.
  SQLITE_READERS: z.coerce
    .number()
    .int('must be a whole number from 1 to 16')
    .min(1, 'must be a whole number from 1 to 16')
    .max(16, 'must be a whole number from 1 to 16')
    .optional(),
  // Their priority (db/sqlite-readers.ts: the lowest by default, below the app's quick reads).
  SQLITE_READERS_NICE: z.coerce
    .number()
    .int('must be a whole number from 0 to 19')
    .min(0, 'must be a whole number from 0 to 19')
    .max(19, 'must be a whole number from 0 to 19')
    .optional(),
  SESSION_MAX_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of days from 1 to 365')
    .max(365, 'must be a whole number of days from 1 to 365')
    .default(30),
  ACTIVITY_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days (0 keeps every entry)')
    .min(0, 'must be a whole number of days (0 keeps every entry)')
    .default(ACTIVITY_RETENTION_DAYS_DEFAULT),
  TRASH_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650')
    .default(TRASH_RETENTION_DAYS_DEFAULT),
  SCHEDULE_GRACE_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes from 0 to 10080')
    .min(0, 'must be a whole number of minutes from 0 to 10080')
    .max(10080, 'must be a whole number of minutes from 0 to 10080')
    .default(15),
  VERSIONS_KEEP: z.coerce
    .number()
    .int(`must be 0 (keep every version) or a whole number from ${VERSIONS_KEEP_MIN}`)
    .refine(
      (n) => n === 0 || n >= VERSIONS_KEEP_MIN,
      `must be 0 (keep every version) or a whole number from ${VERSIONS_KEEP_MIN}`,
    )
    .default(VERSIONS_KEEP_DEFAULT),
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587'),
  ),
  SMTP_FROM: z.string().min(3).default('Streamdesk <no-reply@localhost>'),
  LOG_REQUESTS: optional(z.enum(['true', 'false'], 'must be true or false')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  FCM_BASE_URL: z.url('must be a URL').default('https://fcm.googleapis.com'),
  FCM_SERVICE_ACCOUNT_FILE: optional(z.string()),
  FCM_TOPIC: z
    .string()
    .regex(/^[a-zA-Z0-9-_.~%]{1,900}$/, 'must be an FCM topic name (letters, digits, -_.~%)')
    .default('all'),
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)'),
  ),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: or https: URL')),
  MEDIA_STORE: z.enum(['local', 's3'], 'must be local or s3').default('local'),
  S3_ENDPOINT: optional(z.url('must be a URL, e.g. https://s3.eu-west-1.amazonaws.com')),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)'),
  ),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_PUBLIC_URL: optional(z.url('must be a URL the bucket is publicly read at')),
  WEB_PUSH_ALLOWED_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com,push.microsoft.com',
    ),
});

/**
 * Whether `TRUST_PROXY` is a list Fastify can use: checked with the same parser Fastify's trustProxy uses
 * (proxy-addr: IPs, CIDR ranges, loopback/linklocal/uniquelocal), so a bad entry stops start-up here with
 * the variable's name rather than as a TypeError from Fastify.
 */
function isProxyList(value: string): boolean {
  try {
    proxyAddr.compile(value.split(',').map((entry) => entry.trim()));
    return true;
  } catch {
    return false;
  }
}

/** Fastify's `trustProxy`: off, on (whoever connects), or the proxies' addresses. */
function trustProxyOf(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((entry) => entry.trim());
}

/** An FCM service account, as read from its JSON key file. */
export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** Where the signed JWT is exchanged for an access token (from the file, so tests can fake it). */
  tokenUri: string;
}

export interface PushConfig {
  fcm: { baseUrl: string; topic: string; account: FcmServiceAccount | undefined };
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Hosts (and their subdomains) a browser subscription endpoint may point at. */
  webPushAllowedHosts: string[];
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiKey: string | undefined;
  payloadKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicLiveHost: string;
  /** PUBLIC_LIVE_HOST was set: otherwise copied live-match links name this server, which has no such page. */
  liveHostSet: boolean;
  playStoreUrl: string;
  reportTimeZone: string;
  /** App event batches accepted per client IP per minute; 0 turns the limit off (benchmarks). */
  eventsRateLimit: number;
  /**
   * How long an app event batch's `batchId` is remembered: a batch sent again within it counts nothing
   * (docs/decisions/0005-app-events.md). Never 0: an app sending ids relies on its retries being safe.
   */
  eventBatchWindowMs: number;
  /**
   * Whether the client IP comes from X-Forwarded-For (behind a TLS proxy). Off by default: anyone could
   * send the header. Behind a proxy without it, every client has the proxy's IP, and the per-IP limits
   * (events, push subscriptions, login) become one budget for everyone.
   */
  trustProxy: boolean | string[];
  /** A body that sends nothing for this long is cut off (platform/http/body-limits.ts). */
  uploadIdleMs: number;
  /** A JSON body must arrive whole within this; an upload within `uploadDeadlineMs`. */
  bodyDeadlineMs: number;
  uploadDeadlineMs: number;
  /** Uploads one client (address and session) may send at once. */
  uploadsPerClient: number;
  /** An unfinished resumable upload is removed this long after it was created (0045-resumable-uploads.md). */
  uploadExpiryMs: number;
  /**
   * Library videos this process processes at once (faststart, HLS ladder); 0 leaves them to other
   * processes (docs/decisions/0044-video-processing.md).
   */
  videoJobsAtOnce: number;
  /** SQLite's reader threads (db/sqlite-readers.ts); its default when undefined. */
  sqliteReaders: number | undefined;
  /** Their priority, nice 0-19 (db/sqlite-readers.ts); READERS_NICE when undefined. */
  sqliteReadersNice: number | undefined;
  /**
   * A sign-in's token stops working this long after the sign-in, however often it is used (besides the
   * 7 days of disuse): a stolen token is not good for ever.
   */
  sessionMaxMs: number;
  /** Activity entries older than this many days are removed by a daily job; 0 keeps them all. */
  activityRetentionDays: number;
  /** Days a deleted item stays in the trash before the daily purge removes it, files included. */
  trashRetentionDays: number;
  /** Versions kept of each settings record (controller, policy); the oldest go past it; 0 keeps them all. */
  versionsKeep: number;
  /** Scheduled work later than this when a server takes it (it was down) is marked missed, not run. */
  scheduleGraceMs: number;
  blockDevtools: boolean;
  logLevel: string;
  /**
   * Whether each request is logged (at info). Off by default: a line per request buried the start-up's
   * sign-in block in the terminal; warnings and errors are logged either way.
   */
  logRequests: boolean;
  webDistDir: string;
  push: PushConfig;
  /** Set-password links are also e-mailed when `url` is set (SMTP_URL). */
  mail: { url?: string; from: string };
  /** Where media live: DATA_DIR/media, or an S3-compatible bucket (docs/decisions/0046-object-storage.md). */
  mediaStore: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
}

/** An S3-compatible bucket (MEDIA_STORE=s3). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket is read publicly; media then redirect there rather than to presigned URLs. */
  publicUrl: string | undefined;
}

/** A config with the secrets resolved (given, or generated into DATA_DIR/secrets.json). */
export type ResolvedConfig = Config & { apiKey: string; payloadKey: string };

export class ConfigError extends Error {}

/** Parses the environment; the first bad variable stops start-up with one line naming it. */
/**
 * Lines the start-up prints about settings left at a default that only suits a try-out on this machine.
 * PUBLIC_LIVE_HOST unset: the Live Match screen's Copy link and the notification icons name
 * 127.0.0.1:8080, which no viewer or phone reaches, while the screen says the link was copied.
 */
export function startNotes(env: NodeJS.ProcessEnv = process.env): string[] {
  const notes: string[] = [];
  if (!env.PUBLIC_LIVE_HOST)
    notes.push(
      'PUBLIC_LIVE_HOST is not set: copied live match links and notification icons point at ' +
        `${publicLiveHostOf(envSchema.parse(env))}. Set it to the address viewers and phones reach.`,
    );
  return notes;
}

/**
 * PUBLIC_LIVE_HOST, or else the address the server listens on (HOST and PORT), so copied links work on a
 * default set-up; a wildcard HOST (0.0.0.0, ::) is named as 127.0.0.1, the address this machine reaches.
 * Read before listen: with PORT=0 the links name port 0, so such a set-up must set PUBLIC_LIVE_HOST.
 */
function publicLiveHostOf(e: z.output<typeof envSchema>): string {
  if (e.PUBLIC_LIVE_HOST) return e.PUBLIC_LIVE_HOST.replace(/\/+$/, '');
  const host = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${e.PORT}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`,
    );
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    apiKey: e.API_KEY,
    payloadKey: e.PAYLOAD_KEY?.toLowerCase(),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicLiveHost: publicLiveHostOf(e),
    liveHostSet: e.PUBLIC_LIVE_HOST !== undefined,
    playStoreUrl: e.PLAY_STORE_URL,
    reportTimeZone: e.REPORT_TIME_ZONE,
    eventsRateLimit: e.EVENTS_RATE_LIMIT,
    eventBatchWindowMs: e.EVENT_BATCH_WINDOW_MINUTES * 60_000,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    uploadIdleMs: e.UPLOAD_IDLE_SECONDS * 1000,
    bodyDeadlineMs: e.BODY_DEADLINE_SECONDS * 1000,
    uploadDeadlineMs: e.UPLOAD_DEADLINE_MINUTES * 60_000,
    uploadsPerClient: e.UPLOADS_PER_CLIENT,
    uploadExpiryMs: e.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000,
    videoJobsAtOnce: e.VIDEO_JOBS_AT_ONCE,
    sqliteReaders: e.SQLITE_READERS,
    sqliteReadersNice: e.SQLITE_READERS_NICE,
    sessionMaxMs: e.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    versionsKeep: e.VERSIONS_KEEP,
    scheduleGraceMs: e.SCHEDULE_GRACE_MINUTES * 60 * 1000,
    blockDevtools: e.BLOCK_DEVTOOLS ? e.BLOCK_DEVTOOLS === 'true' : e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS === 'true',
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    mail: { url: e.SMTP_URL, from: e.SMTP_FROM },
    mediaStore: mediaStoreOf(e),
    push: {
      fcm: {
        baseUrl: e.FCM_BASE_URL.replace(/\/+$/, ''),
        topic: e.FCM_TOPIC,
        account: e.FCM_SERVICE_ACCOUNT_FILE ? readServiceAccount(e.FCM_SERVICE_ACCOUNT_FILE) : undefined,
      },
      vapid: vapidOf(e),
      webPushAllowedHosts: e.WEB_PUSH_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
  };
}

/** MEDIA_STORE=s3 needs every S3_ setting but the public URL; each missing one is named. */
function mediaStoreOf(e: z.output<typeof envSchema>): Config['mediaStore'] {
  if (e.MEDIA_STORE === 'local') return { kind: 'local' };
  const required = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_REGION: e.S3_REGION,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required).filter(([, v]) => v === undefined);
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration: MEDIA_STORE=s3 needs ${missing.map(([k]) => k).join(', ')} to be set`,
    );
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

function vapidOf(e: z.output<typeof envSchema>): PushConfig['vapid'] {
  const given = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter((v) => v !== undefined);
  if (given.length === 0) return undefined;
  if (given.length !== 3) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together',
    );
  }
  return { publicKey: e.VAPID_PUBLIC_KEY!, privateKey: e.VAPID_PRIVATE_KEY!, subject: e.VAPID_SUBJECT! };
}

const serviceAccountSchema = z.object({
  project_id: z.string().min(1, 'has no project_id'),
  client_email: z.string().min(1, 'has no client_email'),
  private_key: z.string().min(1, 'has no private_key'),
  token_uri: z.url('has no token_uri URL').default('https://oauth2.googleapis.com/token'),
});

/** Reads and checks a service-account key file, so a bad one stops start-up rather than every send. */
export function readServiceAccount(file: string): FcmServiceAccount {
  const fail = (why: string) =>
    new ConfigError(`Invalid configuration: FCM_SERVICE_ACCOUNT_FILE ${why} (got ${JSON.stringify(file)})`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(`is not a readable JSON file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) throw fail(parsed.error.issues[0]!.message);
  try {
    createPrivateKey(parsed.data.private_key);
  } catch {
    throw fail('has a private_key that is not a PEM private key');
  }
  return {
    projectId: parsed.data.project_id,
    clientEmail: parsed.data.client_email,
    privateKey: parsed.data.private_key,
    tokenUri: parsed.data.token_uri,
  };
}
