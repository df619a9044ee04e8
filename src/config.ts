/**
 * Runtime configuration, read from environment variables only (12-factor) and validated once at
 * start so that a typo fails loudly instead of silently falling back to a default.
 */
import { parseSecretsKey } from './lib/secret-box.js'

export interface Config {
  port: number
  host: string
  /** `sqlite:PATH` or `postgres://...`; the embedded SQLite file is the default. */
  databaseUrl: string
  /**
   * `DATABASE_READ_URL`: a PostgreSQL replica for the heavy reads
   * (docs/decisions/0021-failover-and-read-replicas.md), and `DATABASE_READ_MAX_LAG_SECONDS`,
   * beyond which it is passed over; null: every read on the primary.
   */
  readReplica: { url: string; maxLagSeconds: number } | null
  redisUrl: string | null
  logLevel: string
  rateLimitPerMinute: number
  /**
   * Whose X-Forwarded-For to believe: undefined (nobody, the default), a number of proxy hops in
   * front of the service, or a comma-separated list of the proxies' addresses/CIDRs.
   */
  trustProxy: number | string | undefined
  /** Browser origins allowed by CORS; empty: CORS off. */
  corsOrigins: string[]
  timeouts: ServerTimeouts
  /** Open connections accepted at once; more are refused by the server. */
  maxConnections: number
  /** On SIGTERM, how long in-flight requests may take to finish before the process exits anyway. */
  shutdownGraceMs: number
  webhooks: WebhooksConfig
  load: LoadConfig
  accounts: AccountsConfig
  /**
   * `SECRETS_KEY` (32 random bytes, base64 or hex): seals the secrets the service reads back, such
   * as a company's OpenID client secret; `SECRETS_KEY_PREVIOUS` (comma-separated) still opens what
   * older keys sealed. Null: such secrets cannot be stored.
   */
  secretsKeys: { current: Buffer; previous: Buffer[] } | null
  /** `SSO_ALLOW_PRIVATE_NETWORKS`: companies' identity providers may be on private networks (and http on loopback). */
  ssoAllowPrivateNetworks: boolean
  /** Web Push of reminders to the app (docs/decisions/0026-reminders.md). */
  push: PushConfig
}

export interface PushConfig {
  /**
   * `VAPID_SUBJECT`: the operator's contact that push services see (`mailto:` or `https:`); null:
   * PUBLIC_URL when it is https, else a postmaster address at its host.
   */
  subject: string | null
  /** `PUSH_ALLOW_PRIVATE_NETWORKS`: subscriptions may point at private and loopback addresses, over http too. */
  allowPrivateNetworks: boolean
}

/** People signing in (docs/decisions/0016-accounts-and-sign-in.md). */
export interface AccountsConfig {
  /** `PUBLIC_URL`: where people reach the service; links in mails start with it, https makes cookies Secure. */
  publicUrl: string | null
  /** `SMTP_URL`: invitations and resets go by mail through it; null: invitations answer their link. */
  smtpUrl: string | null
  /** `MAIL_FROM`: the sender of those mails. */
  mailFrom: string
  /** `SESSION_IDLE_HOURS`: a session unused this long ends (12 by default). */
  sessionIdleHours: number
  /** `SESSION_MAX_HOURS`: a session ends this long after its sign-in, however active (12 by default, at most 720). */
  sessionMaxHours: number
}

export interface LoadConfig {
  /** Shed new API requests (503 overloaded) while the event loop lags behind by more than this (ms)... */
  maxLagMs: number
  /** ...and at least this many API requests are in flight already: a lone request is never shed. */
  queueingInFlight: number
  /** Expensive reads (summaries, reports, exports, batches) one key may have running at once. */
  expensivePerKey: number
  /** When set, `GET /metrics` needs `Authorization: Bearer <token>`. */
  metricsToken: string | null
  /** When set, the metrics are served on this port alone, not on the API's. */
  metricsPort: number | null
}

export interface WebhooksConfig {
  /** Subscriptions may point at private, loopback and link-local addresses, and use plain http. */
  allowPrivateNetworks: boolean
  /** Whether `jornada serve` also delivers webhooks; off when `jornada webhooks work` runs apart. */
  dispatchInServe: boolean
}

export interface ServerTimeouts {
  /** A whole request (headers and body) must arrive within this; then 408 and the socket closes. */
  requestMs: number
  /** The headers must arrive within this. */
  headersMs: number
  /** A socket with no traffic for this long is closed. */
  idleMs: number
  /** How long an idle keep-alive connection is kept open between requests. */
  keepAliveMs: number
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
}

