import * as v from 'valibot'

const Port = v.pipe(
  v.optional(v.string(), '3000'),
  v.transform(Number),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0–65535'),
  v.maxValue(65535, 'must be 0–65535'),
)
const Flag = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), 'false'),
  v.transform((value) => value === 'true' || value === '1'),
)
const Host = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.nonEmpty('must not be empty'))

/** The process's environment, validated once at start (DESIGN §3). */
const ConfigSchema = v.object({
  PORT: Port,
  HOST: v.optional(v.string(), '::'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  // An empty DATABASE_URL means "not set": the embedded PGlite is used.
  DATABASE_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.trim() || undefined),
    v.union([v.undefined(), v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))]),
  ),
  BASE_DOMAIN: v.optional(Host, 'localhost'),
  LANDLORD_HOST: v.optional(Host, 'admin.localhost'),
  TRUST_PROXY: Flag,
  STATIC_DIR: v.optional(v.string(), './dist'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  RATE_LIMIT_MAX: v.pipe(v.optional(v.string(), '600'), v.transform(Number), v.integer(), v.minValue(1)),
  // Per IP and minute on login, username checks, recovery and codes.
  AUTH_RATE_LIMIT_MAX: v.pipe(v.optional(v.string(), '20'), v.transform(Number), v.integer(), v.minValue(1)),
  // Signs access tokens. Unset: a random secret is made once and kept in DATA_DIR (development).
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must have at least 32 characters'))),
  // Long enough that "60 minutes or fewer remaining counts as expired" leaves a working shift.
  ACCESS_TOKEN_HOURS: v.pipe(
    v.optional(v.string(), '12'),
    v.transform(Number),
    v.number(),
    v.minValue(2, 'must be at least 2'),
  ),
  REFRESH_TOKEN_DAYS: v.pipe(v.optional(v.string(), '30'), v.transform(Number), v.integer(), v.minValue(1)),
  // smtp://user:pass@host:port; unset: mail goes to the log and DATA_DIR/dev-mailbox.jsonl.
  SMTP_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.trim() || undefined),
    v.union([v.undefined(), v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// URL'))]),
  ),
  MAIL_FROM: v.optional(v.string(), 'Salud Ocupacional <no-reply@localhost>'),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  baseDomain: string
  landlordHost: string
  trustProxy: boolean
  staticDir: string
  logLevel: string
  rateLimitMax: number
  authRateLimitMax: number
  jwtSecret: string | undefined
  accessTokenHours: number
  refreshTokenDays: number
  smtpUrl: string | undefined
  mailFrom: string
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined))
  const result = v.safeParse(ConfigSchema, present)
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const c = result.output
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    baseDomain: c.BASE_DOMAIN,
    landlordHost: c.LANDLORD_HOST,
    trustProxy: c.TRUST_PROXY,
    staticDir: c.STATIC_DIR,
    logLevel: c.LOG_LEVEL,
    rateLimitMax: c.RATE_LIMIT_MAX,
    authRateLimitMax: c.AUTH_RATE_LIMIT_MAX,
    jwtSecret: c.JWT_SECRET,
    accessTokenHours: c.ACCESS_TOKEN_HOURS,
    refreshTokenDays: c.REFRESH_TOKEN_DAYS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
  }
}
