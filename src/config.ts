/**
 * Runtime configuration, read from environment variables only (12-factor) and validated once at
 * start so that a typo fails loudly instead of silently falling back to a default.
 */
export interface Config {
  port: number
  host: string
  /** `sqlite:PATH` or `postgres://...`; the embedded SQLite file is the default. */
  databaseUrl: string
  redisUrl: string | null
  logLevel: string
  rateLimitPerMinute: number
  /** Whose X-Forwarded-For to believe: false (default), true (any), or a list of addresses/CIDRs. */
  trustProxy: boolean | string
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

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false
  if (raw === 'true') return true
  if (/^[0-9a-fA-F.:/, ]+$/.test(raw)) return raw
  throw new ConfigError(`TRUST_PROXY must be true, false or a list of proxy addresses/CIDRs, got "${raw}"`)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${databaseUrl}"`)
  }
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
    redisUrl,
    logLevel,
    rateLimitPerMinute: positiveInteger('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 300, 10_000_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  }
}