export const DEFAULT_LOAD_CONFIG: LoadConfig = {
  maxLagMs: 300,
  queueingInFlight: 32,
  expensivePerKey: 2,
  metricsToken: null,
  metricsPort: null,
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/jornada.db'
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export class ConfigError extends Error {}

function positiveInteger(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number between 1 and ${max}, got "${raw}"`)
  }
  return Number(raw)
}

/**
 * `true` would believe the left-most X-Forwarded-For address, which the client writes itself, so
 * anyone could pick the address that rate limiting counts. It is refused: name the hop count or
 * the proxies, and the right-most address they did not add is the client's.
 */
function parseTrustProxy(raw: string | undefined): number | string | undefined {
  if (raw === undefined || raw === '' || raw === 'false') return undefined
  if (raw === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust any client-written X-Forwarded-For; set the number of proxies in front of the service (e.g. TRUST_PROXY=1) or their addresses/CIDRs (e.g. TRUST_PROXY=10.0.0.0/8)',
    )
  }
  if (/^\d+$/.test(raw)) return positiveInteger('TRUST_PROXY', raw, 1, 10)
  if (/^[0-9a-fA-F.:/, ]+$/.test(raw) && /[.:]/.test(raw)) return raw
  throw new ConfigError(
    `TRUST_PROXY must be a number of proxy hops (1-10) or a list of proxy addresses/CIDRs, got "${raw}"`,
  )
}

function metricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null
  // A bearer token travels in a header: printable ASCII with no spaces; short ones are guessable.
  if (!/^[\x21-\x7e]{16,256}$/.test(raw))
    throw new ConfigError('METRICS_TOKEN must be 16 to 256 printable characters without spaces')
  return raw
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback
  if (raw === 'true') return true
  if (raw === 'false') return false
  throw new ConfigError(`${name} must be true or false, got "${raw}"`)
}

function origins(raw: string | undefined): string[] {
  if (!raw) return []
  const list = raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  for (const origin of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError(`CORS_ORIGINS must list origins such as https://app.example.com, got "${origin}"`)
  }
  return list
}

function publicUrl(raw: string | undefined): string | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`PUBLIC_URL must be a URL such as https://jornada.example.com, got "${raw}"`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`PUBLIC_URL must start with https:// (or http:// for a trial), got "${raw}"`)
  return raw.replace(/\/+$/, '')
}

function accountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const smtpUrl = env.SMTP_URL || null
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError(
      `SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')}"`,
    )
  const url = publicUrl(env.PUBLIC_URL)
  // Links in mails must not take their host from a request's Host header, which anyone can set.
  if (smtpUrl && !url) throw new ConfigError('SMTP_URL needs PUBLIC_URL: the links in mails are made from it')
  const mailFrom = env.MAIL_FROM || 'Jornada <no-reply@localhost>'
  if (smtpUrl && !env.MAIL_FROM) throw new ConfigError('SMTP_URL needs MAIL_FROM, the sender of the mails')
  return {
    publicUrl: url,
    smtpUrl,
    mailFrom,
    sessionIdleHours: positiveInteger('SESSION_IDLE_HOURS', env.SESSION_IDLE_HOURS, 12, 720),
    sessionMaxHours: positiveInteger('SESSION_MAX_HOURS', env.SESSION_MAX_HOURS, 12, 720),
  }
}

function vapidSubject(raw: string | undefined): string | null {
  if (!raw) return null
  let url: URL | null = null
  try {
    url = new URL(raw)
  } catch {}
  if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:'))
    throw new ConfigError(
      `VAPID_SUBJECT must be a mailto: or https: URL that push services can reach the operator at, got "${raw}"`,
    )
  return raw
}

function secretsKeys(env: NodeJS.ProcessEnv): Config['secretsKeys'] {
  const parse = (name: string, text: string) => {
    const key = parseSecretsKey(text)
    if (!key)
      throw new ConfigError(`${name} must be 32 random bytes in base64 (openssl rand -base64 32) or 64 hex digits`)
    return key
  }
  const previous = (env.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parse('SECRETS_KEY_PREVIOUS', k))
  if (!env.SECRETS_KEY) {
    if (previous.length > 0)
      throw new ConfigError('SECRETS_KEY_PREVIOUS needs SECRETS_KEY, the key that seals from now on')
    return null
  }
  return { current: parse('SECRETS_KEY', env.SECRETS_KEY), previous }
}

function readReplicaConfig(env: NodeJS.ProcessEnv, databaseUrl: string): Config['readReplica'] {
  const url = env.DATABASE_READ_URL || null
  if (!url) {
    if (env.DATABASE_READ_MAX_LAG_SECONDS)
      throw new ConfigError('DATABASE_READ_MAX_LAG_SECONDS needs DATABASE_READ_URL, the replica it bounds')
    return null
  }
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new ConfigError(`DATABASE_READ_URL must start with postgres://, got "${url.replace(/\/\/.*@/, '//…@')}"`)
  if (/[?&]target_session_attrs=read-write(&|$)/.test(url))
    throw new ConfigError(
      'DATABASE_READ_URL names a replica, which never takes writes: drop target_session_attrs=read-write',
    )
  if (databaseUrl.startsWith('sqlite:'))
    throw new ConfigError('DATABASE_READ_URL needs a PostgreSQL DATABASE_URL: a replica copies a PostgreSQL primary')
  const maxLagSeconds = positiveInteger('DATABASE_READ_MAX_LAG_SECONDS', env.DATABASE_READ_MAX_LAG_SECONDS, 30, 86_400)
  return { url, maxLagSeconds }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${databaseUrl}"`)
  }
  const readReplica = readReplicaConfig(env, databaseUrl)
  const redisUrl = env.REDIS_URL || null
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${redisUrl}"`)
  }
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  }
  return {
    port: positiveInteger('PORT', env.PORT, 3000, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    readReplica,
    redisUrl,
    logLevel,
    rateLimitPerMinute: positiveInteger('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 300, 10_000_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: origins(env.CORS_ORIGINS),
    timeouts: {
      requestMs: positiveInteger('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, DEFAULT_TIMEOUTS.requestMs, 3_600_000),
      headersMs: positiveInteger('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, DEFAULT_TIMEOUTS.headersMs, 3_600_000),
      idleMs: positiveInteger('IDLE_TIMEOUT_MS', env.IDLE_TIMEOUT_MS, DEFAULT_TIMEOUTS.idleMs, 3_600_000),
      keepAliveMs: positiveInteger(
        'KEEP_ALIVE_TIMEOUT_MS',
        env.KEEP_ALIVE_TIMEOUT_MS,
        DEFAULT_TIMEOUTS.keepAliveMs,
        3_600_000,
      ),
    },
    maxConnections: positiveInteger('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 10_000, 1_000_000),
    shutdownGraceMs: positiveInteger('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000, 3_600_000),
    load: {
      maxLagMs: positiveInteger('OVERLOAD_LAG_MS', env.OVERLOAD_LAG_MS, DEFAULT_LOAD_CONFIG.maxLagMs, 60_000),
      queueingInFlight: positiveInteger(
        'OVERLOAD_IN_FLIGHT',
        env.OVERLOAD_IN_FLIGHT,
        DEFAULT_LOAD_CONFIG.queueingInFlight,
        100_000,
      ),
      expensivePerKey: positiveInteger(
        'EXPENSIVE_REQUESTS_PER_KEY',
        env.EXPENSIVE_REQUESTS_PER_KEY,
        DEFAULT_LOAD_CONFIG.expensivePerKey,
        1000,
      ),
      metricsToken: metricsToken(env.METRICS_TOKEN),
      metricsPort: env.METRICS_PORT ? positiveInteger('METRICS_PORT', env.METRICS_PORT, 9100, 65535) : null,
    },
    webhooks: {
      allowPrivateNetworks: flag('WEBHOOKS_ALLOW_PRIVATE_NETWORKS', env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS, false),
      dispatchInServe: flag('WEBHOOKS_DISPATCH', env.WEBHOOKS_DISPATCH, true),
    },
    accounts: accountsConfig(env),
    secretsKeys: secretsKeys(env),
    ssoAllowPrivateNetworks: flag('SSO_ALLOW_PRIVATE_NETWORKS', env.SSO_ALLOW_PRIVATE_NETWORKS, false),
    push: {
      subject: vapidSubject(env.VAPID_SUBJECT),
      allowPrivateNetworks: flag('PUSH_ALLOW_PRIVATE_NETWORKS', env.PUSH_ALLOW_PRIVATE_NETWORKS, false),
    },
  }
}
